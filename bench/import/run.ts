/**
 * npm run bench:import — POST /api/people/import of a 100,000-row XLSX, OVERWRITE, against a tenant
 * that already holds half of those people; from the upload to the last row committed.
 *
 * Settings (environment):
 *   BENCH_DATABASE_URL  owner connection on PostgreSQL; its database is dropped and created afresh
 *                       (default: DATABASE_URL or TEST_DATABASE_URL with the database
 *                       mandato_bench_import, else postgres://mandato_ci:mandato_ci@localhost:5432/…)
 *   BENCH_ADMIN_DB      database to connect to while (re)creating it (default postgres)
 *   BENCH_ROWS          rows of the file (default 100000)
 *   BENCH_ENGINES       postgres,pglite (default both)
 *   BENCH_NODE_FLAGS    node flags of the server process (default: those of `npm start`)
 * The server runs in its own process (server.ts, bundled and run by node as production runs the
 * server: the real app and its job worker; on PostgreSQL as
 * the login role mandato_bench_app, no table ownership, no BYPASSRLS), so its peak RSS (VmHWM) is
 * its own. Printed: time to the upload's answer, to the validation verdict (the answer itself, or the
 * history's once a 202 answered first), time to the last
 * batch committed, rows/s end to end, and the server's peak RSS.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { type ImportRow, parseImportRow } from '@mandato/domain';
import { buildServer } from '../../apps/server/scripts/build.mjs';
import { importPeopleBatch } from '../../apps/server/src/modules/people/people-batch.lookup.ts';
import { clientHash } from '../../apps/server/src/platform/auth/password.ts';
import { type Database, openPGlite } from '../../apps/server/src/platform/db/engine.ts';
import { migrate } from '../../apps/server/src/platform/db/migrate.ts';
import { withTenant } from '../../apps/server/src/platform/db/tenancy.ts';
import {
  benchDatabase,
  createBenchTenant,
  log,
  openBenchDatabase,
  recreateDatabase,
  seconds,
} from '../lib/bench-database.ts';
import { personRow, writeSpreadsheet } from './generate.ts';

const TARGET = benchDatabase('BENCH_DATABASE_URL', 'mandato_bench_import');
const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const ENGINES = (process.env.BENCH_ENGINES ?? 'postgres,pglite').split(',');
const SLUG = 'bench-import';
const EMAIL = 'bench@exemplo.com.br';
const PASSWORD = 'bench-senha-1';
const SERVER = path.resolve(import.meta.dirname, 'server.ts');
/** server.ts bundled as production runs the server (apps/server/scripts/build.mjs: node, no tsx) */
const SERVER_BUNDLE = path.resolve(import.meta.dirname, '../../apps/server/dist/bench-import-server.mjs');

async function freshPostgres(): Promise<{ env: Record<string, string>; open: () => Promise<Database> }> {
  await recreateDatabase(TARGET);
  return {
    env: {
      DATABASE_URL: TARGET.appUrl,
      DATABASE_MIGRATION_URL: TARGET.ownerUrl,
      JWT_SECRET: 'bench-import-secret',
    },
    open: () => openBenchDatabase(TARGET),
  };
}

function freshPGlite(): { env: Record<string, string>; open: () => Promise<Database>; dir: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mandato-bench-import-'));
  return { env: { DATA_DIR: dir, JWT_SECRET: 'bench-import-secret' }, open: () => openPGlite(dir), dir };
}

/** Tenant, user, and half of the file's people stored already (rows 0, 2, 4…, other values). */
async function seed(db: Database) {
  await migrate(db);
  const { tenantId, userId } = await createBenchTenant(
    db,
    {
      slug: SLUG,
      email: EMAIL,
      password: PASSWORD,
      permissions: ['ROLE_CRM', 'ROLE_CRM_ALL_DATA', 'ROLE_TEAM'],
    },
    'Benchmark de importação',
  );
  const t = performance.now();
  for (let from = 0; from < ROWS; from += 10_000) {
    const rows: ImportRow[] = [];
    for (let i = from; i < Math.min(from + 10_000, ROWS); i += 2) {
      const parsed = parseImportRow(i + 2, personRow(i, ' (antigo)'));
      if (parsed.ok) rows.push(parsed.row);
    }
    await withTenant(db, tenantId, (ctx) =>
      importPeopleBatch(ctx, { rows, behavior: 'SKIP', isTeam: false, importerId: userId, ownerOnly: false }),
    );
  }
  log(
    `  ${Math.ceil(ROWS / 2).toLocaleString('pt-BR')} pessoas já cadastradas em ${seconds(performance.now() - t)}`,
  );
  if (db.engine === 'postgres') await db.ownerSession((run) => run('VACUUM (ANALYZE)'));
  await db.close();
}

/** The node flags of the production server (`npm start` of apps/server), so the bench measures it. */
function productionNodeFlags(): string {
  const pkg = JSON.parse(
    fs.readFileSync(path.resolve(import.meta.dirname, '../../apps/server/package.json'), 'utf8'),
  );
  return (pkg.scripts.start as string)
    .split(' ')
    .filter((arg) => arg.startsWith('--'))
    .join(' ');
}

async function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(
    process.execPath,
    [...(process.env.BENCH_NODE_FLAGS ?? productionNodeFlags()).split(' ').filter(Boolean), SERVER_BUNDLE],
    {
      env: { ...process.env, ...env, JOB_POLL_MS: '100', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /listening (\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    child.on('exit', (code) => reject(new Error(`servidor saiu (${code})`)));
  });
  return { child, port };
}

/** Peak (VmHWM) or current (VmRSS) resident set of a process (Linux /proc), in MB. */
function peakRss(pid: number, field: 'VmHWM' | 'VmRSS' = 'VmHWM'): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return kb / 1024;
}

async function measure(engine: string, file: string) {
  log(`${engine}: preparando o banco…`);
  const target = engine === 'postgres' ? await freshPostgres() : freshPGlite();
  await seed(await target.open());
  const { child, port } = await startServer(target.env);
  const api = `http://127.0.0.1:${port}/api`;
  try {
    const login = await fetch(`${api}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-schema': SLUG },
      body: JSON.stringify({ email: EMAIL, password: clientHash(PASSWORD) }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const headers = { authorization: `Bearer ${token}`, 'x-schema': SLUG };
    const form = new FormData();
    form.append('data', JSON.stringify({ updateBehavior: 'OVERWRITE' }));
    form.append('file', await fs.openAsBlob(file), 'pessoas.xlsx');
    const rssIdle = peakRss(child.pid as number, 'VmRSS');
    const t0 = performance.now();
    const res = await fetch(`${api}/people/import`, { method: 'POST', headers, body: form });
    const answerMs = performance.now() - t0;
    const started = (await res.json()) as { data?: { code: number; validating: boolean }; message?: string };
    if (!res.ok || !started.data) throw new Error(`importação recusada: ${res.status} ${started.message}`);
    // a sheet whose verdict outlasts IMPORT_VERDICT_WAIT_MS is answered 202 and validated on (issue 38)
    let verdictMs = started.data.validating ? 0 : answerMs;
    let rssAtVerdict = started.data.validating ? 0 : peakRss(child.pid as number);
    let status = 'IN_PROGRESS';
    let last: Record<string, number | string | boolean> = {};
    while (status === 'IN_PROGRESS') {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const r = await fetch(`${api}/people/imports/${started.data.code}/status`, { headers });
      last = ((await r.json()) as { data: Record<string, number | string | boolean> }).data;
      status = String(last.status);
      if (!verdictMs && !last.validating) {
        verdictMs = performance.now() - t0;
        rssAtVerdict = peakRss(child.pid as number);
      }
    }
    const totalMs = performance.now() - t0;
    const rss = peakRss(child.pid as number);
    const done = Number(last.totalSuccess) + Number(last.totalError) + Number(last.totalSkip);
    if (status !== 'CONCLUDED' || done !== ROWS)
      throw new Error(`importação terminou ${status} com ${done} linhas`);
    return { engine, answerMs, verdictMs, totalMs, rss, rssAtVerdict, rssIdle, last };
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.on('exit', resolve));
    if ('dir' in target && typeof target.dir === 'string')
      fs.rmSync(target.dir, { recursive: true, force: true });
  }
}

async function main() {
  await buildServer({ entry: SERVER, outfile: SERVER_BUNDLE });
  const file = path.join(os.tmpdir(), `mandato-bench-import-${ROWS}.xlsx`);
  if (!fs.existsSync(file)) {
    const t = performance.now();
    await writeSpreadsheet(file, ROWS);
    log(`planilha de ${ROWS.toLocaleString('pt-BR')} linhas gerada em ${seconds(performance.now() - t)}`);
  }
  log(`arquivo: ${file} (${(fs.statSync(file).size / 1024 / 1024).toFixed(1)} MB)`);
  const results = [];
  for (const engine of ENGINES) results.push(await measure(engine, file));
  console.log(
    '\nbench:import — OVERWRITE, metade das pessoas já cadastradas, do upload ao último lote gravado',
  );
  console.log(
    'motor      | resposta | veredito da validação | total    | linhas/s | RSS pico do servidor (no veredito; em repouso) | sucesso/erro/pulo',
  );
  for (const r of results) {
    console.log(
      `${r.engine.padEnd(10)} | ${seconds(r.answerMs).padStart(8)} | ${seconds(r.verdictMs).padStart(21)} | ${seconds(r.totalMs).padStart(8)} | ${Math.round(
        (ROWS * 1000) / r.totalMs,
      )
        .toLocaleString('pt-BR')
        .padStart(
          8,
        )} | ${`${r.rss.toFixed(0)} MB (${r.rssAtVerdict.toFixed(0)}; ${r.rssIdle.toFixed(0)} MB)`.padStart(46)} | ${
        r.last.totalSuccess
      }/${r.last.totalError}/${r.last.totalSkip}`,
    );
  }
  console.log('\nmeta (PostgreSQL): ≥ 10.000 linhas/s e RSS de pico < 300 MB');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
