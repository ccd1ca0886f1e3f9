/**
 * bench:dispatch (issues 26 and 27): one shot of BENCH_RECIPIENTS recipients (default 100,000) sent
 * on PostgreSQL, per channel: e-mail to a local SMTP server this bench starts, every message
 * DKIM-signed by the sender domain; SMS to the local provider server (the Zenvia v2 contract,
 * apps/server/src/test/sms-provider-server.ts) through the real HTTP client. A fresh database
 * (BENCH_DISPATCH_DATABASE_URL, default …/mandato_bench_dispatch) per run; the dispatch workers are
 * server-like processes (apps/server/src/test/shot-dispatch-worker-child.ts, as the login role, the
 * shot's lanes enqueued as the freeze enqueues them). E-mail runs with one process and with two, SMS
 * with one (BENCH_SMS_PROCESSES); BENCH_CHANNELS=email or sms runs one channel. Prints side by side:
 * messages/s, duplicates (a recipient received more than once), lost (SENT but never received, or
 * not SENT), peak RSS of the workers. Target: ≥ 500 messages/s on each channel.
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
import { startSmsProviderServer } from '../../apps/server/src/test/sms-provider-server.ts';
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
  // BENCH_CHILD_NODE_ARGS: node options of the workers (e.g. --cpu-prof --cpu-prof-dir=/tmp/prof)
  const nodeArgs = process.env.BENCH_CHILD_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', CHILD], {
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
  channel: 'e-mail' | 'SMS';
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

/** A fresh database with the bench's tenant. */
async function freshTenant(processes: number, channel: Result['channel']) {
  log(`banco ${TARGET.name}: recriando e migrando (${channel}, ${processes} processo(s))`);
  await recreateDatabase(TARGET);
  const db = await openBenchDatabase(TARGET);
  await migrate(db);
  const app = { db, config: loadConfig({ NODE_ENV: 'production', DATABASE_URL: TARGET.appUrl }) };
  const { tenantId } = await createBenchTenant(db, {
    slug: 'bench-dispatch',
    email: 'bench@exemplo.com.br',
    password: 'bench-senha-1',
    permissions: ['ROLE_MARKETING'] as never,
  });
  return { db, app, tenantId };
}

async function enqueueLanes(
  db: Awaited<ReturnType<typeof openBenchDatabase>>,
  tenantId: string,
  shotId: string,
) {
  for (let lane = 0; lane < SHOT_DISPATCH_LANES; lane++)
    await enqueue(
      db.kysely,
      shotDispatchQueue,
      { tenantId, shotId, lane },
      { singletonKey: `shot:${shotId}:${lane}` },
    );
}

/** The worker children's environment, as a server has it. */
const workerEnv = (tenantId: string, shotId: string, extra: Record<string, string>) => ({
  ...process.env,
  CHILD_PG_URL: TARGET.appUrl,
  CHILD_PG_OWNER_URL: TARGET.ownerUrl,
  CHILD_TENANT: tenantId,
  CHILD_SHOT: shotId,
  CHILD_QUIET: '1',
  CHILD_BATCH: process.env.BENCH_BATCH ?? '100',
  CHILD_IN_FLIGHT: process.env.BENCH_IN_FLIGHT ?? '16',
  CHILD_LEASE_SECONDS: '120',
  CHILD_LOCK_SECONDS: '300',
  ...extra,
});

async function sentAddresses(tenantId: string, shotId: string) {
  const db = await openBenchDatabase(TARGET);
  const rows = await withTenant(db, tenantId, (ctx) =>
    ctx.trx
      .selectFrom('mkt_shot_recipients')
      .select(['address', 'provider_message_id'])
      .where('shot_id', '=', shotId)
      .where('status', '=', 'SENT')
      .execute(),
  );
  await db.close();
  return new Map(rows.map((r) => [r.address, r.provider_message_id]));
}

async function runEmail(processes: number): Promise<Result> {
  const { db, app, tenantId } = await freshTenant(processes, 'e-mail');
  const domain = await buildSendingDomain(app, tenantId, 'envio.exemplo.com.br');
  const addresses = Array.from({ length: RECIPIENTS }, (_, i) => `p${i}@d${i % 50}.exemplo.com.br`);
  log(`congelando ${RECIPIENTS.toLocaleString('pt-BR')} destinatários`);
  const { shotId, recipients } = await buildFrozenShot(app, tenantId, {
    senderId: domain.senderId,
    addresses,
  });
  await enqueueLanes(db, tenantId, shotId);
  await db.close();

  const sink = await startSink();
  const env = workerEnv(tenantId, shotId, {
    CHILD_SMTP_URL: sink.url,
    CHILD_SMTP_CONNECTIONS: process.env.BENCH_SMTP_CONNECTIONS ?? '8',
  });
  log(`enviando e-mail com ${processes} processo(s)`);
  const started = performance.now();
  const sinkCpu = process.cpuUsage();
  const usage = await Promise.all(Array.from({ length: processes }, () => runWorker(env)));
  const elapsedMs = performance.now() - started;
  const sinkUsed = process.cpuUsage(sinkCpu);
  await sink.close();

  const sent = await sentAddresses(tenantId, shotId);
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
    channel: 'e-mail',
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

/**
 * SMS: the provider server in this process (it keeps each message once per idempotency key and
 * counts every call); duplicates are numbers it took more than one message for, lost those with no
 * message or not SENT with that message's id. "Message-ID errado" here: a message under another key.
 */
async function runSms(processes: number): Promise<Result> {
  const { db, tenantId } = await freshTenant(processes, 'SMS');
  await withTenant(db, tenantId, (ctx) =>
    ctx.trx
      .insertInto('mkt_sms_settings')
      .values({ tenant_id: tenantId, sender_identification: 'Gab. Bench', quiet_hours: 'off' })
      .execute(),
  );
  const addresses = Array.from({ length: RECIPIENTS }, (_, i) => `55619${String(i).padStart(8, '0')}`);
  log(`congelando ${RECIPIENTS.toLocaleString('pt-BR')} destinatários de SMS`);
  const { shotId, recipients } = await buildFrozenShot({ db }, tenantId, {
    channel: 'SMS',
    content: 'Ola {{primeiro_nome}}, audiencia publica amanha as 9h na Camara.',
    addresses,
  });
  await enqueueLanes(db, tenantId, shotId);
  await db.close();

  const provider = await startSmsProviderServer();
  const env = workerEnv(tenantId, shotId, { CHILD_SMS_URL: provider.url, CHILD_SMS_TOKEN: provider.token });
  log(`enviando SMS com ${processes} processo(s)`);
  const started = performance.now();
  const serverCpu = process.cpuUsage();
  const usage = await Promise.all(Array.from({ length: processes }, () => runWorker(env)));
  const elapsedMs = performance.now() - started;
  const serverUsed = process.cpuUsage(serverCpu);
  const accepted = [...provider.accepted];
  await provider.close();

  const sent = await sentAddresses(tenantId, shotId);
  const byNumber = new Map<string, typeof accepted>();
  for (const m of accepted) byNumber.set(m.to, [...(byNumber.get(m.to) ?? []), m]);
  let duplicates = 0;
  let lost = 0;
  let otherIds = 0;
  for (const r of recipients) {
    const got = byNumber.get(r.address) ?? [];
    duplicates += Math.max(0, got.length - 1);
    if (got.length === 0 || sent.get(r.address) !== got[0]?.id) lost++;
    if (got.some((m) => m.externalId !== r.linkId)) otherIds++;
  }
  return {
    channel: 'SMS',
    processes,
    rate: RECIPIENTS / (elapsedMs / 1000),
    duplicates,
    lost,
    otherIds,
    peakRssMb: Math.max(...usage.map((u) => u.rssMb)),
    elapsedMs,
    workerCpuMs: usage.reduce((sum, u) => sum + u.cpuMs, 0) / RECIPIENTS,
    sinkCpuMs: (serverUsed.user + serverUsed.system) / 1000 / RECIPIENTS,
  };
}

async function main() {
  const channels = (process.env.BENCH_CHANNELS ?? 'email,sms').split(',');
  const results: Result[] = [];
  if (channels.includes('email')) results.push(await runEmail(1), await runEmail(2));
  if (channels.includes('sms')) results.push(await runSms(Number(process.env.BENCH_SMS_PROCESSES ?? 1)));
  console.log(`\nbench:dispatch — ${RECIPIENTS.toLocaleString('pt-BR')} destinatários por envio, PostgreSQL`);
  console.log(
    'canal  | processos | msgs/s | tempo   | duplicados | perdidos | Message-ID/chave errado | pico RSS (MB, por processo) | CPU/msg envio + servidor (SMTP/provedor)',
  );
  for (const r of results)
    console.log(
      `${r.channel.padEnd(6)} | ${String(r.processes).padStart(9)} | ${r.rate.toFixed(0).padStart(6)} | ${seconds(r.elapsedMs).padStart(7)} | ${String(r.duplicates).padStart(10)} | ${String(r.lost).padStart(8)} | ${String(r.otherIds).padStart(23)} | ${r.peakRssMb.toFixed(0).padStart(27)} | ${r.workerCpuMs.toFixed(2)} ms + ${r.sinkCpuMs.toFixed(2)} ms`,
    );
  for (const channel of ['e-mail', 'SMS'] as const) {
    const rates = results.filter((r) => r.channel === channel).map((r) => r.rate);
    if (rates.length === 0) continue;
    const best = Math.max(...rates);
    console.log(
      `${channel}: meta ≥ ${TARGET_RATE} msgs/s ${best >= TARGET_RATE ? 'atingida' : 'NÃO atingida'}`,
    );
  }
  console.log(
    `carga da máquina (1 min) ao terminar: ${os.loadavg()[0]?.toFixed(1)} em ${os.cpus().length} núcleos`,
  );
  if (results.some((r) => r.duplicates > 0 || r.lost > 0 || r.otherIds > 0)) process.exitCode = 1;
}

await main();
