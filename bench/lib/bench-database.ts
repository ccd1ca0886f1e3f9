/**
 * What the PostgreSQL benchmarks share: a database of their own (dropped and created afresh), the
 * login role the server connects as (no table ownership, no BYPASSRLS, as production), one tenant
 * with its user, and a million-contact seed loaded in bulk (indexes built once after the load).
 */
import { performance } from 'node:perf_hooks';
import type { Role } from '@mandato/domain';
import pg from 'pg';
import { createUser } from '../../apps/server/src/modules/team/team.service.ts';
import { createTenant } from '../../apps/server/src/modules/tenants/tenants.service.ts';
import { type Database, openPostgres } from '../../apps/server/src/platform/db/engine.ts';
import { migrate } from '../../apps/server/src/platform/db/migrate.ts';
import { withTenant } from '../../apps/server/src/platform/db/tenancy.ts';
import { seedPeople } from '../people-search/seed.ts';

export const APP_ROLE = 'mandato_bench_app';
const APP_PASSWORD = 'mandato_bench_app';

export const log = (...args: unknown[]) =>
  console.log(`[${new Date().toISOString().slice(11, 19)}]`, ...args);
export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export interface BenchDatabase {
  /** the owner connection (migrations, seeds, VACUUM) */
  ownerUrl: string;
  /** the server's connection, as the login role */
  appUrl: string;
  name: string;
}

const withPath = (base: string, changes: { db?: string; user?: string; password?: string }) => {
  const u = new URL(base);
  if (changes.db) u.pathname = `/${changes.db}`;
  if (changes.user) u.username = changes.user;
  if (changes.password) u.password = changes.password;
  return u.toString();
};

/**
 * The database of one benchmark: `envVar` (an owner URL) if set, else `defaultName` on the local
 * cluster CI uses (or on DATABASE_URL / TEST_DATABASE_URL's server).
 */
export function benchDatabase(envVar: string, defaultName: string): BenchDatabase {
  const given = process.env[envVar];
  const base =
    given ??
    process.env.DATABASE_URL ??
    process.env.TEST_DATABASE_URL ??
    'postgres://mandato_ci:mandato_ci@localhost:5432/mandato_ci';
  const ownerUrl = given ?? withPath(base, { db: defaultName });
  const name = decodeURIComponent(new URL(ownerUrl).pathname.slice(1));
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`nome de banco inválido: ${name}`);
  return { ownerUrl, appUrl: withPath(ownerUrl, { user: APP_ROLE, password: APP_PASSWORD }), name };
}

export async function withClient<T>(connectionString: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Drops and creates the database (through BENCH_ADMIN_DB, default postgres) and the login role. */
export async function recreateDatabase(target: BenchDatabase): Promise<void> {
  const admin = withPath(target.ownerUrl, { db: process.env.BENCH_ADMIN_DB ?? 'postgres' });
  await withClient(admin, async (c) => {
    await c.query(`DROP DATABASE IF EXISTS ${target.name} WITH (FORCE)`);
    await c.query(`CREATE DATABASE ${target.name}`);
    const role = await c.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [APP_ROLE]);
    if (role.rowCount === 0)
      await c.query(`CREATE ROLE ${APP_ROLE} LOGIN PASSWORD '${APP_PASSWORD}' NOSUPERUSER NOBYPASSRLS`);
  });
}

export function openBenchDatabase(target: BenchDatabase): Promise<Database> {
  return openPostgres(target.appUrl, target.ownerUrl);
}

export interface BenchLogin {
  slug: string;
  email: string;
  password: string;
  permissions: Role[];
}

/** The tenant (PREMIUM) and its user; answers their ids. */
export async function createBenchTenant(
  db: Database,
  login: BenchLogin,
  name = 'Mandato Benchmark',
): Promise<{ tenantId: string; userId: string }> {
  const tenantId = await createTenant(
    { db },
    { slug: login.slug, name, planId: 'PREMIUM', marketingSecret: null },
  );
  await createUser(
    { db },
    {
      tenantSlug: login.slug,
      email: login.email,
      name: 'Benchmark',
      password: login.password,
      permissions: login.permissions,
    },
  );
  const userId = await withTenant(db, tenantId, async (ctx) =>
    String(
      (
        await ctx.trx
          .selectFrom('users')
          .select('id')
          .where('email', '=', login.email)
          .executeTakeFirstOrThrow()
      ).id,
    ),
  );
  return { tenantId, userId };
}

/**
 * A fresh migrated database with the tenant, its user and `total` contacts of the people-search
 * seed, loaded in bulk: the secondary indexes of people and its search tables are dropped, the rows
 * inserted, the indexes built once, then VACUUM ANALYZE.
 */
export async function seedContactsDatabase(
  target: BenchDatabase,
  login: BenchLogin,
  total: number,
  /** more set-based writes on the seeded rows, before the indexes are built (bench:map's points) */
  beforeIndexes?: (owner: pg.Client, ids: { tenantId: string; userId: string }) => Promise<void>,
): Promise<{ tenantId: string; userId: string }> {
  await recreateDatabase(target);
  const db = await openBenchDatabase(target);
  await migrate(db);
  const ids = await createBenchTenant(db, login);
  await db.close();
  await withClient(target.ownerUrl, async (owner) => {
    // the owner is subject to FORCE ROW LEVEL SECURITY too: the tenant is set for the session
    await owner.query(`SELECT set_config('app.tenant_id', $1, false)`, [ids.tenantId]);
    const { rows: indexes } = await owner.query<{ name: string; def: string }>(`
      SELECT i.indexname AS name, i.indexdef AS def FROM pg_indexes i
      JOIN pg_class c ON c.relname = i.indexname JOIN pg_index x ON x.indexrelid = c.oid
      WHERE i.tablename IN ('people', 'person_tags', 'person_name_words')
        AND NOT x.indisunique AND NOT x.indisprimary`);
    for (const index of indexes) await owner.query(`DROP INDEX ${index.name}`);
    let t = performance.now();
    log(`inserindo ${total.toLocaleString('pt-BR')} contatos…`);
    await seedPeople(owner, { tenantId: ids.tenantId, userId: ids.userId, total, companies: 2000 });
    log(`inseridos em ${seconds(performance.now() - t)}`);
    if (beforeIndexes) await beforeIndexes(owner, ids);
    log(`criando ${indexes.length} índices…`);
    t = performance.now();
    await owner.query(`SET maintenance_work_mem = '512MB'`);
    for (const index of indexes) await owner.query(index.def);
    log(`índices em ${seconds(performance.now() - t)}; VACUUM ANALYZE…`);
    await owner.query('VACUUM (ANALYZE)');
  });
  return ids;
}

/**
 * The benchmark's contacts database, opened as the app's login role: seeded afresh, or with
 * BENCH_REUSE=1 the one already there. New migrations are applied (a no-op on a fresh database)
 * and, when any ran, the statistics and visibility map refreshed (a migration may rewrite people
 * or fill new tables).
 */
export async function preparedContactsDatabase(
  target: BenchDatabase,
  seed: () => Promise<unknown>,
): Promise<Database> {
  if (process.env.BENCH_REUSE !== '1') await seed();
  else log('BENCH_REUSE=1: usando o banco existente', target.name);
  const db = await openBenchDatabase(target);
  const applied = await migrate(db);
  if (applied.length > 0) {
    log(`migrações aplicadas: ${applied.join(', ')}; VACUUM ANALYZE…`);
    await withClient(target.ownerUrl, (owner) => owner.query('VACUUM (ANALYZE)'));
  }
  return db;
}

/** The p-th percentile (nearest rank) of the timings. */
export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
};
