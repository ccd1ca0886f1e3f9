/**
 * npm run bench:map — POST /api/people/list-coordinates (the map's pins) at 1,000,000 geocoded
 * contacts on PostgreSQL: the whole country, one state and one city, each unfiltered and with a
 * two-condition expression. Targets (issue 12): p95 < 250 ms and answer < 200 KB each.
 *
 * Settings (environment):
 *   BENCH_MAP_DATABASE_URL owner connection; its database is dropped and created afresh
 *                       (default mandato_bench_map on the local cluster, bench/lib/bench-database.ts)
 *   BENCH_ADMIN_DB      database to connect to while (re)creating it (default postgres)
 *   BENCH_PEOPLE        contacts to seed (default 1000000; the seed of bench/people-search)
 *   BENCH_RUNS          measured runs per case (default 30, after 5 warm-up runs)
 *   BENCH_REUSE=1       keep an already seeded benchmark database (skip drop and seed; migrate)
 * The contacts of bench/people-search/seed.ts get a point near their city (set-based UPDATE as
 * the owner): most within a few kilometres of its centre, one in five anywhere within 1.5° of it,
 * as a geocoder placing streets, neighbourhoods and nearby towns would. The server runs in-process
 * (buildApp + createAppContext) as the login role `mandato_bench_app` (no table ownership, no
 * BYPASSRLS); the HTTP client runs in a worker thread (http-client.mjs).
 */
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import type { FilterExpression } from '@mandato/domain';
import type pg from 'pg';
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

const TARGET = benchDatabase('BENCH_MAP_DATABASE_URL', 'mandato_bench_map');
const TOTAL = Number(process.env.BENCH_PEOPLE ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const WARMUP = 5;
const TARGETS = { p95Ms: 250, kb: 200 };
const LOGIN = benchLogin(['ROLE_CRM', 'ROLE_CRM_ALL_DATA', 'ROLE_TEAM']);

/** Centres of the seed's cities (bench/people-search/seed.ts CITIES), approximate. */
const CITY_POINTS: [string, string, number, number][] = [
  ['São Paulo', 'SP', -23.55, -46.63],
  ['Rio de Janeiro', 'RJ', -22.91, -43.17],
  ['Brasília', 'DF', -15.79, -47.88],
  ['Salvador', 'BA', -12.97, -38.5],
  ['Fortaleza', 'CE', -3.72, -38.54],
  ['Belo Horizonte', 'MG', -19.92, -43.94],
  ['Manaus', 'AM', -3.12, -60.02],
  ['Curitiba', 'PR', -25.43, -49.27],
  ['Recife', 'PE', -8.05, -34.88],
  ['Goiânia', 'GO', -16.69, -49.26],
  ['Porto Alegre', 'RS', -30.03, -51.23],
  ['Belém', 'PA', -1.46, -48.49],
  ['Guarulhos', 'SP', -23.46, -46.53],
  ['Campinas', 'SP', -22.91, -47.06],
  ['São Luís', 'MA', -2.53, -44.3],
  ['Maceió', 'AL', -9.67, -35.74],
  ['Campo Grande', 'MS', -20.47, -54.62],
  ['São Gonçalo', 'RJ', -22.83, -43.05],
  ['Teresina', 'PI', -5.09, -42.8],
  ['João Pessoa', 'PB', -7.12, -34.86],
  ['São Bernardo do Campo', 'SP', -23.69, -46.56],
  ['Duque de Caxias', 'RJ', -22.79, -43.31],
  ['Nova Iguaçu', 'RJ', -22.76, -43.45],
  ['Natal', 'RN', -5.79, -35.21],
  ['Santo André', 'SP', -23.66, -46.53],
  ['Osasco', 'SP', -23.53, -46.79],
  ['Sorocaba', 'SP', -23.5, -47.46],
  ['Uberlândia', 'MG', -18.92, -48.28],
  ['Ribeirão Preto', 'SP', -21.18, -47.81],
  ['São José dos Campos', 'SP', -23.18, -45.89],
  ['Cuiabá', 'MT', -15.6, -56.1],
  ['Jaboatão dos Guararapes', 'PE', -8.11, -35.01],
  ['Contagem', 'MG', -19.93, -44.05],
  ['Joinville', 'SC', -26.3, -48.85],
  ['Feira de Santana', 'BA', -12.27, -38.97],
  ['Aracaju', 'SE', -10.91, -37.07],
  ['Londrina', 'PR', -23.31, -51.16],
  ['Juiz de Fora', 'MG', -21.76, -43.35],
  ['Florianópolis', 'SC', -27.6, -48.55],
  ['Aparecida de Goiânia', 'GO', -16.82, -49.24],
  ['Serra', 'ES', -20.13, -40.31],
  ['Campos dos Goytacazes', 'RJ', -21.75, -41.32],
  ['Belford Roxo', 'RJ', -22.76, -43.4],
  ['Niterói', 'RJ', -22.88, -43.1],
  ['São José do Rio Preto', 'SP', -20.82, -49.38],
  ['Ananindeua', 'PA', -1.37, -48.37],
  ['Vila Velha', 'ES', -20.33, -40.29],
  ['Caxias do Sul', 'RS', -29.17, -51.18],
  ['Porto Velho', 'RO', -8.76, -63.9],
  ['Mogi das Cruzes', 'SP', -23.52, -46.19],
  ['Macapá', 'AP', 0.03, -51.07],
  ['Vitória', 'ES', -20.32, -40.34],
  ['Rio Branco', 'AC', -9.97, -67.81],
  ['Boa Vista', 'RR', 2.82, -60.67],
  ['Palmas', 'TO', -10.18, -48.33],
  ['Campina Grande', 'PB', -7.23, -35.88],
  ['Caruaru', 'PE', -8.28, -35.97],
  ['Petrolina', 'PE', -9.39, -40.5],
  ['Maringá', 'PR', -23.42, -51.94],
  ['Blumenau', 'SC', -26.92, -49.07],
  ['Pelotas', 'RS', -31.77, -52.34],
  ['Santarém', 'PA', -2.44, -54.71],
  ['Imperatriz', 'MA', -5.53, -47.48],
  ['Mossoró', 'RN', -5.19, -37.34],
  ['Parnaíba', 'PI', -2.9, -41.78],
  ['Arapiraca', 'AL', -9.75, -36.66],
  ['Dourados', 'MS', -22.22, -54.81],
  ['Rondonópolis', 'MT', -16.47, -54.64],
  ['Anápolis', 'GO', -16.33, -48.95],
  ['Vitória da Conquista', 'BA', -14.86, -40.84],
  ['Juazeiro do Norte', 'CE', -7.21, -39.31],
  ['Sobral', 'CE', -3.69, -40.35],
  ['Araguaína', 'TO', -7.19, -48.21],
  ['Ji-Paraná', 'RO', -10.88, -61.95],
  ['Parintins', 'AM', -2.63, -56.74],
  ['Lagarto', 'SE', -10.92, -37.65],
  ['Cruzeiro do Sul', 'AC', -7.63, -72.67],
  ['Santana', 'AP', -0.06, -51.17],
  ['Rorainópolis', 'RR', 0.94, -60.44],
  ['Gama', 'DF', -16.02, -48.06],
];

/**
 * A point near each contact's city, in one set-based UPDATE as the owner before the indexes are
 * built: 4 in 5 within about 0.1° (a sum of uniforms: denser at the centre), 1 in 5 anywhere within
 * 1.5° (the towns around it); random() per row in the SET list.
 */
async function placeContacts(owner: pg.Client): Promise<void> {
  const t = performance.now();
  const points = CITY_POINTS.map(
    ([city, state, lat, lon]) => `('${city.replace(/'/g, "''")}', '${state}', ${lat}, ${lon})`,
  ).join(',\n');
  await owner.query('SELECT setseed(0.1212)');
  await owner.query(`
    UPDATE people p SET
      latitude = c.lat + CASE WHEN p.id % 5 <> 0 THEN (random() + random() - 1) * 0.1 ELSE (random() - 0.5) * 3 END,
      longitude = c.lon + CASE WHEN p.id % 5 <> 0 THEN (random() + random() - 1) * 0.1 ELSE (random() - 0.5) * 3 END,
      geo_status = 'DONE', geo_precision = 'STREET', geo_source = 'bench', geocoded_at = now()
    FROM (VALUES ${points}) AS c (city, state, lat, lon)
    WHERE p.city = c.city AND p.state = c.state AND NOT p.is_team`);
  log(`coordenadas em ${seconds(performance.now() - t)}`);
}

interface Case {
  label: string;
  /** shown for information, outside the targets: a filter the kept cells cannot answer */
  extra?: boolean;
  viewport: { south: number; west: number; north: number; east: number; zoom: number };
  expression: FilterExpression;
}

const u = (field: string, operator: string, ...values: unknown[]) => ({ field, operator, values }) as never;

/** What a 1280 × 800 screen shows at each view. */
const VIEWS = {
  'Brasil (zoom 4)': { south: -48, west: -106, north: 12, east: 6, zoom: 4 },
  'estado SP (zoom 7)': { south: -26.5, west: -55.5, north: -18.5, east: -41.5, zoom: 7 },
  'cidade de São Paulo (zoom 11)': { south: -23.8, west: -47.07, north: -23.3, east: -46.19, zoom: 11 },
};

function cases(tags: string[]): Case[] {
  // the two-condition expression of the targets: a vote and a tag (answered from the kept cells)
  const filtered: FilterExpression = [
    { units: [u('vote', '=', 'CONQUERED'), 'AND', u('tags', 'IN', Number(tags[0]))] },
  ] as never;
  // for information: fields the kept cells do not hold, so the people rows of the view are read
  const scanned: FilterExpression = [
    { units: [u('gender', '=', 'FEMALE'), 'AND', u('influence', '>=', 50)] },
  ] as never;
  return [
    ...Object.entries(VIEWS).flatMap(([name, viewport]) => [
      { label: `${name}, sem filtro`, viewport, expression: [] },
      { label: `${name}, voto = CONQUERED e tag Saúde`, viewport, expression: filtered },
    ]),
    ...Object.entries(VIEWS).map(([name, viewport]) => ({
      label: `${name}, gênero = FEMALE e influência >= 50 (info)`,
      viewport,
      expression: scanned,
      extra: true,
    })),
  ];
}

function httpClient() {
  const thread = new Worker(new URL('./http-client.mjs', import.meta.url));
  type Answer = { ms: number; bytes: number; pins: number; total: number } | { error: string };
  return {
    post(target: string, headers: Record<string, string>, body: string): Promise<Answer> {
      return new Promise((resolve) => {
        thread.once('message', resolve);
        thread.postMessage({ url: target, headers, body });
      });
    },
    close: () => thread.terminate(),
  };
}

async function main() {
  const db = await preparedContactsDatabase(TARGET, () =>
    seedContactsDatabase(TARGET, LOGIN, TOTAL, placeContacts),
  );
  const bench = await startBenchServer(db, LOGIN);
  const { base, headers } = bench;

  const { tags, located } = await withClient(TARGET.ownerUrl, async (c) => {
    const tenantId = (await c.query<{ id: string }>('SELECT id FROM tenants WHERE slug = $1', [LOGIN.slug]))
      .rows[0]?.id;
    await c.query(`SELECT set_config('app.tenant_id', $1, false)`, [tenantId]);
    const tagRows = await c.query<{ id: string }>('SELECT id FROM tags ORDER BY id');
    const count = await c.query<{ n: string }>(
      'SELECT count(*) AS n FROM people WHERE NOT is_team AND latitude IS NOT NULL',
    );
    return { tags: tagRows.rows.map((r) => r.id), located: Number(count.rows[0]?.n) };
  });
  log(
    `contatos com coordenadas: ${located.toLocaleString('pt-BR')}; ${RUNS} medições por caso após ${WARMUP}`,
  );

  const client = httpClient();
  const results: string[][] = [];
  let failed = false;
  for (const c of cases(tags)) {
    const body = JSON.stringify({ expression: c.expression, type: 'PERSON', viewport: c.viewport });
    const times: number[] = [];
    let last = { bytes: 0, pins: 0, total: 0 };
    for (let i = 0; i < WARMUP + RUNS; i++) {
      const answer = await client.post(`${base}/api/people/list-coordinates`, headers, body);
      if ('error' in answer) throw new Error(`${c.label}: ${answer.error}`);
      if (i >= WARMUP) times.push(answer.ms);
      last = answer;
    }
    const p50 = percentile(times, 50);
    const p95 = percentile(times, 95);
    const kb = last.bytes / 1024;
    const ok = p95 < TARGETS.p95Ms && kb < TARGETS.kb;
    if (!ok && !c.extra) failed = true;
    results.push([
      c.label,
      last.total.toLocaleString('pt-BR'),
      String(last.pins),
      p50.toFixed(1),
      p95.toFixed(1),
      kb.toFixed(1),
      c.extra ? (ok ? 'info: ok' : 'info: acima') : ok ? 'ok' : 'MISS',
    ]);
    log(`${c.label}: p95 ${p95.toFixed(1)} ms, ${kb.toFixed(1)} KB`);
  }

  const head = ['caso', 'pessoas', 'pinos', 'p50 ms', 'p95 ms', 'resposta KB', 'alvo'];
  const widths = head.map((h, i) => Math.max(h.length, ...results.map((r) => (r[i] as string).length)));
  const line = (cells: string[]) =>
    `| ${cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] as number) : cell.padStart(widths[i] as number))).join(' | ')} |`;
  console.log(
    `\nPOST /api/people/list-coordinates — ${located.toLocaleString('pt-BR')} contatos com coordenadas`,
  );
  console.log(line(head));
  console.log(`|${widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`);
  for (const r of results) console.log(line(r));
  console.log(
    `\nalvos: p95 < ${TARGETS.p95Ms} ms e resposta < ${TARGETS.kb} KB em cada caso (linhas "info" fora dos alvos)\n`,
  );

  await client.close();
  await bench.close();
  await db.close();
  process.exitCode = failed ? 1 : 0;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
