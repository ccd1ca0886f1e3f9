import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Database, openPGlite, openPostgres } from '../platform/db/engine.ts';
import { migrate } from '../platform/db/migrate.ts';
import { createTestDatabase, testEngine } from './test-database.ts';

/**
 * A database of the engine under test that can be opened again, as a restarted server would (the
 * kill-and-resume tests): PGlite's data directory, or PostgreSQL's URLs; `env` hands the same to
 * a child process (test/*-worker-child.ts).
 */
export async function restartableDatabase(prefix: string): Promise<{
  open: () => Promise<Database>;
  env: Record<string, string>;
  cleanup: () => Promise<void>;
}> {
  if (testEngine === 'pglite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
    return {
      open: async () => {
        const db = await openPGlite(dir);
        await migrate(db);
        return db;
      },
      env: { CHILD_DATA_DIR: dir },
      cleanup: async () => fs.rmSync(dir, { recursive: true, force: true }),
    };
  }
  const { db, appUrl, ownerUrl, cleanup } = await createTestDatabase();
  await db.close();
  return {
    open: () => openPostgres(appUrl as string, ownerUrl),
    env: { CHILD_PG_URL: appUrl as string, CHILD_PG_OWNER_URL: ownerUrl as string },
    cleanup,
  };
}
