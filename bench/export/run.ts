/**
 * npm run bench:export — POST /api/people/search/export (exportacao.csv) at 1,000,000 contacts on
 * PostgreSQL, beside `COPY (…) TO STDOUT` of the same rows and columns (psql), the limit.
 *
 * Settings (environment):
 *   BENCH_EXPORT_DATABASE_URL owner connection; its database is dropped and created afresh
 *                       (default postgres://mandato_ci:mandato_ci@localhost:5432/mandato_bench_export)
 *   BENCH_ADMIN_DB      database to connect to while (re)creating it (default postgres)
 *   BENCH_PEOPLE        contacts to seed (default 1000000; the seed of bench/people-search)
 *   BENCH_RUNS          measured exports (default 2, after one warm-up)
 *   BENCH_REUSE=1       keep an already seeded benchmark database (skip drop and seed; migrate)
 * The server runs in-process (buildApp + createAppContext) on a local port, connected as the login
 * role `mandato_bench_app` (no table ownership, no BYPASSRLS) as production does; the client is a
 * separate process (http-client.mjs) that reads the stream and drops it, so the RSS sampled here
 * every 20 ms is the server's. Targets (issue 11): ≥ 100,000 rows/s, first byte < 500 ms, RSS
 * growth < 50 MB.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import pino from 'pino';
import { buildApp } from '../../apps/server/src/app.ts';
import { createUser } from '../../apps/server/src/modules/team/team.service.ts';
import { createTenant } from '../../apps/server/src/modules/tenants/tenants.service.ts';
import { clientHash } from '../../apps/server/src/platform/auth/password.ts';
import { loadConfig } from '../../apps/server/src/platform/config/config.ts';
import { openPostgres } from '../../apps/server/src/platform/db/engine.ts';
import { migrate } from '../../apps/server/src/platform/db/migrate.ts';
import { createAppContext } from '../../apps/server/src/services.ts';
import { seedPeople } from '../people-search/seed.ts';

const OWNER_URL =
  process.env.BENCH_EXPORT_DATABASE_URL ??
  'postgres://mandato_ci:mandato_ci@localhost:5432/mandato_bench_export';
const ADMIN_DB = process.env.BENCH_ADMIN_DB ?? 'postgres';
const TOTAL = Number(process.env.BENCH_PEOPLE ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 2);
const REUSE = process.env.BENCH_REUSE === '1';
const APP_ROLE = 'mandato_bench_app';
const APP_PASSWORD = 'mandato_bench_app';
const SLUG = 'bench';
const EMAIL = 'bench@exemplo.com.br';
const PASSWORD = 'bench-senha-1';
const TARGETS = { rowsPerSecond: 100_000, firstByteMs: 500, rssGrowthMb: 50 };

const url = (base: string, changes: { db?: string; user?: string; password?: string }) => {
  const u = new URL(base);
  if (changes.db) u.pathname = `/${changes.db}`;
  if (changes.user) u.username = changes.user;
  if (changes.password) u.password = changes.password;
  return u.toString();
};
const dbName = decodeURIComponent(new URL(OWNER_URL).pathname.slice(1));
const APP_URL = url(OWNER_URL, { user: APP_ROLE, password: APP_PASSWORD });
const log = (...args: unknown[]) => console.log(`[${new Date().toISOString().slice(11, 19)}]`, ...args);
const mb = (bytes: number) => bytes / 1024 / 1024;

async function withClient<T>(connectionString: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** A fresh database with one tenant, its user and TOTAL contacts (the people-search seed). */
async function prepare(): Promise<void> {
  if (!/^[a-z0-9_]+$/.test(dbName)) throw new Error(`nome de banco inválido: ${dbName}`);
  await withClient(url(OWNER_URL, { db: ADMIN_DB }), async (admin) => {
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${dbName}`);
    const role = await admin.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [APP_ROLE]);
    if (role.rowCount === 0) {
      await admin.query(`CREATE ROLE ${APP_ROLE} LOGIN PASSWORD '${APP_PASSWORD}' NOSUPERUSER NOBYPASSRLS`);
    }
  });
  const db = await openPostgres(APP_URL, OWNER_URL);
  await migrate(db);
  const tenantId = await createTenant(
    { db },
    { slug: SLUG, name: 'Mandato Benchmark', planId: 'PREMIUM', marketingSecret: null },
  );
  await createUser(
    { db },
    {
      tenantSlug: SLUG,
      email: EMAIL,
      name: 'Benchmark',
      password: PASSWORD,
      permissions: ['ROLE_CRM', 'ROLE_CRM_ALL_DATA', 'ROLE_TEAM'],
    },
  );
  await db.close();
  await withClient(OWNER_URL, async (owner) => {
    await owner.query(`SELECT set_config('app.tenant_id', $1, false)`, [tenantId]);
    const { rows } = await owner.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [EMAIL]);
    const userId = rows[0]?.id;
    if (!userId) throw new Error('usuário do benchmark não encontrado');
    const { rows: indexes } = await owner.query<{ name: string; def: string }>(`
      SELECT i.indexname AS name, i.indexdef AS def FROM pg_indexes i
      JOIN pg_class c ON c.relname = i.indexname JOIN pg_index x ON x.indexrelid = c.oid
      WHERE i.tablename IN ('people', 'person_tags', 'person_name_words')
        AND NOT x.indisunique AND NOT x.indisprimary`);
    for (const index of indexes) await owner.query(`DROP INDEX ${index.name}`);
    let t = performance.now();
    log(`inserindo ${TOTAL.toLocaleString('pt-BR')} contatos…`);
    await seedPeople(owner, { tenantId, userId, total: TOTAL, companies: 2000 });
    log(`inseridos em ${((performance.now() - t) / 1000).toFixed(1)} s; ${indexes.length} índices…`);
    t = performance.now();
    await owner.query(`SET maintenance_work_mem = '512MB'`);
    for (const index of indexes) await owner.query(index.def);
    log(`índices em ${((performance.now() - t) / 1000).toFixed(1)} s; VACUUM ANALYZE…`);
    await owner.query('VACUUM (ANALYZE)');
  });
}

interface ClientResult {
  status: number;
  firstByteMs: number;
  totalMs: number;
  bytes: number;
  lines: number;
}

/** Runs the HTTP client process; samples this process's RSS meanwhile. */
async function exportOnce(endpoint: string, headers: Record<string, string>, body: unknown) {
  const script = path.join(import.meta.dirname, 'http-client.mjs');
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const child = spawn(process.execPath, [script, endpoint, JSON.stringify(headers), JSON.stringify(body)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  clearInterval(sampler);
  if (code !== 0) throw new Error(`cliente HTTP terminou com ${code}`);
  const result = JSON.parse(out) as ClientResult;
  if (result.status !== 200) throw new Error(`exportação: HTTP ${result.status}`);
  return { ...result, rows: result.lines - 1, rssGrowthMb: mb(peak - baseline), rssMb: mb(peak) };
}

/** psql: COPY (the export's rows and columns) TO STDOUT as the app role, bytes counted. */
async function copyOnce(tenantId: string) {
  const query = `COPY (SELECT p.name, p.email, p.vote, p.nickname, p.gender, p.influence,
      to_char(p.birth_date, 'DD/MM/YYYY'), p.cellphone, p.phone_two, p.cpf, p.profession,
      p.voting_zone, p.voting_section, p.notes,
      (SELECT string_agg(t.name, ', ') FROM tags t WHERE t.tenant_id = p.tenant_id AND t.id = ANY (p.tag_ids)),
      p.street, p.number, p.complement, p.neighborhood, p.city, p.state, p.zip_code,
      g.name, g.cellphone, g.email
    FROM people p LEFT JOIN people g ON g.tenant_id = p.tenant_id AND g.id = p.godfather_id
    WHERE p.tenant_id = ${Number(tenantId)} AND p.is_team = false ORDER BY p.id)
    TO STDOUT WITH (FORMAT csv, DELIMITER ';', HEADER)`;
  const started = performance.now();
  const child = spawn(
    'psql',
    [
      APP_URL,
      '-X',
      '-q',
      '-c',
      `SELECT set_config('app.tenant_id', '${Number(tenantId)}', false)`,
      '-c',
      query,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let firstByteMs: number | undefined;
  let bytes = 0;
  let lines = 0;
  child.stdout.on('data', (chunk: Buffer) => {
    firstByteMs ??= performance.now() - started;
    bytes += chunk.length;
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
  });
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  if (code !== 0) throw new Error(`psql terminou com ${code}`);
  return { totalMs: performance.now() - started, firstByteMs: firstByteMs ?? 0, bytes, rows: lines - 1 };
}

async function main() {
  if (!REUSE) await prepare();
  else {
    log('BENCH_REUSE=1: usando o banco existente', dbName);
    const db = await openPostgres(APP_URL, OWNER_URL);
    await migrate(db);
    await db.close();
  }
  const db = await openPostgres(APP_URL, OWNER_URL);
  const config = loadConfig({
    NODE_ENV: 'production',
    WEB_DIST: '/nonexistent',
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret',
  });
  const { app, worker } = await createAppContext(config, db, pino({ level: 'warn' }));
  const server = await buildApp(app);
  await server.listen({ port: 0, host: '127.0.0.1' });
  const address = server.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-schema': SLUG },
    body: JSON.stringify({ email: EMAIL, password: clientHash(PASSWORD) }),
  });
  if (!login.ok) throw new Error(`login: ${login.status} ${await login.text()}`);
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const headers = { 'content-type': 'application/json', 'x-schema': SLUG, authorization: `Bearer ${token}` };
  const tenantId = await withClient(OWNER_URL, async (c) => {
    const { rows } = await c.query<{ id: string }>('SELECT id FROM tenants WHERE slug = $1', [SLUG]);
    return rows[0]?.id as string;
  });
  const endpoint = `${base}/api/people/search/export`;
  const body = { type: 'PERSON', segmentCode: 1 };

  log('aquecimento (uma exportação)…');
  await exportOnce(endpoint, headers, body);
  const runs = [];
  for (let i = 0; i < RUNS; i++) {
    const r = await exportOnce(endpoint, headers, body);
    runs.push(r);
    log(
      `exportação ${i + 1}: ${r.rows.toLocaleString('pt-BR')} linhas, ${mb(r.bytes).toFixed(0)} MB em ` +
        `${(r.totalMs / 1000).toFixed(2)} s; 1º byte ${r.firstByteMs.toFixed(0)} ms; RSS +${r.rssGrowthMb.toFixed(1)} MB (pico ${r.rssMb.toFixed(0)} MB)`,
    );
  }
  const copies = [];
  for (let i = 0; i < RUNS; i++) {
    const c = await copyOnce(tenantId);
    copies.push(c);
    log(
      `COPY ${i + 1}: ${c.rows.toLocaleString('pt-BR')} linhas, ${mb(c.bytes).toFixed(0)} MB em ${(c.totalMs / 1000).toFixed(2)} s; 1º byte ${c.firstByteMs.toFixed(0)} ms`,
    );
  }
  const median = <T>(xs: T[], key: (x: T) => number) => {
    const sorted = xs.map(key).sort((a, b) => a - b);
    return sorted[Math.floor((sorted.length - 1) / 2)] as number;
  };
  const rows = runs[0]?.rows ?? 0;
  const exportRate = rows / (median(runs, (r) => r.totalMs) / 1000);
  const copyRate = (copies[0]?.rows ?? 0) / (median(copies, (c) => c.totalMs) / 1000);
  const firstByte = median(runs, (r) => r.firstByteMs);
  const growth = Math.max(...runs.map((r) => r.rssGrowthMb));
  const ok = (pass: boolean) => (pass ? 'ok' : 'ABAIXO DA META');
  console.log('\nbench:export — POST /api/people/search/export, PostgreSQL');
  console.log(`contatos exportados      ${rows.toLocaleString('pt-BR')} (mediana de ${RUNS} execuções)`);
  console.log(
    `linhas/s                 ${Math.round(exportRate).toLocaleString('pt-BR')}  (meta ≥ ${TARGETS.rowsPerSecond.toLocaleString('pt-BR')}: ${ok(exportRate >= TARGETS.rowsPerSecond)})`,
  );
  console.log(
    `primeiro byte            ${firstByte.toFixed(0)} ms  (meta < ${TARGETS.firstByteMs} ms: ${ok(firstByte < TARGETS.firstByteMs)})`,
  );
  console.log(
    `crescimento do RSS       ${growth.toFixed(1)} MB  (meta < ${TARGETS.rssGrowthMb} MB: ${ok(growth < TARGETS.rssGrowthMb)})`,
  );
  console.log(
    `COPY … TO STDOUT (psql)  ${Math.round(copyRate).toLocaleString('pt-BR')} linhas/s, 1º byte ${median(copies, (c) => c.firstByteMs).toFixed(0)} ms  (o limite; exportação = ${((100 * exportRate) / copyRate).toFixed(0)}% dele)`,
  );
  await server.close();
  await worker.stop();
  await app.mailer.close();
  await db.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
