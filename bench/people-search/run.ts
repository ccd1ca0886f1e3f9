/**
 * npm run bench:people — POST /api/people/search at 1,000,000 contacts on PostgreSQL.
 *
 * Settings (environment):
 *   BENCH_DATABASE_URL  owner connection; its database is dropped and created afresh
 *                       (default postgres://mandato_ci:mandato_ci@localhost:5432/mandato_bench)
 *   BENCH_ADMIN_DB      database to connect to while (re)creating it (default postgres)
 *   BENCH_PEOPLE        contacts to seed (default 1000000)
 *   BENCH_RUNS          measured runs per expression (default 30, after 5 warm-up runs)
 *   BENCH_COLD_RUNS     runs of the uncached total per expression (default 5)
 *   BENCH_REUSE=1       keep an already seeded benchmark database (skip drop, migrate and seed)
 * The server runs in-process (buildApp + createAppContext) on a local port, connected as the
 * login role `mandato_bench_app` (no table ownership, no BYPASSRLS) as production does; the HTTP
 * client runs in a worker thread (http-client.mjs), as a browser would run apart from the server.
 * Columns: API = POST over HTTP; SQL = the same service call in-process (the version-keyed total
 * and the page); cold = the first view after a write: no total kept yet for the tenant's version
 * (lists answered by the group counters of migration 0008 stay fast even then).
 */
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import type { FilterExpression } from '@mandato/domain';
import { searchPage } from '../../apps/server/src/modules/people/people.service.ts';
import { ExactCountCache } from '../../apps/server/src/platform/db/exact-count-cache.ts';
import { withTenant } from '../../apps/server/src/platform/db/tenancy.ts';
import {
  benchDatabase,
  log,
  percentile,
  preparedContactsDatabase,
  seedContactsDatabase,
  withClient,
} from '../lib/bench-database.ts';
import { benchLogin } from '../lib/bench-login.ts';
import { startBenchServer } from '../lib/bench-server.ts';

const TARGET = benchDatabase('BENCH_DATABASE_URL', 'mandato_bench');
const TOTAL = Number(process.env.BENCH_PEOPLE ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const WARMUP = 5;
const COLD_RUNS = Number(process.env.BENCH_COLD_RUNS ?? 5);

const LOGIN = benchLogin([
  'ROLE_CRM',
  'ROLE_CRM_ALL_DATA',
  'ROLE_TEAM',
  'ROLE_REPORT',
  'ROLE_CONFIG',
  'ROLE_MARKETING',
  'ROLE_DONATION',
]);

interface Case {
  label: string;
  expression: FilterExpression;
  page?: number;
  orderingCriteria?: 'name' | 'vote' | 'influence' | 'createDate';
  orderingAscending?: boolean;
  /** excluded from the targets (spec: CONTAINS on a broad term) */
  broad?: boolean;
}

const u = (field: string, operator: string, ...values: unknown[]) => ({ field, operator, values }) as never;

function cases(tags: string[]): Case[] {
  const t = (i: number) => Number(tags[i]);
  return [
    { label: 'vote = CONQUERED', expression: [{ units: [u('vote', '=', 'CONQUERED')] }] },
    { label: 'tags IN [Saúde, Cultura]', expression: [{ units: [u('tags', 'IN', t(0), t(7))] }] },
    {
      // two tags of different seed slots (tags of one slot never co-occur)
      label: 'tags IN_ALL [Educação, Esporte]',
      expression: [{ units: [u('tags', 'IN_ALL', t(1), t(6))] }],
    },
    {
      label: "name CONTAINS 'silva' (broad)",
      expression: [{ units: [u('name', 'CONTAINS', 'silva')] }],
      broad: true,
    },
    {
      label: "name CONTAINS 'joaquim tei' (narrow)",
      expression: [{ units: [u('name', 'CONTAINS', 'joaquim tei')] }],
    },
    { label: 'birthDate = {month: 3}', expression: [{ units: [u('birthDate', '=', { month: 3 })] }] },
    {
      label: '(SP e CONQUERED) ou (influence>=50 e tag)',
      expression: [
        { units: [u('state', '=', 'SP'), 'AND', u('vote', '=', 'CONQUERED')] },
        'OR',
        { units: [u('influence', '>=', 50), 'AND', u('tags', 'IN', t(5))] },
      ],
    },
    {
      label: 'all, sorted by influence desc',
      expression: [],
      orderingCriteria: 'influence',
      orderingAscending: false,
    },
    {
      label: 'state IN [MG, BA] by influence desc',
      expression: [{ units: [u('state', 'IN', 'MG', 'BA')] }],
      orderingCriteria: 'influence',
      orderingAscending: false,
    },
    {
      label: 'vote = TO_CONQUER, page 200',
      expression: [{ units: [u('vote', '=', 'TO_CONQUER')] }],
      page: 200,
    },
  ];
}

/** POSTs made from a worker thread (http-client.mjs), one at a time. */
function httpClient() {
  const thread = new Worker(new URL('./http-client.mjs', import.meta.url));
  type Answer = { ms: number; total: number } | { error: string };
  return {
    post(url: string, headers: Record<string, string>, body: string): Promise<Answer> {
      return new Promise((resolve) => {
        thread.once('message', resolve);
        thread.postMessage({ url, headers, body });
      });
    },
    close: () => thread.terminate(),
  };
}

async function main() {
  const db = await preparedContactsDatabase(TARGET, () => seedContactsDatabase(TARGET, LOGIN, TOTAL));
  const bench = await startBenchServer(db, LOGIN);
  const { app, base, headers } = bench;

  const tenantId = (
    await withClient(TARGET.ownerUrl, (c) =>
      c.query<{ id: string }>('SELECT id FROM tenants WHERE slug = $1', [LOGIN.slug]),
    )
  ).rows[0]?.id as string;
  const tags = (
    await withClient(TARGET.ownerUrl, async (c) => {
      await c.query(`SELECT set_config('app.tenant_id', $1, false)`, [tenantId]);
      return c.query<{ id: string }>('SELECT id FROM tags ORDER BY id');
    })
  ).rows.map((r) => r.id);
  const total = (
    await withClient(TARGET.ownerUrl, async (c) => {
      await c.query(`SELECT set_config('app.tenant_id', $1, false)`, [tenantId]);
      return c.query<{ n: string }>('SELECT count(*) AS n FROM people WHERE NOT is_team');
    })
  ).rows[0]?.n;
  log(
    `contatos no tenant: ${Number(total).toLocaleString('pt-BR')}; ${RUNS} medições por expressão após ${WARMUP} de aquecimento`,
  );

  const client = httpClient();
  const results: string[][] = [];
  let failed = false;
  // the first measured case must not pay for compiling the server's hot paths
  log('aquecimento geral…');
  for (const c of cases(tags).filter((c) => !c.broad)) {
    const body = JSON.stringify({ expression: c.expression, type: 'PERSON', page: 1, itemsPerPage: 50 });
    for (let i = 0; i < 20; i++) await client.post(`${base}/api/people/search`, headers, body);
  }
  for (const c of cases(tags)) {
    const body = {
      expression: c.expression,
      type: 'PERSON' as const,
      page: c.page ?? 1,
      itemsPerPage: 50,
      orderingCriteria: c.orderingCriteria ?? 'name',
      orderingAscending: c.orderingAscending ?? true,
    };
    let matched = 0;
    const api = async () => {
      const answer = await client.post(`${base}/api/people/search`, headers, JSON.stringify(body));
      if ('error' in answer) throw new Error(`${c.label}: ${answer.error}`);
      matched = answer.total;
      return answer.ms;
    };
    const vis = { contacts: true, team: false, ownerId: null };
    // the same service call in one tenant transaction, without HTTP, authentication and JSON
    const direct = async () => {
      const t = performance.now();
      await withTenant(db, tenantId, (ctx) => searchPage({ ...ctx, app }, vis, 'PERSON', c.expression, body));
      return performance.now() - t;
    };
    // the first view of a list after a write: no total kept for the new version yet
    const cold = async () => {
      const t = performance.now();
      const coldApp = { ...app, counts: new ExactCountCache() };
      await withTenant(db, tenantId, (ctx) =>
        searchPage({ ...ctx, app: coldApp }, vis, 'PERSON', c.expression, body),
      );
      return performance.now() - t;
    };
    for (let i = 0; i < WARMUP; i++) {
      await api();
      await direct();
    }
    const apiTimes: number[] = [];
    const sqlTimes: number[] = [];
    const coldTimes: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      apiTimes.push(await api());
      sqlTimes.push(await direct());
    }
    for (let i = 0; i < COLD_RUNS; i++) coldTimes.push(await cold());
    const p50 = percentile(apiTimes, 50);
    const p95 = percentile(apiTimes, 95);
    const sql50 = percentile(sqlTimes, 50);
    const ratio = p50 / sql50;
    const ok = c.broad || (p50 < 40 && p95 < 150 && ratio <= 1.5);
    if (!ok) failed = true;
    results.push([
      c.label,
      matched.toLocaleString('pt-BR'),
      p50.toFixed(1),
      p95.toFixed(1),
      sql50.toFixed(1),
      ratio.toFixed(2),
      percentile(coldTimes, 50).toFixed(1),
      c.broad ? 'n/a' : ok ? 'ok' : 'MISS',
    ]);
    log(`${c.label}: API p50 ${p50.toFixed(1)} ms`);
  }

  const head = [
    'expression',
    'total',
    'API p50 ms',
    'API p95 ms',
    'SQL p50 ms',
    'API/SQL',
    'cold p50 ms',
    'target',
  ];
  const widths = head.map((h, i) => Math.max(h.length, ...results.map((r) => (r[i] as string).length)));
  const line = (cells: string[]) =>
    `| ${cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] as number) : cell.padStart(widths[i] as number))).join(' | ')} |`;
  console.log(
    `\nPOST /api/people/search — ${Number(total).toLocaleString('pt-BR')} contatos, página de 50 com total exato`,
  );
  console.log(line(head));
  console.log(`|${widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`);
  for (const r of results) console.log(line(r));
  console.log('\nalvos: API p50 < 40 ms, p95 < 150 ms e API p50 <= 1,5 x SQL p50 (exceto CONTAINS amplo)\n');

  await client.close();
  await bench.close();
  await db.close();
  process.exitCode = failed ? 1 : 0;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
