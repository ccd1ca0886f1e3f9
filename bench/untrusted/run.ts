/**
 * npm run bench:untrusted — hostile e-mail bodies against the real server (issue 38, items 1 and 2):
 * for each payload, the time to answer and the status, whether the server is still up, its peak RSS
 * and heap, and another tenant's latency while the hostile request is in flight.
 *
 * Settings (environment):
 *   BENCH_ENGINES         pglite and/or postgres (default: pglite, and postgres when
 *                         BENCH_DATABASE_URL, DATABASE_URL or TEST_DATABASE_URL is set)
 *   BENCH_DATABASE_URL    owner connection on PostgreSQL; its database is dropped and created afresh
 *                         (default: DATABASE_URL or TEST_DATABASE_URL with the database
 *                         mandato_bench_untrusted, else the local cluster of CI)
 *   BENCH_PAYLOADS        keys of payloads.ts to run (default all)
 *   BENCH_TIMEOUT_S       time given to the hostile request (default 180)
 *   BENCH_WINDOW_MS       the other tenant is measured at least this long after the hostile request
 *                         is sent (default 3000: a refusal in 50 ms still gets a sample)
 *   BENCH_OTHER_EVERY_MS  one request of the other tenant every … ms, not waiting for the previous
 *                         one (default 100; at most 50 in flight)
 *   BENCH_NODE_FLAGS      node flags of the server (default: those of `npm start`, with its 512 MB heap)
 *   BENCH_TRACE_GC=0      no --trace-gc (then no heap figures)
 *
 * The server runs in its own process (server.ts bundled by apps/server/scripts/build.mjs, run by node
 * as production runs it; on PostgreSQL as the login role mandato_bench_app) and is started afresh
 * for each payload (PGlite: on a copy of the seeded data directory), so a payload that kills it is a
 * result and the peak RSS (VmHWM of /proc/<pid>/status) is that payload's. The heap is read from
 * --trace-gc: the largest heap in use when a collection started, of the main thread and of any
 * worker thread. Two tenants: one with a ROLE_MARKETING user (the marketing token of
 * POST /api/mkt/auth/login, an ACTIVE sender of a VALID domain, a list) that sends the payload, and
 * another whose user asks POST /api/people/search {itemsPerPage: 1} every BENCH_OTHER_EVERY_MS from
 * this process while the payload is in flight (and alone before it: the idle figure).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Role } from '@mandato/domain';
import { buildServer } from '../../apps/server/scripts/build.mjs';
import { insertSegment } from '../../apps/server/src/modules/segments/segments.lookup.ts';
import { createUser } from '../../apps/server/src/modules/team/team.service.ts';
import { createTenant } from '../../apps/server/src/modules/tenants/tenants.service.ts';
import { clientHash } from '../../apps/server/src/platform/auth/password.ts';
import { type Database, openPGlite } from '../../apps/server/src/platform/db/engine.ts';
import { migrate } from '../../apps/server/src/platform/db/migrate.ts';
import { withTenant } from '../../apps/server/src/platform/db/tenancy.ts';
import {
  benchDatabase,
  log,
  openBenchDatabase,
  percentile,
  recreateDatabase,
  seconds,
} from '../lib/bench-database.ts';
import { PAYLOADS, type Payload, payloadBytes } from './payloads.ts';

const POSTGRES_GIVEN = Boolean(
  process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL,
);
const ENGINES = (process.env.BENCH_ENGINES ?? (POSTGRES_GIVEN ? 'pglite,postgres' : 'pglite'))
  .split(',')
  .map((e) => e.trim())
  .filter(Boolean);
const SELECTED = process.env.BENCH_PAYLOADS
  ? process.env.BENCH_PAYLOADS.split(',').map((key) => {
      const found = PAYLOADS.find((p) => p.key === key.trim());
      if (!found) throw new Error(`carga desconhecida: ${key} (há ${PAYLOADS.map((p) => p.key).join(', ')})`);
      return found;
    })
  : PAYLOADS;
const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_S ?? 180) * 1000;
const WINDOW_MS = Number(process.env.BENCH_WINDOW_MS ?? 3000);
const EVERY_MS = Number(process.env.BENCH_OTHER_EVERY_MS ?? 100);
const MAX_IN_FLIGHT = 50;
const TRACE_GC = process.env.BENCH_TRACE_GC !== '0';
/** the targets of issue 38: answered within 5 s, server up, the other tenant within 1 s */
const TARGET_ANSWER_MS = 5000;
const TARGET_OTHER_MS = 1000;

const PASSWORD = 'bench-senha-1';
interface Login {
  slug: string;
  email: string;
  permissions: Role[];
}
/** the tenant whose marketing user sends the payload (the list is needed by the legitimate save) */
const ATTACKER: Login = {
  slug: 'bench-marketing',
  email: 'marketing@exemplo.com.br',
  permissions: ['ROLE_MARKETING', 'ROLE_CRM', 'ROLE_CRM_ALL_DATA'],
};
/** the other tenant, whose CRM user keeps working */
const OTHER: Login = {
  slug: 'bench-outro',
  email: 'crm@exemplo.com.br',
  permissions: ['ROLE_CRM', 'ROLE_CRM_ALL_DATA'],
};
const OTHER_PEOPLE = 2_000;

const SERVER = path.resolve(import.meta.dirname, 'server.ts');
/** server.ts bundled as production runs the server; untrusted.worker.mjs is written beside it */
const SERVER_BUNDLE = path.resolve(import.meta.dirname, '../../apps/server/dist/bench-untrusted-server.mjs');
const PG_TARGET = benchDatabase('BENCH_DATABASE_URL', 'mandato_bench_untrusted');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mb = (n: number | undefined) => (n === undefined ? '–' : `${n.toFixed(0)} MB`);
const ms = (n: number) => (n < 1000 ? `${n.toFixed(0)} ms` : seconds(n));
const loadavg = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' / ');

// ---------------------------------------------------------------------------------------------
// database

interface Seeded {
  senderCode: number;
  segmentCode: number;
}

async function userId(db: Database, tenantId: string, email: string): Promise<string> {
  return withTenant(db, tenantId, async ({ trx }) =>
    String(
      (await trx.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id,
    ),
  );
}

async function insertPeople(db: Database, tenantId: string, ownerId: string, count: number, prefix: string) {
  await withTenant(db, tenantId, async ({ trx }) => {
    for (let i = 0; i < count; i += 500) {
      const values = Array.from({ length: Math.min(500, count - i) }, (_, k) => ({
        tenant_id: tenantId,
        name: `${prefix} ${i + k} Silva`,
        email: `${prefix.toLowerCase()}${i + k}@exemplo.com.br`,
        created_by: ownerId,
      }));
      await trx.insertInto('people').values(values).execute();
    }
  });
}

/** Migrations, the two tenants and their users; the attacker's sender, domain and list; people. */
async function seed(db: Database): Promise<Seeded> {
  await migrate(db);
  const ids: Record<string, { tenantId: string; userId: string }> = {};
  for (const login of [ATTACKER, OTHER]) {
    const tenantId = await createTenant(
      { db },
      {
        slug: login.slug,
        name: `Benchmark ${login.slug}`,
        planId: 'PREMIUM',
        marketingSecret: login === ATTACKER ? 'segredo-de-marketing' : null,
      },
    );
    await createUser(
      { db },
      {
        tenantSlug: login.slug,
        email: login.email,
        name: 'Benchmark',
        password: PASSWORD,
        permissions: login.permissions,
      },
    );
    ids[login.slug] = { tenantId, userId: await userId(db, tenantId, login.email) };
  }
  const attacker = ids[ATTACKER.slug] as { tenantId: string; userId: string };
  const other = ids[OTHER.slug] as { tenantId: string; userId: string };
  await insertPeople(db, attacker.tenantId, attacker.userId, 20, 'Eleitora');
  await insertPeople(db, other.tenantId, other.userId, OTHER_PEOPLE, 'Pessoa');
  return withTenant(db, attacker.tenantId, async (ctx) => {
    const domain = await ctx.trx
      .insertInto('mkt_domains')
      .values({
        tenant_id: attacker.tenantId,
        name: 'envio.exemplo.com.br',
        status: 'VALID',
        dkim_selector: 'mandato',
        dkim_public_key: '-',
        dkim_private_key: '-',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const sender = await ctx.trx
      .insertInto('mkt_senders')
      .values({
        tenant_id: attacker.tenantId,
        name: 'Gabinete',
        email_prefix: 'contato',
        domain_id: String(domain.id),
        status: 'ACTIVE',
        link_id: randomBytes(16).toString('base64url'),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const list = await insertSegment(ctx, { name: 'Todos', type: 'PERSON', expression: [] }, attacker.userId);
    return { senderCode: Number(sender.id), segmentCode: Number(list.id) };
  });
}

interface Engine {
  name: string;
  seeded: Seeded;
  /** the server's environment for one payload (PGlite: a fresh copy of the seeded directory) */
  serverEnv(): Record<string, string>;
  cleanup(): void;
}

const JWT_SECRET = 'bench-untrusted-secret-bench-untrusted-secret';

async function prepareEngine(name: string): Promise<Engine> {
  if (name === 'postgres') {
    log(`postgres: recriando ${PG_TARGET.name} e semeando…`);
    await recreateDatabase(PG_TARGET);
    const db = await openBenchDatabase(PG_TARGET);
    const seeded = await seed(db);
    await db.close();
    return {
      name,
      seeded,
      serverEnv: () => ({
        DATABASE_URL: PG_TARGET.appUrl,
        DATABASE_MIGRATION_URL: PG_TARGET.ownerUrl,
        JWT_SECRET,
      }),
      cleanup: () => undefined,
    };
  }
  if (name !== 'pglite') throw new Error(`motor desconhecido: ${name}`);
  log('pglite: semeando um diretório de dados modelo…');
  const template = fs.mkdtempSync(path.join(os.tmpdir(), 'mandato-bench-untrusted-modelo-'));
  const db = await openPGlite(template);
  const seeded = await seed(db);
  await db.close();
  const copies: string[] = [];
  return {
    name,
    seeded,
    serverEnv: () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mandato-bench-untrusted-'));
      fs.cpSync(template, dir, { recursive: true });
      copies.push(dir);
      return { DATA_DIR: dir, JWT_SECRET };
    },
    cleanup: () => {
      for (const dir of [template, ...copies]) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

// ---------------------------------------------------------------------------------------------
// the server process

/** The largest heap in use when a collection started, per isolate (main thread first seen). */
class HeapTrace {
  private main: string | undefined;
  private readonly peaks = new Map<string, number>();
  private static readonly LINE =
    /^\[\d+:(0x[0-9a-f]+)\]\s+[\d.]+ ms: [^\d]*?([\d.]+) \([\d.]+\) -> [\d.]+ \([\d.]+\) MB/;

  read(line: string): boolean {
    const m = HeapTrace.LINE.exec(line);
    if (!m) return false;
    const isolate = m[1] as string;
    this.main ??= isolate;
    this.peaks.set(isolate, Math.max(this.peaks.get(isolate) ?? 0, Number(m[2])));
    return true;
  }

  reset() {
    this.peaks.clear();
  }

  get mainPeak(): number | undefined {
    return this.main === undefined ? undefined : this.peaks.get(this.main);
  }

  /** the largest of the worker threads' peaks (none: undefined) */
  get workerPeak(): number | undefined {
    const others = [...this.peaks].filter(([isolate]) => isolate !== this.main).map(([, peak]) => peak);
    return others.length ? Math.max(...others) : undefined;
  }
}

interface Server {
  child: ChildProcess;
  pid: number;
  api: string;
  heap: HeapTrace;
  exited: Promise<void>;
  alive(): boolean;
  /** why the process ended: 'heap out of memory', a signal or an exit code */
  death(): string;
  stderr(): string;
}

/** The node flags of the production server (`npm start` of apps/server), so the bench measures it. */
function productionNodeFlags(): string[] {
  const given = process.env.BENCH_NODE_FLAGS;
  if (given !== undefined) return given.split(' ').filter(Boolean);
  const pkg = JSON.parse(
    fs.readFileSync(path.resolve(import.meta.dirname, '../../apps/server/package.json'), 'utf8'),
  );
  return (pkg.scripts.start as string).split(' ').filter((arg) => arg.startsWith('--'));
}

/** the server running now: ended with the bench if it is interrupted */
let running: ChildProcess | undefined;
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    running?.kill('SIGKILL');
    process.exit(130);
  });

async function startServer(env: Record<string, string>): Promise<Server> {
  const base = { ...process.env };
  for (const key of ['DATABASE_URL', 'DATABASE_MIGRATION_URL', 'TEST_DATABASE_URL', 'DATA_DIR', 'PORT'])
    delete base[key];
  const flags = [...productionNodeFlags(), ...(TRACE_GC ? ['--trace-gc'] : [])];
  const child = spawn(process.execPath, [...flags, SERVER_BUNDLE], {
    env: { ...base, ...env, NODE_ENV: 'production', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running = child;
  const heap = new HeapTrace();
  let stderr = '';
  let exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  // 'close': the process ended and its output was read (the fatal error's text included)
  const exited = new Promise<void>((resolve) =>
    child.on('close', (code, signal) => {
      exit = { code, signal };
      resolve();
    }),
  );
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-8000);
  });
  const port = await new Promise<number>((resolve, reject) => {
    let pending = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        if (heap.read(line)) continue;
        const m = /^listening (\d+)$/.exec(line);
        if (m) resolve(Number(m[1]));
        else if (line.trim()) stderr = `${stderr}${line}\n`.slice(-8000);
      }
    });
    void exited.then(() => reject(new Error(`o servidor saiu ao iniciar:\n${stderr}`)));
  });
  const alive = () => exit === undefined;
  return {
    child,
    pid: child.pid as number,
    api: `http://127.0.0.1:${port}/api`,
    heap,
    exited,
    alive,
    death: () => {
      if (!exit) return 'no ar';
      if (/heap out of memory/i.test(stderr)) return 'heap out of memory';
      return exit.signal ? `sinal ${exit.signal}` : `código ${exit.code}`;
    },
    stderr: () => stderr,
  };
}

async function stopServer(server: Server) {
  if (!server.alive()) return;
  server.child.kill('SIGTERM');
  const stopped = await Promise.race([server.exited.then(() => true), sleep(15_000).then(() => false)]);
  if (!stopped) {
    server.child.kill('SIGKILL');
    await server.exited;
  }
}

const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
  } catch {
    return 100;
  }
})();

/** CPU time (user + system, every thread) a process has used, in ms; undefined once it is gone. */
function cpuTime(pid: number): number | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}

/** Current (VmRSS) and peak (VmHWM) resident set of a process in MB; undefined once it is gone. */
function residentSet(pid: number): { rss: number; hwm: number } | undefined {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024;
    return { rss: field('VmRSS'), hwm: field('VmHWM') };
  } catch {
    return undefined;
  }
}

// ---------------------------------------------------------------------------------------------
// requests

interface Answer {
  ms: number;
  status?: number;
  body?: string;
  error?: string;
}

async function timed(url: string, init: RequestInit, timeoutMs: number): Promise<Answer> {
  const t0 = performance.now();
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    const body = await res.text();
    return { ms: performance.now() - t0, status: res.status, body };
  } catch (error) {
    const e = error as Error & { cause?: Error };
    const error_ = e.name === 'TimeoutError' ? 'timeout' : (e.cause?.message ?? e.message);
    return { ms: performance.now() - t0, error: error_ };
  }
}

const json = (headers: Record<string, string>) => ({ ...headers, 'content-type': 'application/json' });

async function signIn(api: string, login: Login): Promise<Record<string, string>> {
  const res = await timed(
    `${api}/auth/login`,
    {
      method: 'POST',
      headers: json({ 'x-schema': login.slug }),
      body: JSON.stringify({ email: login.email, password: clientHash(PASSWORD) }),
    },
    60_000,
  );
  if (res.status !== 200) throw new Error(`login de ${login.slug}: ${res.status ?? res.error} ${res.body}`);
  const token = (JSON.parse(res.body as string) as { data: { token: string } }).data.token;
  return { 'x-schema': login.slug, authorization: `Bearer ${token}` };
}

/** The session, then the marketing token (POST /api/mkt/auth/login with the slug, as the web app). */
async function signInMarketing(api: string, login: Login): Promise<Record<string, string>> {
  const session = await signIn(api, login);
  const res = await timed(
    `${api}/mkt/auth/login`,
    { method: 'POST', headers: json(session), body: JSON.stringify({ slug: login.slug }) },
    60_000,
  );
  if (res.status !== 200) throw new Error(`login de marketing: ${res.status ?? res.error} ${res.body}`);
  const token = (JSON.parse(res.body as string) as { data: { data: { token: string } } }).data.data.token;
  return { 'x-schema': login.slug, authorization: `Bearer ${token}` };
}

function saveRequest(
  api: string,
  headers: Record<string, string>,
  payload: Pick<Payload, 'route'>,
  html: string,
  seeded: Seeded,
): { url: string; init: RequestInit } {
  if (payload.route === 'birthday')
    return {
      url: `${api}/mkt/emails/birthday`,
      init: {
        method: 'PUT',
        headers: json(headers),
        body: JSON.stringify({
          active: false,
          senderCode: seeded.senderCode,
          subject: 'Feliz aniversário, {{primeiro_nome}}!',
          htmlContent: html,
          sendHour: 9,
        }),
      },
    };
  return {
    url: `${api}/mkt/emails/campaign`,
    init: {
      method: 'POST',
      headers: json(headers),
      body: JSON.stringify({
        subject: 'Prestação de contas do mandato',
        htmlContent: html,
        senderCode: seeded.senderCode,
        destination: { segment: { code: seeded.segmentCode } },
      }),
    },
  };
}

interface Latencies {
  n: number;
  /** requests with no answer (their wait until the failure is among the timings) */
  failed: number;
  /** not sent: MAX_IN_FLIGHT requests were waiting */
  skipped: number;
  p50: number;
  p95: number;
  max: number;
}

/**
 * The other tenant's light request, one every EVERY_MS without waiting for the previous one (a stall
 * shows in every request sent during it, not only in the one that was waiting), at most
 * MAX_IN_FLIGHT in flight.
 */
function otherTenantLoop(api: string, headers: Record<string, string>, timeoutMs = TIMEOUT_MS) {
  const answers: Answer[] = [];
  const pending = new Set<Promise<void>>();
  let skipped = 0;
  const send = () => {
    if (pending.size >= MAX_IN_FLIGHT) {
      skipped++;
      return;
    }
    const request: Promise<void> = timed(
      `${api}/people/search`,
      { method: 'POST', headers: json(headers), body: JSON.stringify({ itemsPerPage: 1 }) },
      timeoutMs,
    ).then((answer) => {
      answers.push(answer);
      pending.delete(request);
    });
    pending.add(request);
  };
  send();
  const timer = setInterval(send, EVERY_MS);
  return {
    /** no more requests */
    halt: () => clearInterval(timer),
    /** no more requests; the figures once every request sent has its answer or failure */
    async stop(): Promise<Latencies> {
      clearInterval(timer);
      await Promise.all(pending);
      const timings = answers.map((a) => a.ms);
      return {
        n: answers.length,
        failed: answers.filter((a) => a.status !== 200).length,
        skipped,
        p50: timings.length ? percentile(timings, 50) : Number.NaN,
        p95: timings.length ? percentile(timings, 95) : Number.NaN,
        max: timings.length ? Math.max(...timings) : Number.NaN,
      };
    },
  };
}

// ---------------------------------------------------------------------------------------------
// one payload

interface Result {
  engine: string;
  payload: Payload;
  bytes: number;
  answerMs: number;
  /** the server process's CPU time (every thread) from the send to the answer */
  cpuMs: number;
  /** HTTP status, or what happened instead */
  status: string;
  message: string;
  answered: boolean;
  serverUp: boolean;
  death: string;
  rssBefore: number;
  rssPeak: number;
  heapMain?: number;
  heapWorkers?: number;
  other: Latencies;
  idle: Latencies;
  load: number;
}

async function measure(engine: Engine, payload: Payload): Promise<Result> {
  const html = payload.html();
  const server = await startServer(engine.serverEnv());
  try {
    const attacker = await signInMarketing(server.api, ATTACKER);
    const other = await signIn(server.api, OTHER);
    // warm-up: the other tenant's search, and one small save on the same route (the HTML libraries
    // loaded, the worker pool's first worker started)
    for (let i = 0; i < 10; i++) await timed(`${server.api}/people/search`, otherInit(other), 30_000);
    const small = saveRequest(server.api, attacker, payload, '<p>Olá, {{primeiro_nome}}!</p>', engine.seeded);
    const warm = await timed(small.url, small.init, 60_000);
    if (warm.status !== 200)
      log(`  aviso: salvamento pequeno respondeu ${warm.status ?? warm.error} ${warm.body}`);
    const idleLoop = otherTenantLoop(server.api, other, 30_000);
    await sleep(3000);
    const idle = await idleLoop.stop();

    const save = saveRequest(server.api, attacker, payload, html, engine.seeded);
    const before = residentSet(server.pid) ?? { rss: 0, hwm: 0 };
    let hwm = before.hwm;
    const cpuBefore = cpuTime(server.pid) ?? 0;
    let cpuLast = cpuBefore;
    const sampler = setInterval(() => {
      const now = residentSet(server.pid);
      if (now) hwm = Math.max(hwm, now.hwm);
      cpuLast = cpuTime(server.pid) ?? cpuLast;
    }, 50);
    server.heap.reset();
    const load = os.loadavg()[0] as number;
    const t0 = performance.now();
    const loop = otherTenantLoop(server.api, other);
    const answer = await timed(save.url, save.init, TIMEOUT_MS);
    // the server's CPU from the send to the answer (or to the last sample before it died)
    const cpuMs = (cpuTime(server.pid) ?? cpuLast) - cpuBefore;
    let killed = false;
    if (answer.error) {
      // the server died (its socket closed) or is still working past the time given
      await Promise.race([server.exited, sleep(3000)]);
      loop.halt();
      const now = residentSet(server.pid);
      if (now) hwm = Math.max(hwm, now.hwm);
      if (server.alive() && answer.error === 'timeout') {
        killed = true;
        server.child.kill('SIGKILL');
        await server.exited;
      }
    } else {
      await sleep(Math.max(0, WINDOW_MS - (performance.now() - t0)));
    }
    const latencies = await loop.stop();
    const serverUp =
      server.alive() && (await timed(`${server.api}/people/search`, otherInit(other), 10_000)).status === 200;
    const now = residentSet(server.pid);
    if (now) hwm = Math.max(hwm, now.hwm);
    clearInterval(sampler);
    let message = '';
    if (answer.body) {
      try {
        message = (JSON.parse(answer.body) as { message?: string }).message ?? '';
      } catch {
        message = answer.body.slice(0, 80);
      }
      if (answer.status === 200) message = 'salvo';
    }
    const died = !server.alive();
    return {
      engine: engine.name,
      payload,
      bytes: payloadBytes(html),
      answerMs: answer.ms,
      cpuMs,
      status: answer.status
        ? String(answer.status)
        : answer.error === 'timeout'
          ? `sem resposta em ${seconds(TIMEOUT_MS)}`
          : `sem resposta (${answer.error})`,
      message,
      answered: answer.status !== undefined,
      serverUp,
      death: killed
        ? 'travado (encerrado pelo bench)'
        : died
          ? `processo encerrado: ${server.death()}`
          : serverUp
            ? 'no ar'
            : 'no ar, sem responder',
      rssBefore: before.rss,
      rssPeak: hwm,
      heapMain: server.heap.mainPeak,
      heapWorkers: server.heap.workerPeak,
      other: latencies,
      idle,
      load,
    };
  } catch (error) {
    console.error(server.stderr());
    throw error;
  } finally {
    await stopServer(server);
  }
}

function otherInit(headers: Record<string, string>): RequestInit {
  return { method: 'POST', headers: json(headers), body: JSON.stringify({ itemsPerPage: 1 }) };
}

// ---------------------------------------------------------------------------------------------

const mark = (ok: boolean) => (ok ? 'ok' : 'FORA');
const latencyText = (l: Latencies) =>
  `${ms(l.p50)} / ${ms(l.p95)} / ${ms(l.max)} (n ${l.n}${l.failed ? `, ${l.failed} sem resposta` : ''}${
    l.skipped ? `, ${l.skipped} não enviadas` : ''
  })`;

function report(r: Result) {
  const answerOk = r.answered && r.answerMs <= TARGET_ANSWER_MS;
  const otherOk = r.other.failed === 0 && r.other.max <= TARGET_OTHER_MS;
  const route = r.payload.route === 'birthday' ? 'PUT birthday' : 'POST campaign';
  console.log(
    `\n${r.engine} · ${route} · ${r.payload.label} (${r.bytes.toLocaleString('pt-BR')} bytes) · load 1 min ${r.load.toFixed(2)}`,
  );
  console.log(`  resposta        ${ms(r.answerMs).padEnd(34)} meta ≤ 5 s          ${mark(answerOk)}`);
  console.log(`  status          ${`${r.status} ${r.message}`.slice(0, 110)}`);
  console.log(
    `  CPU do servidor ${`${ms(r.cpuMs)} (${ms(r.cpuMs / (r.bytes / 1e6))} por MB)`.padEnd(34)} (todas as threads, do envio à resposta)`,
  );
  console.log(`  servidor        ${r.death.padEnd(34)} meta: no ar         ${mark(r.serverUp)}`);
  console.log(
    `  RSS             ${`${mb(r.rssBefore)} antes → pico ${mb(r.rssPeak)}`.padEnd(34)} (VmHWM do processo)`,
  );
  console.log(
    `  heap pico       ${`principal ${mb(r.heapMain)} · workers ${mb(r.heapWorkers)}`.padEnd(34)} (--trace-gc, em uso no início de uma coleta)`,
  );
  console.log(
    `  outro tenant    ${`p50/p95/máx ${latencyText(r.other)}`.padEnd(34)} meta ≤ 1 s          ${mark(otherOk)}`,
  );
  console.log(`  (em repouso     p50/p95/máx ${latencyText(r.idle)})`);
}

function table(results: Result[]) {
  console.log(
    '\nmotor    | rota     | carga                          |  resposta |     CPU | status | servidor                                 | RSS antes→pico | heap principal/workers |   outro tenant p50/p95/máx | load',
  );
  for (const r of results) {
    const otherOk = r.other.failed === 0 && r.other.max <= TARGET_OTHER_MS;
    console.log(
      [
        r.engine.padEnd(8),
        (r.payload.route === 'birthday' ? 'birthday' : 'campaign').padEnd(8),
        r.payload.label.padEnd(30),
        `${ms(r.answerMs)}${r.answered && r.answerMs <= TARGET_ANSWER_MS ? '' : ' ✗'}`.padStart(9),
        ms(r.cpuMs).padStart(7),
        (r.answered ? r.status : '—').padEnd(6),
        `${r.death}${r.serverUp ? '' : ' ✗'}`.padEnd(40),
        `${r.rssBefore.toFixed(0)}→${r.rssPeak.toFixed(0)} MB`.padStart(14),
        `${mb(r.heapMain)} / ${mb(r.heapWorkers)}`.padStart(22),
        `${ms(r.other.p50)}/${ms(r.other.p95)}/${ms(r.other.max)}${otherOk ? '' : ' ✗'}`.padStart(26),
        r.load.toFixed(2),
      ].join(' | '),
    );
  }
  console.log(
    'metas: resposta ≤ 5 s, servidor no ar, outro tenant ≤ 1 s (máx, todas respondidas); ✗ = fora da meta; heap –: nenhuma coleta no período',
  );
}

async function main() {
  console.log(`bench:untrusted — load average no início: ${loadavg()} (${os.cpus().length} núcleos)`);
  await buildServer({ entry: SERVER, outfile: SERVER_BUNDLE });
  log(`servidor: node ${[...productionNodeFlags(), ...(TRACE_GC ? ['--trace-gc'] : [])].join(' ')}`);
  const results: Result[] = [];
  for (const name of ENGINES) {
    const engine = await prepareEngine(name);
    try {
      for (const payload of SELECTED) {
        log(`${name}: ${payload.route} ${payload.label}…`);
        const result = await measure(engine, payload);
        report(result);
        results.push(result);
      }
    } finally {
      engine.cleanup();
    }
  }
  table(results);
  console.log(`load average no fim: ${loadavg()}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
