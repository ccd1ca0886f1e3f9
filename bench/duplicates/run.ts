/**
 * npm run bench:duplicates — the duplicates centre at 1,000,000 contacts on PostgreSQL (issue 31):
 * the candidate groups found by the queued build (people.duplicates, four key steps and the
 * combination) in < 60 s with 2 % duplicates seeded, and the first page of GET
 * /api/people/duplicates afterwards in < 200 ms (p95, warm).
 *
 * Seed: the contacts of bench/people-search, plus 2 % copies of them as an import or a second
 * sign-up would leave them, a quarter per key: the same CPF under the name in capitals, the same
 * e-mail, the same mobile with the country code (55…), the name without accents in capitals with
 * the same birth date. The seed has duplicates of its own too (mobiles and names with birth dates
 * that happen to meet), counted among the groups.
 *
 * Settings (environment):
 *   BENCH_DUPLICATES_DATABASE_URL owner connection; its database is dropped and created afresh
 *                       (default mandato_bench_duplicates on the local cluster, bench/lib/bench-database.ts)
 *   BENCH_ADMIN_DB      database to connect to while (re)creating it (default postgres)
 *   BENCH_PEOPLE        contacts to seed (default 1000000) before the 2 % copies
 *   BENCH_RUNS          measured page calls (default 30, after 5 warm-up calls)
 *   BENCH_REUSE=1       keep an already seeded benchmark database (skip drop and seed; migrate)
 * The server runs in-process (buildApp + createAppContext) as the login role `mandato_bench_app`
 * (no table ownership, no BYPASSRLS); the build runs the job's handler as the worker would.
 */
import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import { duplicatesHandler } from '../../apps/server/src/modules/people-merge/duplicates.job.ts';
import {
  benchDatabase,
  log,
  percentile,
  preparedContactsDatabase,
  seconds,
  seedContactsDatabase,
  withClient,
} from '../lib/bench-database.ts';
import { benchLogin } from '../lib/bench-login.ts';
import { startBenchServer } from '../lib/bench-server.ts';

const TARGET = benchDatabase('BENCH_DUPLICATES_DATABASE_URL', 'mandato_bench_duplicates');
const TOTAL = Number(process.env.BENCH_PEOPLE ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const WARMUP = 5;
const BUILD_TARGET_MS = 60_000;
const PAGE_TARGET_MS = 200;
const LOGIN = benchLogin(['ROLE_CONFIG', 'ROLE_CRM', 'ROLE_CRM_ALL_DATA']);

/** 2 % of the contacts copied as duplicates, a quarter per key (before the indexes are built). */
async function seedDuplicates(owner: pg.Client, ids: { tenantId: string; userId: string }) {
  const each = Math.floor((TOTAL * 0.02) / 4);
  const copy = (name: string, columns: string, values: string, where: string) =>
    owner.query(`
      INSERT INTO people (tenant_id, name, birth_date, gender, city, state, vote, tag_ids, is_team,
        created_by, created_at, updated_at${columns})
      SELECT tenant_id, n, birth_date, gender, city, state, 'TO_CONQUER', '{}', false, ${ids.userId},
        created_at, updated_at${values}
      FROM (SELECT p.*, ${name} AS n FROM people p WHERE ${where} ORDER BY p.id LIMIT ${each}) p`);
  log(`semeando ${(each * 4).toLocaleString('pt-BR')} duplicados (2 %)…`);
  await copy('upper(p.name)', ', cpf', ', cpf', `p.cpf IS NOT NULL AND p.id % 50 = 0`);
  await copy('p.name', ', email', ', email', `p.email IS NOT NULL AND p.id % 50 = 1`);
  await copy('p.name', ', cellphone', `, '55' || cellphone`, `p.cellphone IS NOT NULL AND p.id % 50 = 2`);
  await owner.query(`
    INSERT INTO people (tenant_id, name, birth_date, gender, city, state, vote, tag_ids, is_team,
      created_by, created_at, updated_at)
    SELECT tenant_id, upper(search_norm(name)), birth_date, gender, city, state, 'TO_CONQUER', '{}', false,
      ${ids.userId}, created_at, updated_at
    FROM (SELECT * FROM people p WHERE p.birth_date IS NOT NULL AND p.id % 50 = 3 ORDER BY p.id LIMIT ${each}) p`);
}

async function main() {
  const db = await preparedContactsDatabase(TARGET, () =>
    seedContactsDatabase(TARGET, LOGIN, TOTAL, seedDuplicates),
  );
  const bench = await startBenchServer(db, LOGIN);
  const { tenantId } = await withClient(TARGET.ownerUrl, async (owner) => {
    const { rows } = await owner.query<{ id: string }>(`SELECT id FROM tenants WHERE slug = $1`, [
      LOGIN.slug,
    ]);
    return { tenantId: String(rows[0]?.id) };
  });
  const page = async (query = '', path = '/api/people/duplicates') => {
    const t = performance.now();
    const res = await fetch(`${bench.base}${path}${query}`, { headers: bench.headers });
    const text = await res.text();
    if (!res.ok) throw new Error(`GET ${path}: ${res.status} ${text}`);
    return {
      ms: performance.now() - t,
      body: JSON.parse(text).data as { total: number; refreshing: boolean },
    };
  };

  // the first look asks for the build (queued); the job's handler runs it here, timed
  const asked = await page();
  if (!asked.body.refreshing) log('aviso: nenhuma busca pedida (o banco reaproveitado já tinha os grupos)');
  await withClient(TARGET.ownerUrl, async (owner) => {
    await owner.query(`SELECT set_config('app.tenant_id', $1, false)`, [tenantId]);
    await owner.query(`UPDATE people_duplicate_refreshes SET people_version = -1 WHERE tenant_id = $1`, [
      tenantId,
    ]);
  });
  await page(); // stale on purpose: a build of every key, even on a reused database
  log('buscando grupos (job people.duplicates)…');
  const started = performance.now();
  await duplicatesHandler(bench.app)({ tenantId });
  const buildMs = performance.now() - started;
  log(`grupos em ${seconds(buildMs)}`);

  const { rows: perKey } = await withClient(TARGET.ownerUrl, async (owner) => {
    await owner.query(`SELECT set_config('app.tenant_id', $1, false)`, [tenantId]);
    return owner.query<{ key: string; groups: string; people: string }>(`
      SELECT key, count(*) AS groups, sum(cardinality(person_ids)) AS people FROM people_duplicates
      WHERE generation = (SELECT generation FROM people_duplicate_refreshes) GROUP BY key ORDER BY key`);
  });

  // the floor on this machine right now: a signed-in GET that reads 20 tags
  const cases: [string, string, boolean, string?][] = [
    ['1ª página (20 grupos, total exato)', '', true],
    ['página 50 (info)', '?page=50&itemsPerPage=20', false],
    ['GET /api/tags, piso da máquina (info)', '', false, '/api/tags'],
  ];
  const rows: string[][] = [];
  let failed = buildMs >= BUILD_TARGET_MS;
  let total = 0;
  for (const [label, query, target, path] of cases) {
    const times: number[] = [];
    for (let i = 0; i < WARMUP + RUNS; i++) {
      const answer = await page(query, path);
      if (!path) total = answer.body.total;
      if (i >= WARMUP) times.push(answer.ms);
    }
    const p95 = percentile(times, 95);
    if (target && p95 >= PAGE_TARGET_MS) failed = true;
    rows.push([
      label,
      percentile(times, 50).toFixed(1),
      p95.toFixed(1),
      target ? (p95 < PAGE_TARGET_MS ? 'ok' : 'MISS') : 'info',
    ]);
  }

  console.log(
    `\nCentral de duplicados — ${TOTAL.toLocaleString('pt-BR')} contatos + 2 % de duplicados semeados`,
  );
  console.log(
    `busca dos grupos (4 chaves + combinação): ${seconds(buildMs)} — alvo < ${BUILD_TARGET_MS / 1000} s: ${buildMs < BUILD_TARGET_MS ? 'ok' : 'MISS'}`,
  );
  console.log(`grupos: ${total.toLocaleString('pt-BR')}`);
  for (const k of perKey)
    console.log(
      `  chave mais forte ${k.key}: ${Number(k.groups).toLocaleString('pt-BR')} grupos, ${Number(k.people).toLocaleString('pt-BR')} pessoas`,
    );
  console.log('| caso | p50 ms | p95 ms | alvo |');
  console.log('|---|---:|---:|---|');
  for (const r of rows) console.log(`| ${r.join(' | ')} |`);
  console.log(`\nalvo: página p95 < ${PAGE_TARGET_MS} ms\n`);
  await bench.close();
  await db.close();
  process.exitCode = failed ? 1 : 0;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
