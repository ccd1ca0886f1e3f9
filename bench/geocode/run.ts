/**
 * npm run bench:geocode — geocoding 100,000 new addresses with the offline source (issue 12) on
 * PostgreSQL. Target: ≥ 5,000 addresses/s.
 *
 * Since migration 0028 the offline source answers inside the statement that saves the rows (the
 * BEFORE trigger looks the city up in geo_municipalities): no second write, no job. So the bench
 * measures
 *   1. what geocoding adds to a 1,000-row INSERT (an import batch): the geocoding triggers off, on,
 *      off, on; the addresses/s of the geocoding work is 1,000 / that difference;
 *   2. 100,000 new addresses of one tenant inserted in 1,000-row statements: every row has its
 *      point (or NOT_FOUND) when its statement commits, and no job was queued;
 *   3. the job path, used when an HTTP geocoder is configured (rows wait PENDING with the city's
 *      point): the same 100,000 addresses settled by the queue job, for reference.
 *
 * Settings (environment):
 *   BENCH_GEOCODE_DATABASE_URL  owner connection; its database is dropped and created afresh
 *                               (default postgres://mandato_ci:mandato_ci@localhost:5432/mandato_bench_geocode)
 *   BENCH_ADMIN_DB              database to connect to while (re)creating it (default postgres)
 *   BENCH_ADDRESSES             people to geocode (default 100000)
 *   BENCH_SKIP_JOB              skip step 3
 */
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import pino from 'pino';
import { geocodeHandler, geocodeQueue } from '../../apps/server/src/modules/geocoding/geocoding.job.ts';
import { recordHttpGeocoder } from '../../apps/server/src/modules/geocoding/geocoding.repository.ts';
import { offlineMunicipalities } from '../../apps/server/src/modules/geocoding/offline-source.ts';
import { createGeocoders } from '../../apps/server/src/modules/geocoding/resolve.ts';
import { createTenant } from '../../apps/server/src/modules/tenants/tenants.service.ts';
import { loadConfig } from '../../apps/server/src/platform/config/config.ts';
import { type Database, openPostgres } from '../../apps/server/src/platform/db/engine.ts';
import { migrate } from '../../apps/server/src/platform/db/migrate.ts';
import { withTenant } from '../../apps/server/src/platform/db/tenancy.ts';
import { JobWorker } from '../../apps/server/src/platform/jobs/worker.ts';

const OWNER_URL =
  process.env.BENCH_GEOCODE_DATABASE_URL ??
  'postgres://mandato_ci:mandato_ci@localhost:5432/mandato_bench_geocode';
const ADMIN_DB = process.env.BENCH_ADMIN_DB ?? 'postgres';
const ADDRESSES = Number(process.env.BENCH_ADDRESSES ?? 100_000);
const TARGET = 5_000;
const APP_ROLE = 'mandato_bench_app';
const APP_PASSWORD = 'mandato_bench_app';
const INSERT_ROWS = 1_000;

const log = (...args: unknown[]) => console.log(`[${new Date().toISOString().slice(11, 19)}]`, ...args);
const withDb = (url: string, db: string) => {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.toString();
};

async function freshDatabase(): Promise<Database> {
  const name = decodeURIComponent(new URL(OWNER_URL).pathname.slice(1));
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`nome de banco inválido: ${name}`);
  const admin = new pg.Client({ connectionString: withDb(OWNER_URL, ADMIN_DB) });
  await admin.connect();
  // a connection of the last run closed a moment ago may still have its backend
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      break;
    } catch (error) {
      if (attempt >= 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  await admin.query(`CREATE DATABASE ${name}`);
  const role = await admin.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [APP_ROLE]);
  if (role.rowCount === 0)
    await admin.query(`CREATE ROLE ${APP_ROLE} LOGIN PASSWORD '${APP_PASSWORD}' NOSUPERUSER NOBYPASSRLS`);
  await admin.end();
  const u = new URL(OWNER_URL);
  u.username = APP_ROLE;
  u.password = APP_PASSWORD;
  const db = await openPostgres(u.toString(), OWNER_URL);
  await migrate(db);
  return db;
}

/** How a person may have typed the city: as IBGE writes it, upper case, or without accents. */
const spellings = [
  (s: string) => s,
  (s: string) => s.toUpperCase(),
  (s: string) => s.normalize('NFD').replace(/\p{M}+/gu, ''),
  (s: string) => ` ${s.toLowerCase()} `,
];

/** The i-th person: a municipality of the table (1 in 50 a place that is none), a street, a CEP. */
function person(tenantId: string, i: number) {
  const all = offlineMunicipalities().all;
  const m = all[(i * 7919) % all.length];
  const spell = spellings[i % spellings.length] ?? spellings[0];
  const unknown = i % 50 === 0;
  return {
    tenant_id: tenantId,
    name: `Pessoa ${i}`,
    street: `Rua ${i % 997}`,
    number: String(i % 1000),
    neighborhood: 'Centro',
    zip_code: String(10_000_000 + ((i * 31) % 89_999_999)),
    city: unknown ? `Lugarejo ${i}` : spell?.(m?.name ?? ''),
    state: m?.uf,
  };
}

async function insertPeople(db: Database, tenantId: string, from: number, count: number): Promise<number[]> {
  const times: number[] = [];
  for (let start = from; start < from + count; start += INSERT_ROWS) {
    const rows = Array.from({ length: Math.min(INSERT_ROWS, from + count - start) }, (_, k) =>
      person(tenantId, start + k),
    );
    const t0 = performance.now();
    await withTenant(db, tenantId, (ctx) => ctx.trx.insertInto('people').values(rows).execute());
    times.push(performance.now() - t0);
  }
  return times;
}

async function geoCounts(db: Database, tenantId: string): Promise<Record<string, number>> {
  const counts = await withTenant(db, tenantId, (ctx) =>
    ctx.trx
      .selectFrom('people')
      .select(['geo_status', 'geo_precision', (eb) => eb.fn.countAll<string>().as('n')])
      .groupBy(['geo_status', 'geo_precision'])
      .execute(),
  );
  return Object.fromEntries(counts.map((c) => [`${c.geo_status}/${c.geo_precision ?? '-'}`, Number(c.n)]));
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

async function main() {
  log(`banco novo em ${withDb(OWNER_URL, '…').replace(/:[^:@/]*@/, ':***@')}`);
  const db = await freshDatabase();
  const tenantOf = async (slug: string) =>
    createTenant({ db }, { slug, name: slug, planId: 'PREMIUM', marketingSecret: null });

  // 1. what the triggers cost a 1,000-row INSERT (an import batch): off, on, off, on
  const owner = new pg.Client({ connectionString: OWNER_URL });
  await owner.connect();
  const geoTriggers = async (on: boolean) => {
    for (const trigger of ['people_geo_address', 'people_geo_enqueue_insert'])
      await owner.query(`ALTER TABLE people ${on ? 'ENABLE' : 'DISABLE'} TRIGGER ${trigger}`);
  };
  const scratch = await tenantOf('bench-geocode-insert');
  const perInsert = { off: [] as number[], on: [] as number[] };
  let next = 0;
  for (const on of [false, true, false, true]) {
    await geoTriggers(on);
    perInsert[on ? 'on' : 'off'].push(...(await insertPeople(db, scratch, next, 20 * INSERT_ROWS)));
    next += 20 * INSERT_ROWS;
  }
  await geoTriggers(true);
  await owner.end();
  const off = median(perInsert.off);
  const on = median(perInsert.on);
  const geocodeRate = Math.round((INSERT_ROWS / Math.max(on - off, 0.001)) * 1000);
  log(
    `INSERT de ${INSERT_ROWS} pessoas (mediana de ${perInsert.on.length}): sem os gatilhos de geocodificação ${off.toFixed(1)} ms, com eles ${on.toFixed(1)} ms (+${(on - off).toFixed(1)} ms, +${(((on - off) / off) * 100).toFixed(0)}%)`,
  );

  // 2. 100,000 new addresses of one tenant, geocoded as they are written
  const tenant = await tenantOf('bench-geocode');
  const tLoad = performance.now();
  await insertPeople(db, tenant, 0, ADDRESSES);
  const loadMs = performance.now() - tLoad;
  const settled = await geoCounts(db, tenant);
  const jobs = await db.kysely
    .selectFrom('jobs')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('queue', '=', geocodeQueue.name)
    .where('singleton_key', '=', `geo:${tenant}`)
    .executeTakeFirstOrThrow();
  log(
    `${ADDRESSES.toLocaleString('pt-BR')} pessoas inseridas e geocodificadas em ${(loadMs / 1000).toFixed(1)} s (${Math.round((ADDRESSES / loadMs) * 1000).toLocaleString('pt-BR')} linhas/s com a gravação): ${JSON.stringify(settled)}, jobs de geocodificação: ${jobs.n}`,
  );
  if ((settled['DONE/CITY'] ?? 0) + (settled['NOT_FOUND/-'] ?? 0) !== ADDRESSES)
    throw new Error('nem todo endereço foi geocodificado ao ser gravado');

  // 3. the job path (an HTTP geocoder configured): rows wait PENDING, the job settles them
  if (!process.env.BENCH_SKIP_JOB) {
    await recordHttpGeocoder(db.kysely, true);
    const waiting = await tenantOf('bench-geocode-job');
    await insertPeople(db, waiting, 0, ADDRESSES);
    await recordHttpGeocoder(db.kysely, false);
    await db.ownerSession((run) => run('ANALYZE', []));
    const quiet = pino({ level: 'silent' });
    const config = loadConfig({ NODE_ENV: 'production' });
    const worker = new JobWorker(db, quiet, { pollMs: 50 }).register(
      geocodeQueue,
      geocodeHandler({ db, log: quiet, config, geocoders: createGeocoders(config.geocoder) }),
    );
    const t0 = performance.now();
    while ((await worker.drain()) > 0);
    const ms = performance.now() - t0;
    log(
      `caminho do job (com geocodificador HTTP configurado; aqui só a fonte offline responde): ${ADDRESSES.toLocaleString('pt-BR')} endereços em ${(ms / 1000).toFixed(1)} s = ${Math.round((ADDRESSES / ms) * 1000).toLocaleString('pt-BR')} endereços/s: ${JSON.stringify(await geoCounts(db, waiting))}`,
    );
  }

  console.log(
    `\ngeocodificação offline (PostgreSQL): +${(on - off).toFixed(1)} ms por ${INSERT_ROWS} endereços gravados = ${geocodeRate.toLocaleString('pt-BR')} endereços/s (meta ≥ ${TARGET.toLocaleString('pt-BR')}) ${geocodeRate >= TARGET ? 'OK' : 'ABAIXO DA META'}; ${ADDRESSES.toLocaleString('pt-BR')} endereços com ponto ao confirmar a gravação, nenhum job`,
  );
  const rate = geocodeRate;
  await db.close();
  if (rate < TARGET) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
