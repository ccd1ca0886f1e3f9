/**
 * bench:dispatch (issue 26): one e-mail shot of BENCH_RECIPIENTS recipients (default 100,000) sent
 * on PostgreSQL to a local SMTP server this bench starts, every message DKIM-signed by the sender
 * domain. A fresh database (BENCH_DISPATCH_DATABASE_URL, default …/mandato_bench_dispatch) per run;
 * the dispatch workers are server-like processes (apps/server/src/test/shot-dispatch-worker-child.ts,
 * as the login role, the shot's lanes enqueued as the freeze enqueues them). Runs once with one
 * process and once with two, and prints side by side: messages/s, duplicates (a recipient received
 * more than once), lost (SENT but never received, or not SENT), peak RSS of the workers.
 * Target: ≥ 500 messages/s.
 */
import { spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { SMTPServer } from 'smtp-server';
import {
  SHOT_DISPATCH_LANES,
  shotDispatchQueue,
} from '../../apps/server/src/modules/shots/shot-dispatch.queue.ts';
import { loadConfig } from '../../apps/server/src/platform/config/config.ts';
import { migrate } from '../../apps/server/src/platform/db/migrate.ts';
import { withTenant } from '../../apps/server/src/platform/db/tenancy.ts';
import { enqueue } from '../../apps/server/src/platform/jobs/queue.ts';
import { buildFrozenShot, buildSendingDomain } from '../../apps/server/src/test/shot-factories.ts';
import {
  benchDatabase,
  createBenchTenant,
  log,
  openBenchDatabase,
  recreateDatabase,
  seconds,
} from '../lib/bench-database.ts';

const TARGET = benchDatabase('BENCH_DISPATCH_DATABASE_URL', 'mandato_bench_dispatch');
const RECIPIENTS = Number(process.env.BENCH_RECIPIENTS ?? 100_000);
const TARGET_RATE = 500;
const CHILD = path.resolve(import.meta.dirname, '../../apps/server/src/test/shot-dispatch-worker-child.ts');

/** An SMTP sink: counts the messages each recipient got (and their Message-IDs), keeps no body. */
async function startSink() {
  const received = new Map<string, number>();
  const messageIds = new Map<string, Set<string>>();
  let total = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let head = '';
      stream.on('data', (c: Buffer) => {
        if (head.length < 8192) head += c.toString('latin1');
      });
      stream.on('end', () => {
        const id = /^Message-ID: (<[^>]+>)/im.exec(head)?.[1] ?? '?';
        for (const r of session.envelope.rcptTo) {
          received.set(r.address, (received.get(r.address) ?? 0) + 1);
          const ids = messageIds.get(r.address) ?? new Set<string>();
          ids.add(id);
          messageIds.set(r.address, ids);
        }
        total++;
        callback();
      });
    },
  });
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    messageIds,
    total: () => total,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** One dispatch process to the end; answers its peak RSS (MB) and the CPU time it used (ms). */
function runWorker(env: Record<string, string | undefined>): Promise<{ rssMb: number; cpuMs: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout?.on('data', (c: Buffer) => {
    out += c.toString();
  });
  child.stderr?.on('data', (c: Buffer) => {
    err += c.toString();
  });
  return new Promise((resolve, reject) =>
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`worker saiu com ${code}: ${err.slice(0, 2000)}`));
      resolve({
        rssMb: Number(/rss (\d+)/.exec(out)?.[1] ?? 0) / 1024,
        cpuMs: Number(/cpu (\d+)/.exec(out)?.[1] ?? 0),
      });
    }),
  );
}

interface Result {
  processes: number;
  rate: number;
  duplicates: number;
  lost: number;
  otherIds: number;
  peakRssMb: number;
  elapsedMs: number;
  /** CPU per message of the dispatch processes and of the SMTP sink: the machine's share tells the rate */
  workerCpuMs: number;
  sinkCpuMs: number;
}

async function runOnce(processes: number): Promise<Result> {
  log(`banco ${TARGET.name}: recriando e migrando (${processes} processo(s))`);
  await recreateDatabase(TARGET);
  let db = await openBenchDatabase(TARGET);
  await migrate(db);
  const app = { db, config: loadConfig({ NODE_ENV: 'production', DATABASE_URL: TARGET.appUrl }) };
  const { tenantId } = await createBenchTenant(db, {
    slug: 'bench-dispatch',
    email: 'bench@exemplo.com.br',
    password: 'bench-senha-1',
    permissions: ['ROLE_MARKETING'] as never,
  });
  const domain = await buildSendingDomain(app, tenantId, 'envio.exemplo.com.br');
  const addresses = Array.from({ length: RECIPIENTS }, (_, i) => `p${i}@d${i % 50}.exemplo.com.br`);
  log(`congelando ${RECIPIENTS.toLocaleString('pt-BR')} destinatários`);
  const { shotId, recipients } = await buildFrozenShot(app, tenantId, {
    senderId: domain.senderId,
    addresses,
  });
  for (let lane = 0; lane < SHOT_DISPATCH_LANES; lane++)
    await enqueue(
      db.kysely,
      shotDispatchQueue,
      { tenantId, shotId, lane },
      { singletonKey: `shot:${shotId}:${lane}` },
    );
  await db.close();

  const sink = await startSink();
  const env = {
    ...process.env,
    CHILD_PG_URL: TARGET.appUrl,
    CHILD_PG_OWNER_URL: TARGET.ownerUrl,
    CHILD_SMTP_URL: sink.url,
    CHILD_TENANT: tenantId,
    CHILD_SHOT: shotId,
    CHILD_QUIET: '1',
    CHILD_BATCH: process.env.BENCH_BATCH ?? '100',
    CHILD_IN_FLIGHT: process.env.BENCH_IN_FLIGHT ?? '16',
    CHILD_SMTP_CONNECTIONS: process.env.BENCH_SMTP_CONNECTIONS ?? '8',
    CHILD_LEASE_SECONDS: '120',
    CHILD_LOCK_SECONDS: '300',
  };
  log(`enviando com ${processes} processo(s)`);
  const started = performance.now();
  const sinkCpu = process.cpuUsage();
  const usage = await Promise.all(Array.from({ length: processes }, () => runWorker(env)));
  const elapsedMs = performance.now() - started;
  const sinkUsed = process.cpuUsage(sinkCpu);
  await sink.close();

  db = await openBenchDatabase(TARGET);
  const sent = new Set(
    (
      await withTenant(db, tenantId, (ctx) =>
        ctx.trx
          .selectFrom('mkt_shot_recipients')
          .select('address')
          .where('shot_id', '=', shotId)
          .where('status', '=', 'SENT')
          .execute(),
      )
    ).map((r) => r.address),
  );
  await db.close();
  let duplicates = 0;
  let lost = 0;
  let otherIds = 0;
  for (const r of recipients) {
    const n = sink.received.get(r.address) ?? 0;
    if (n === 0 || !sent.has(r.address)) lost++;
    duplicates += Math.max(0, n - 1);
    const ids = sink.messageIds.get(r.address);
    if (ids && (ids.size !== 1 || !ids.has(`<${r.linkId}@${domain.name}>`))) otherIds++;
  }
  return {
    processes,
    rate: RECIPIENTS / (elapsedMs / 1000),
    duplicates,
    lost,
    otherIds,
    peakRssMb: Math.max(...usage.map((u) => u.rssMb)),
    elapsedMs,
    workerCpuMs: usage.reduce((sum, u) => sum + u.cpuMs, 0) / RECIPIENTS,
    sinkCpuMs: (sinkUsed.user + sinkUsed.system) / 1000 / RECIPIENTS,
  };
}

async function main() {
  const results = [await runOnce(1), await runOnce(2)];
  console.log(`\nbench:dispatch — ${RECIPIENTS.toLocaleString('pt-BR')} destinatários, DKIM, PostgreSQL`);
  console.log(
    'processos | msgs/s | tempo   | duplicados | perdidos | Message-ID errado | pico RSS (MB, por processo) | CPU/msg envio + servidor SMTP',
  );
  for (const r of results)
    console.log(
      `${String(r.processes).padStart(9)} | ${r.rate.toFixed(0).padStart(6)} | ${seconds(r.elapsedMs).padStart(7)} | ${String(r.duplicates).padStart(10)} | ${String(r.lost).padStart(8)} | ${String(r.otherIds).padStart(17)} | ${r.peakRssMb.toFixed(0).padStart(27)} | ${r.workerCpuMs.toFixed(2)} ms + ${r.sinkCpuMs.toFixed(2)} ms`,
    );
  const best = Math.max(...results.map((r) => r.rate));
  console.log(`meta ≥ ${TARGET_RATE} msgs/s: ${best >= TARGET_RATE ? 'atingida' : 'NÃO atingida'}`);
  console.log(
    `carga da máquina (1 min) ao terminar: ${os.loadavg()[0]?.toFixed(1)} em ${os.cpus().length} núcleos`,
  );
  if (results.some((r) => r.duplicates > 0 || r.lost > 0 || r.otherIds > 0)) process.exitCode = 1;
}

await main();
