/**
 * npx tsx bench/backup/run.ts (under `nice -n 19` on a shared machine) — size and duration of a
 * backup of the embedded database (platform/backup), of the demo and of a 100,000-person tenant,
 * and what the server's event loop and database see meanwhile; beside it, PGlite's own
 * `dumpDataDir`, the method not taken.
 *
 * Settings (environment):
 *   BENCH_PEOPLE   contacts of the big database (default 100000)
 *   BENCH_CASES    demo,people (default both)
 * Printed per case: backup duration and size, the longest event-loop block during it
 * (monitorEventLoopDelay, 10 ms resolution), the slowest of the small queries another "request"
 * ran meanwhile every 20 ms, and the restore (extract, WAL replay, count check) duration.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type pg from 'pg';
import { seedDemo } from '../../apps/server/src/modules/demo/demo-seed.ts';
import { restoreBackup } from '../../apps/server/src/platform/backup/restore-backup.ts';
import { writeBackup } from '../../apps/server/src/platform/backup/write-backup.ts';
import { type Database, openPGlite } from '../../apps/server/src/platform/db/engine.ts';
import { migrate } from '../../apps/server/src/platform/db/migrate.ts';
import { createLocalStorage } from '../../apps/server/src/platform/storage/local-storage.ts';
import { createBenchTenant, log, seconds } from '../lib/bench-database.ts';
import { seedPeople } from '../people-search/seed.ts';

const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 100_000);
const CASES = (process.env.BENCH_CASES ?? 'demo,people').split(',');
const MB = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function dirSize(dir: string): number {
  let total = 0;
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) total += fs.statSync(path.join(entry.parentPath, entry.name)).size;
  }
  return total;
}

/** Runs `work` while a histogram watches the event loop and a loop of small queries runs. */
async function watched<T>(db: Database, work: () => Promise<T>) {
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  let running = true;
  const latencies: number[] = [];
  const queries = (async () => {
    while (running) {
      const t = performance.now();
      await db.kysely.selectFrom('tenants').select('id').limit(1).execute();
      latencies.push(performance.now() - t);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  const t = performance.now();
  const result = await work();
  const ms = performance.now() - t;
  running = false;
  await queries;
  loop.disable();
  return {
    result,
    ms,
    loopMaxMs: loop.max / 1e6,
    loopP99Ms: loop.percentile(99) / 1e6,
    queries: latencies.length,
    queryMaxMs: Math.max(0, ...latencies),
  };
}

/** The longest single statement of the backup's own sessions (each runs in WebAssembly, on the loop). */
function timedStatements(db: Database): { db: Database; longest: () => string } {
  let worst = { ms: 0, sql: '' };
  const ownerSession: Database['ownerSession'] = (fn) =>
    db.ownerSession((run) =>
      fn(async (sql, params) => {
        const t = performance.now();
        const rows = await run(sql, params);
        const ms = performance.now() - t;
        if (ms > worst.ms) worst = { ms, sql: sql.replace(/\s+/g, ' ').slice(0, 60) };
        return rows;
      }),
    );
  return { db: { ...db, ownerSession }, longest: () => `${worst.ms.toFixed(0)} ms (${worst.sql})` };
}

async function measure(name: string, dataDir: string, db: Database) {
  const filesDir = path.join(dataDir, 'files');
  log(`${name}: diretório de dados ${MB(dirSize(dataDir))}`);
  const out = path.join(path.dirname(dataDir), `${name}.backup.tar.gz`);
  // the first right after the bulk load: its checkpoint writes every page the load left dirty; the
  // second, a moment later, as a server that took one before: only what changed since to write
  let first = true;
  for (const file of [out, out.replace('.backup.', '.segundo.backup.')]) {
    const timed = timedStatements(db);
    const backup = await watched(db, () => writeBackup({ db: timed.db, dataDir, filesDir }, file));
    const { manifest, bytes } = backup.result;
    const rows = Object.values(manifest.tables ?? {}).reduce((a, b) => a + b, 0);
    console.log(
      `${name}: ${first ? 'backup logo depois da carga' : 'segundo backup'} ${MB(bytes)} em ${seconds(backup.ms)} ` +
        `(${rows.toLocaleString('pt-BR')} linhas, ${manifest.files?.count} arquivos); laço de eventos: maior ` +
        `bloqueio ${backup.loopMaxMs.toFixed(0)} ms, p99 ${backup.loopP99Ms.toFixed(0)} ms; ${backup.queries} ` +
        `consultas durante o backup, a mais lenta ${backup.queryMaxMs.toFixed(0)} ms; a instrução mais longa ` +
        `do backup: ${timed.longest()}`,
    );
    first = false;
  }
  const dump = await watched(db, () => (db.dumpDataDir as () => Promise<Blob>)());
  console.log(
    `${name}: PGlite dumpDataDir (não usado) ${MB(dump.result.size)} em ${seconds(dump.ms)}; ` +
      `laço de eventos: maior bloqueio ${dump.loopMaxMs.toFixed(0)} ms; a consulta mais lenta ${dump.queryMaxMs.toFixed(0)} ms`,
  );
  await db.close();
  const target = path.join(path.dirname(dataDir), `${name}-restaurado`);
  const t = performance.now();
  await restoreBackup(out, { dataDir: target, filesDir: path.join(target, 'files') });
  console.log(
    `${name}: restauração (extrair, refazer o WAL, conferir contagens) em ${seconds(performance.now() - t)}`,
  );
}

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'mandato-bench-backup-'));
try {
  if (CASES.includes('demo')) {
    const dataDir = path.join(root, 'demo');
    log('demo: migrando e semeando (a demonstração de npm start, com contatos de exemplo)…');
    const db = await openPGlite(dataDir);
    await migrate(db);
    await seedDemo(db, { sample: true, files: createLocalStorage(path.join(dataDir, 'files')) });
    await measure('demo', dataDir, db);
  }
  if (CASES.includes('people')) {
    const dataDir = path.join(root, 'pessoas');
    log(`pessoas: migrando e semeando ${PEOPLE.toLocaleString('pt-BR')} contatos…`);
    const db = await openPGlite(dataDir);
    await migrate(db);
    const ids = await createBenchTenant(db, {
      slug: 'bench-backup',
      email: 'bench@exemplo.com.br',
      password: 'bench-senha-1',
      permissions: ['ROLE_CRM'],
    });
    const t = performance.now();
    await db.ownerSession(async (run) => {
      const client = {
        query: async (sql: string, params?: unknown[]) => ({ rows: await run(sql, params ?? []) }),
      };
      await seedPeople(client as unknown as pg.Client, { ...ids, total: PEOPLE, companies: 2000 });
    });
    log(`pessoas: semeadas em ${seconds(performance.now() - t)}`);
    await measure('pessoas', dataDir, db);
  }
} finally {
  fs.rmSync(root, { recursive: true, force: true });
}
