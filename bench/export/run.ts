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
import { migrate } from '../../apps/server/src/platform/db/migrate.ts';
import {
  benchDatabase,
  log,
  openBenchDatabase,
  seedContactsDatabase,
  withClient,
} from '../lib/bench-database.ts';
import { benchLogin } from '../lib/bench-login.ts';
import { startBenchServer } from '../lib/bench-server.ts';

const TARGET = benchDatabase('BENCH_EXPORT_DATABASE_URL', 'mandato_bench_export');
const TOTAL = Number(process.env.BENCH_PEOPLE ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 2);
const REUSE = process.env.BENCH_REUSE === '1';
const TARGETS = { rowsPerSecond: 100_000, firstByteMs: 500, rssGrowthMb: 50 };

const mb = (bytes: number) => bytes / 1024 / 1024;

const LOGIN = benchLogin(['ROLE_CRM', 'ROLE_CRM_ALL_DATA', 'ROLE_TEAM']);

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
      TARGET.appUrl,
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
  if (!REUSE) await seedContactsDatabase(TARGET, LOGIN, TOTAL);
  else {
    log('BENCH_REUSE=1: usando o banco existente', TARGET.name);
    const db = await openBenchDatabase(TARGET);
    await migrate(db);
    await db.close();
  }
  const db = await openBenchDatabase(TARGET);
  const bench = await startBenchServer(db, LOGIN, 'warn');
  const { base, headers } = bench;
  const tenantId = await withClient(TARGET.ownerUrl, async (c) => {
    const { rows } = await c.query<{ id: string }>('SELECT id FROM tenants WHERE slug = $1', [LOGIN.slug]);
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
  await bench.close();
  await db.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
