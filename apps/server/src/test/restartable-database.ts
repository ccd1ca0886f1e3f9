import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Database, openPGlite, openPostgres } from '../platform/db/engine.ts';
import { migrate } from '../platform/db/migrate.ts';
import { createTestDatabase, pgliteTemplate, testEngine } from './test-database.ts';

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
        // the first open loads the migrated template (2.7 s; initdb and every migration took 5.2 s,
        // many times that on a loaded machine); the next ones resume the directory, as a restart does
        const fresh = !fs.existsSync(path.join(dir, 'PG_VERSION'));
        const db = await openPGlite(dir, fresh ? await pgliteTemplate() : undefined);
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

/**
 * Runs a worker child (`node --import tsx script`) and kills it with SIGKILL as soon as it has
 * printed `progress N` with N ≥ `killAt`; answers that N once the process is gone. A child that
 * exits on its own first fails the test with its stderr.
 */
export async function killWorkerAtProgress(
  script: string,
  env: Record<string, string | undefined>,
  killAt: number,
): Promise<number> {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const killedAt = await new Promise<number>((resolve, reject) => {
    let out = '';
    let err = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const last = [...out.matchAll(/progress (\d+)/g)].map((m) => Number(m[1])).at(-1) ?? 0;
      if (last >= killAt) {
        child.kill('SIGKILL');
        resolve(last);
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      err += chunk.toString();
    });
    child.on('exit', (code, signal) => {
      if (signal !== 'SIGKILL') reject(new Error(`o worker saiu antes (${code}): ${err.slice(0, 2000)}`));
    });
  });
  if (child.exitCode === null && child.signalCode === null) await new Promise((r) => child.on('exit', r));
  return killedAt;
}
