import fs from 'node:fs';
import path from 'node:path';
import { SERVER_ROOT } from '../paths.ts';
import type { Database, OwnerQuery } from './engine.ts';

export const MIGRATIONS_DIR = path.join(SERVER_ROOT, 'migrations');

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The migrations of this version, in the order they apply. */
export function migrationFiles(dir = MIGRATIONS_DIR): string[] {
  return fs
    .readdirSync(dir)
    .filter((f) => /^\d{4}_[a-z0-9_]+\.sql$/.test(f))
    .sort();
}

/**
 * The migrations of `files` the database has not applied (readiness, platform/health): read as the
 * owner, since the app role has no access to schema_migrations.
 */
export async function pendingMigrations(db: Database, files: readonly string[]): Promise<string[]> {
  const rows = await db.ownerSession((run) => run('SELECT name FROM schema_migrations', []));
  const done = new Set(rows.map((r) => String(r.name)));
  return files.filter((file) => !done.has(file));
}

/** Applies pending migrations in order, each in its own transaction, then grants the app role. */
export async function migrate(db: Database, dir = MIGRATIONS_DIR): Promise<string[]> {
  const files = migrationFiles(dir);
  return db.ownerSession(async (run) => {
    await run('SELECT pg_advisory_lock(74218530)', []);
    try {
      await run(`CREATE TABLE IF NOT EXISTS schema_migrations (
        name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
      const done = new Set((await run('SELECT name FROM schema_migrations', [])).map((r) => String(r.name)));
      const applied: string[] = [];
      for (const file of files) {
        if (done.has(file)) continue;
        const sql = fs.readFileSync(path.join(dir, file), 'utf8');
        await run(`BEGIN;\n${sql}\n;INSERT INTO schema_migrations (name) VALUES ('${file}');\nCOMMIT;`).catch(
          async (error: Error) => {
            await run('ROLLBACK').catch(() => {});
            throw new Error(`Falha ao aplicar a migração ${file}: ${error.message}`);
          },
        );
        applied.push(file);
      }
      await grantAppRole(run, db);
      return applied;
    } finally {
      await run('SELECT pg_advisory_unlock(74218530)', []);
    }
  });
}

async function grantAppRole(run: OwnerQuery, db: Database) {
  const role = ident(db.appRole);
  if (db.engine === 'pglite') {
    const exists = await run('SELECT 1 FROM pg_roles WHERE rolname = $1', [db.appRole]);
    if (exists.length === 0) await run(`CREATE ROLE ${role} NOLOGIN NOSUPERUSER NOBYPASSRLS`);
  }
  const owner = await run('SELECT current_user AS name', []);
  if (owner[0]?.name === db.appRole) return; // owner and app are one role only in misconfigured set-ups; refused at start
  await run(`GRANT USAGE ON SCHEMA public TO ${role};
    GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${role};
    GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${role};
    REVOKE ALL ON schema_migrations FROM ${role};`);
}
