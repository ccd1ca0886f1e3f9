/**
 * npm run bench:observability — what the probes and a metrics scrape cost (issue 41 items 1
 * and 2): the real server in-process (buildApp + createAppContext, METRICS_TOKEN set) on a free
 * local port, a jobs table as a long-running install leaves it (BENCH_JOBS finished jobs, 1 in 20
 * failed, never purged; 1,000 due and waiting), and BENCH_PROBES sequential calls of /healthz,
 * /readyz and /metrics over one kept-alive connection: p50/p95/p99 and the scrape's size. The first
 * scrape counts the failed jobs (a scan of the finished ones, then kept 60 s): printed apart.
 *
 * Settings (environment):
 *   BENCH_ENGINES        pglite and/or postgres (default: pglite, and postgres when BENCH_DATABASE_URL,
 *                        DATABASE_URL or TEST_DATABASE_URL is set)
 *   BENCH_DATABASE_URL   owner connection on PostgreSQL; its database is dropped and created afresh
 *                        (default: the local cluster of CI, database mandato_bench_observability)
 *   BENCH_JOBS           finished jobs in the table (default 200000)
 *   BENCH_PROBES         calls of each route (default and at most 290; /metrics at most 100)
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import pino from 'pino';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/platform/config/config.ts';
import { type Database, openPGlite } from '../../apps/server/src/platform/db/engine.ts';
import { migrate } from '../../apps/server/src/platform/db/migrate.ts';
import { closeAppContext, createAppContext } from '../../apps/server/src/services.ts';
import {
  benchDatabase,
  log,
  openBenchDatabase,
  percentile,
  recreateDatabase,
  withClient,
} from '../lib/bench-database.ts';

const JOBS = Number(process.env.BENCH_JOBS ?? 200_000);
const PROBES = Number(process.env.BENCH_PROBES ?? 290);
const TOKEN = 'bench-metrics-token-bench-metrics-token';

async function openEngine(engine: string): Promise<{ db: Database; seed: (q: string) => Promise<void> }> {
  if (engine === 'pglite') {
    const db = await openPGlite(undefined);
    await migrate(db);
    return { db, seed: async (q) => void (await sql.raw(q).execute(db.kysely)) };
  }
  const target = benchDatabase('BENCH_DATABASE_URL', 'mandato_bench_observability');
  await recreateDatabase(target);
  const db = await openBenchDatabase(target);
  await migrate(db);
  return { db, seed: (q) => withClient(target.ownerUrl, async (c) => void (await c.query(q))) };
}

async function run(engine: string) {
  log(`${engine}: migrando e semeando ${JOBS} jobs terminados`);
  const { db, seed } = await openEngine(engine);
  const started = performance.now();
  await seed(`INSERT INTO jobs (queue, state, run_at, attempts, finished_at, created_at)
    SELECT (ARRAY['geocode','shot-dispatch','people-import','password-email'])[1 + i % 4],
      CASE WHEN i % 20 = 0 THEN 'failed' ELSE 'done' END,
      now() - make_interval(secs => i), 1, now() - make_interval(secs => i), now() - make_interval(secs => i)
    FROM generate_series(1, ${JOBS}) AS i`);
  await seed(`INSERT INTO jobs (queue, run_at)
    SELECT 'bench-waiting', now() - make_interval(secs => i) FROM generate_series(1, 1000) AS i`);
  await seed('ANALYZE jobs');
  log(`${engine}: semeado em ${((performance.now() - started) / 1000).toFixed(1)} s`);

  const config = {
    ...loadConfig({ NODE_ENV: 'production', WEB_DIST: '/nonexistent', JWT_SECRET: 'x'.repeat(40) }),
    metricsToken: TOKEN,
  };
  const { app, worker } = await createAppContext(config, db, pino({ level: 'silent' }));
  const server = await buildApp(app);
  await server.listen({ port: 0, host: '127.0.0.1' });
  const address = server.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const call = async (path: string) => {
    const t0 = performance.now();
    const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${TOKEN}` } });
    const body = await res.text();
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${body}`);
    return { ms: performance.now() - t0, bytes: body.length };
  };
  try {
    const first = await call('/metrics');
    const rows: string[] = [];
    for (const path of ['/healthz', '/readyz', '/metrics']) {
      const times: number[] = [];
      let bytes = 0;
      // all from one address, under the per-address limits (probes 300 a minute, /metrics 120)
      const n = path === '/metrics' ? Math.min(PROBES, 100) : Math.min(PROBES, 290);
      for (let i = 0; i < n; i++) {
        const r = await call(path);
        times.push(r.ms);
        bytes = r.bytes;
      }
      const f = (p: number) => percentile(times, p).toFixed(2);
      rows.push(
        `  ${path.padEnd(9)} n=${n}  p50 ${f(50)} ms  p95 ${f(95)} ms  p99 ${f(99)} ms  (${bytes} bytes)`,
      );
    }
    console.log(`\n${engine}, ${JOBS} jobs terminados (${JOBS / 20} falhos) e 1.000 esperando:`);
    console.log(
      `  /metrics  primeira coleta (conta os falhos) ${first.ms.toFixed(1)} ms, ${first.bytes} bytes`,
    );
    console.log(rows.join('\n'));
  } finally {
    await server.close();
    await worker.stop();
    await closeAppContext(app);
    await db.close();
  }
}

const engines = (
  process.env.BENCH_ENGINES ??
  (process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || process.env.TEST_DATABASE_URL
    ? 'pglite,postgres'
    : 'pglite')
)
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean);
for (const engine of engines) await run(engine);
