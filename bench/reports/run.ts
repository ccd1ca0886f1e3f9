/**
 * npm run bench:reports — the reports at 1,000,000 contacts on PostgreSQL: 'Status da Base'
 * (GET /api/reports/people/database-status), 24 months of 'Total de Cadastros no Mês'
 * (GET /api/reports/people/entries-per-period) and the first 'Apadrinhados' page
 * (GET /api/reports/people/godfathers, by totalAffiliates descending). Target (issue 13): p95 < 200 ms
 * each, warm, after writes (people created with godfathers, votes and godfathers changed, people
 * removed, through the API, before measuring).
 *
 * Settings (environment):
 *   BENCH_REPORTS_DATABASE_URL owner connection; its database is dropped and created afresh
 *                       (default mandato_bench_reports on the local cluster, bench/lib/bench-database.ts)
 *   BENCH_ADMIN_DB      database to connect to while (re)creating it (default postgres)
 *   BENCH_PEOPLE        contacts to seed (default 1000000; the seed of bench/people-search: creation
 *                       dates over two years, one in five with a godfather among 5,000, 15% with a goal)
 *   BENCH_RUNS          measured runs per case (default 30, after 5 warm-up runs)
 *   BENCH_WRITES        people written through the API before measuring (default 200)
 *   BENCH_REUSE=1       keep an already seeded benchmark database (skip drop and seed; migrate)
 * The server runs in-process (buildApp + createAppContext) as the login role `mandato_bench_app`
 * (no table ownership, no BYPASSRLS); the HTTP client runs in a worker thread (http-client.mjs).
 */
import { Worker } from 'node:worker_threads';
import { addMonths, zonedDate } from '@mandato/domain';
import {
  benchDatabase,
  log,
  percentile,
  preparedContactsDatabase,
  seedContactsDatabase,
} from '../lib/bench-database.ts';
import { benchLogin } from '../lib/bench-login.ts';
import { startBenchServer } from '../lib/bench-server.ts';

const TARGET = benchDatabase('BENCH_REPORTS_DATABASE_URL', 'mandato_bench_reports');
const TOTAL = Number(process.env.BENCH_PEOPLE ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const WRITES = Number(process.env.BENCH_WRITES ?? 200);
const WARMUP = 5;
const TARGET_P95_MS = 200;
const LOGIN = benchLogin(['ROLE_CRM', 'ROLE_CRM_ALL_DATA', 'ROLE_TEAM', 'ROLE_REPORT']);

type Answer = { ms: number; bytes: number; text: string } | { error: string };

function httpClient() {
  const thread = new Worker(new URL('./http-client.mjs', import.meta.url));
  return {
    request(url: string, method: string, headers: Record<string, string>, body?: string): Promise<Answer> {
      return new Promise((resolve) => {
        thread.once('message', resolve);
        thread.postMessage({ url, method, headers, body });
      });
    },
    close: () => thread.terminate(),
  };
}

async function main() {
  const db = await preparedContactsDatabase(TARGET, () => seedContactsDatabase(TARGET, LOGIN, TOTAL));
  const bench = await startBenchServer(db, LOGIN);
  const { base, headers } = bench;
  const client = httpClient();
  const call = async (method: string, path: string, body?: unknown) => {
    const answer = await client.request(
      `${base}${path}`,
      method,
      headers,
      body ? JSON.stringify(body) : undefined,
    );
    if ('error' in answer) throw new Error(`${method} ${path}: ${answer.error}`);
    return answer;
  };

  // writes before measuring: new people under the busiest godfathers, godfather and vote changes,
  // removals — the counters take them in the writing transactions
  const first = JSON.parse((await call('GET', '/api/reports/people/godfathers?itemsPerPage=5')).text) as {
    data: { list: { code: number; totalAffiliates: number }[] };
  };
  const godfathers = first.data.list.map((r) => r.code);
  log(`escrevendo ${WRITES} pessoas pela API (padrinhos ${godfathers.join(', ')})…`);
  const created: number[] = [];
  for (let i = 0; i < WRITES; i++) {
    const res = await call('POST', '/api/people', {
      name: `Bench Relatório ${i}`,
      vote: i % 3 === 0 ? 'CONQUERED' : 'TO_CONQUER',
      godfatherCode: godfathers[i % godfathers.length],
    });
    created.push((JSON.parse(res.text) as { data: { code: number } }).data.code);
  }
  for (const [i, code] of created.entries()) {
    if (i % 4 === 0) await call('PUT', `/api/people/${code}/update-vote`, { vote: 'LOST' });
    if (i % 5 === 0)
      await call('PUT', `/api/people/${code}`, {
        name: `Bench Relatório ${i}`,
        godfatherCode: godfathers[(i + 1) % godfathers.length],
      });
  }
  await call('DELETE', '/api/people/delete-many', { codes: created.filter((_, i) => i % 10 === 0) });

  const today = zonedDate(new Date());
  const cases: [string, string][] = [
    ['Status da Base', '/api/reports/people/database-status'],
    [
      'Cadastros por mês, 24 meses',
      `/api/reports/people/entries-per-period?timeBase=month&beginDate=${addMonths(today, -23)}&endDate=${today}`,
    ],
    [
      'Apadrinhados, 1ª página (totalAffiliates desc)',
      '/api/reports/people/godfathers?page=1&itemsPerPage=10',
    ],
    ['Apadrinhados, página 50 (info)', '/api/reports/people/godfathers?page=50&itemsPerPage=10'],
  ];
  const rows: string[][] = [];
  let failed = false;
  let status = '';
  for (const [label, path] of cases) {
    const times: number[] = [];
    let bytes = 0;
    for (let i = 0; i < WARMUP + RUNS; i++) {
      const answer = await call('GET', path);
      if (i >= WARMUP) times.push(answer.ms);
      bytes = answer.bytes;
      if (i === 0 && path.includes('database-status')) status = answer.text;
    }
    const p50 = percentile(times, 50);
    const p95 = percentile(times, 95);
    const info = label.includes('(info)');
    const ok = p95 < TARGET_P95_MS;
    if (!ok && !info) failed = true;
    rows.push([
      label,
      p50.toFixed(1),
      p95.toFixed(1),
      (bytes / 1024).toFixed(1),
      info ? 'info' : ok ? 'ok' : 'MISS',
    ]);
    log(`${label}: p95 ${p95.toFixed(1)} ms`);
  }
  const head = ['caso', 'p50 ms', 'p95 ms', 'resposta KB', 'alvo'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] as string).length)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] as number) : c.padStart(widths[i] as number))).join(' | ')} |`;
  console.log(
    `\nRelatórios — ${TOTAL.toLocaleString('pt-BR')} contatos semeados, ${WRITES} escritos pela API antes`,
  );
  console.log(`Status da Base: ${status}`);
  console.log(line(head));
  console.log(`|${widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`);
  for (const r of rows) console.log(line(r));
  console.log(`\nalvo: p95 < ${TARGET_P95_MS} ms em cada caso (linhas "info" fora do alvo)\n`);
  await client.close();
  await bench.close();
  await db.close();
  process.exitCode = failed ? 1 : 0;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
