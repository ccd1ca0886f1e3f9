import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Config } from '../config/config.ts';
import { embeddedDataDir, lockDataDir } from './data-dir-lock.ts';
import { PGliteDialect } from './pglite-dialect.ts';
import type { DB } from './schema.ts';

/** The role tenant work runs as on PGlite (its one session is a superuser, so we drop to this). */
export const EMBEDDED_APP_ROLE = 'mandato_app';

// int8 and numeric as JS strings would leak into JSON; counts and ids fit in a double here
pg.types.setTypeParser(20, (v) => v);
// dates stay 'YYYY-MM-DD' strings: a JS Date at local midnight shifts days across time zones
pg.types.setTypeParser(1082, (v) => v);

export type OwnerQuery = (sql: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

export interface Database {
  engine: 'pglite' | 'postgres';
  kysely: Kysely<DB>;
  /** Role that tenant transactions run as and that migrations grant to. */
  appRole: string;
  /** One session as the owner role (migrations): `run` takes multi-statement SQL when no params. */
  ownerSession<T>(fn: (run: OwnerQuery) => Promise<T>): Promise<T>;
  /** Connections in use, idle and awaited (metrics): PGlite's one session, or the pool's. */
  connections(): { inUse: number; idle: number; waiting: number; max: number };
  /** PGlite only: the whole data directory as an uncompressed tar (tests keep a migrated template). */
  dumpDataDir?(): Promise<Blob>;
  close(): Promise<void>;
}

export async function openDatabase(config: Pick<Config, 'databaseUrl' | 'databaseMigrationUrl' | 'dataDir'>) {
  const dataDir = embeddedDataDir(config);
  return dataDir === undefined
    ? openPostgres(config.databaseUrl as string, config.databaseMigrationUrl)
    : openPGlite(dataDir);
}

/** `loadDataDir`: an in-memory database starting from a dumped data directory (tests' migrated template). */
export async function openPGlite(dataDir: string | undefined, loadDataDir?: Blob): Promise<Database> {
  const release = dataDir ? lockDataDir(dataDir) : () => {};
  let pglite: PGlite;
  try {
    pglite = await PGlite.create({
      ...(dataDir ? { dataDir } : {}),
      ...(loadDataDir ? { loadDataDir } : {}),
      parsers: { 1082: (v: string) => v },
      // search (migration 0003): trigram GIN for CONTAINS, btree_gin to lead GIN with tenant_id,
      // unaccent for the case- and accent-insensitive search_norm()
      extensions: { pg_trgm, btree_gin, unaccent },
    });
  } catch (error) {
    release();
    throw error;
  }
  const dialect = new PGliteDialect(pglite);
  const kysely = new Kysely<DB>({ dialect });
  return {
    engine: 'pglite',
    kysely,
    appRole: EMBEDDED_APP_ROLE,
    connections() {
      const { inUse, waiting } = dialect.connections();
      return { inUse, idle: 1 - inUse, waiting, max: 1 };
    },
    ownerSession(fn) {
      // through kysely's driver so it waits for the single connection like every other query
      return kysely.connection().execute(() =>
        fn(async (sql, params) => {
          if (params) return (await pglite.query<Record<string, unknown>>(sql, params)).rows;
          const results = await pglite.exec(sql);
          return (results.at(-1)?.rows ?? []) as Record<string, unknown>[];
        }),
      );
    },
    dumpDataDir: () => pglite.dumpDataDir('none'),
    async close() {
      await kysely.destroy();
      await pglite.close();
      release();
    },
  };
}

export async function openPostgres(databaseUrl: string, migrationUrl = databaseUrl): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: Number(process.env.DATABASE_POOL_MAX ?? 10),
  });
  const appRole = new URL(databaseUrl).username || 'postgres';
  const kysely = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return {
    engine: 'postgres',
    kysely,
    appRole: decodeURIComponent(appRole),
    connections: () => ({
      inUse: pool.totalCount - pool.idleCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: pool.options.max ?? 10,
    }),
    async ownerSession(fn) {
      const client = new pg.Client({ connectionString: migrationUrl });
      await client.connect();
      try {
        return await fn(async (sql, params) => {
          const result = await client.query(sql, params);
          const last = Array.isArray(result) ? result.at(-1) : result;
          return (last?.rows ?? []) as Record<string, unknown>[];
        });
      } finally {
        await client.end();
      }
    },
    async close() {
      await kysely.destroy();
    },
  };
}
