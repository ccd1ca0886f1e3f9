import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openPGlite, openPostgres } from '../platform/db/engine.ts';
import { migrate } from '../platform/db/migrate.ts';

export const testEngine = (process.env.TEST_ENGINE ?? 'pglite') as 'pglite' | 'postgres';

const APP_ROLE = 'mandato_test_app';
const APP_PASSWORD = 'mandato_test_app';

/**
 * A fresh, migrated database for one test file. PGlite: in memory. PostgreSQL: a new database on
 * the TEST_DATABASE_URL server, migrated by that (owner) role and used through a plain login role,
 * exactly as production runs.
 */
export async function createTestDatabase(): Promise<{
  db: Database;
  ownerUrl?: string;
  appUrl?: string;
  cleanup(): Promise<void>;
}> {
  if (testEngine === 'pglite') {
    const db = await openPGlite(undefined);
    await migrate(db);
    return { db, cleanup: () => db.close() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL não definido');
  const name = `mandato_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const role = await admin.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [APP_ROLE]);
  if (role.rowCount === 0) {
    await admin
      .query(`CREATE ROLE ${APP_ROLE} LOGIN PASSWORD '${APP_PASSWORD}' NOSUPERUSER NOBYPASSRLS`)
      .catch(() => {});
  }
  await admin.end();
  const ownerUrl = withDatabase(adminUrl, name);
  const appUrl = withDatabase(adminUrl, name, APP_ROLE, APP_PASSWORD);
  const db = await openPostgres(appUrl, ownerUrl);
  await migrate(db);
  return {
    db,
    ownerUrl,
    appUrl,
    async cleanup() {
      await db.close();
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      try {
        // a closed connection's backend exits a moment later; FORCE may not end another role's one
        await waitForNoBackends(c, name);
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}

async function waitForNoBackends(c: pg.Client, database: string, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const { rows } = await c.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [
      database,
    ]);
    if (rows[0]?.n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

function withDatabase(url: string, database: string, user?: string, password?: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  if (user) {
    u.username = user;
    u.password = password ?? '';
  }
  return u.toString();
}
