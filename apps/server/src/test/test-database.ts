import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type Database, openPGlite, openPostgres } from '../platform/db/engine.ts';
import { MIGRATIONS_DIR, migrate } from '../platform/db/migrate.ts';
import { SERVER_ROOT } from '../platform/paths.ts';

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
    const db = await openPGlite(undefined, await pgliteTemplate());
    await migrate(db); // a no-op on the template; applies what a test file's own migrations add
    return { db, cleanup: () => db.close() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL não definido');
  const template = await postgresTemplate(adminUrl);
  const name = `mandato_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  } finally {
    await admin.end();
  }
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
        await dropDatabase(c, name);
      } finally {
        await c.end();
      }
    },
  };
}

/**
 * DROP … WITH (FORCE) refuses (42501) when a backend it may not signal is in the database: an
 * autovacuum worker that started on it after the wait. That worker ends soon; try again.
 */
async function dropDatabase(c: pg.Client, database: string, attempts = 100): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await c.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '42501' || attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
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

/*
 * Migrated templates. Opening PGlite from scratch (initdb in WebAssembly) and migrating took ~3 s
 * per test file; loading a dumped data directory takes ~0.6 s. On PostgreSQL, CREATE DATABASE …
 * TEMPLATE copies files instead of replaying every migration. Both are keyed by the migrations'
 * contents (and the PGlite version), built once by whichever test gets there first, and published
 * atomically (rename) so parallel workers and concurrent runs never see a half-built one.
 */
function templateKey(): string {
  const hash = createHash('sha256');
  const pglitePackage = path.join(SERVER_ROOT, '../../node_modules/@electric-sql/pglite/package.json');
  if (fs.existsSync(pglitePackage)) hash.update(fs.readFileSync(pglitePackage));
  for (const file of fs.readdirSync(MIGRATIONS_DIR).sort()) {
    hash.update(file).update(fs.readFileSync(path.join(MIGRATIONS_DIR, file)));
  }
  return hash.digest('hex').slice(0, 16);
}

let pgliteTemplateBlob: Promise<Blob> | undefined;

/** The migrated PGlite data directory (a tar), built once (see above). */
export function pgliteTemplate(): Promise<Blob> {
  pgliteTemplateBlob ??= (async () => {
    const file = path.join(os.tmpdir(), `mandato-test-pglite-${templateKey()}.tar`);
    if (!fs.existsSync(file)) {
      const db = await openPGlite(undefined);
      try {
        await migrate(db);
        const dump = await (db.dumpDataDir as () => Promise<Blob>)();
        const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
        fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
        fs.renameSync(partial, file);
        for (const stale of fs.readdirSync(os.tmpdir())) {
          if (
            /^mandato-test-pglite-[0-9a-f]{16}\.tar$/.test(stale) &&
            path.join(os.tmpdir(), stale) !== file
          ) {
            fs.rmSync(path.join(os.tmpdir(), stale), { force: true });
          }
        }
      } finally {
        await db.close();
      }
    }
    return new Blob([fs.readFileSync(file)]);
  })();
  return pgliteTemplateBlob;
}

async function postgresTemplate(adminUrl: string): Promise<string> {
  const template = `mandato_tpl_${templateKey()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const role = await admin.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [APP_ROLE]);
    if (role.rowCount === 0) {
      await admin
        .query(`CREATE ROLE ${APP_ROLE} LOGIN PASSWORD '${APP_PASSWORD}' NOSUPERUSER NOBYPASSRLS`)
        .catch(() => {});
    }
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [template]);
    if (exists.rowCount) return template;
    const building = `mandato_tplb_${randomBytes(6).toString('hex')}`;
    await admin.query(`CREATE DATABASE ${building}`);
    const db = await openPostgres(
      withDatabase(adminUrl, building, APP_ROLE, APP_PASSWORD),
      withDatabase(adminUrl, building),
    );
    try {
      await migrate(db);
    } finally {
      await db.close();
    }
    await waitForNoBackends(admin, building);
    // another run may have published the same template meanwhile: keep theirs, drop ours
    await admin.query(`ALTER DATABASE ${building} RENAME TO ${template}`).catch(async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
    });
    // templates of older migrations: best effort, never one in use
    const stale = await admin.query(
      "SELECT datname FROM pg_database WHERE datname LIKE 'mandato\\_tpl\\_%' AND datname <> $1",
      [template],
    );
    for (const { datname } of stale.rows) await admin.query(`DROP DATABASE ${datname}`).catch(() => {});
    return template;
  } finally {
    await admin.end();
  }
}
