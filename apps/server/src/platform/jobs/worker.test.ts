import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testEngine } from '../../test/test-database.ts';
import { type Database, openPGlite, openPostgres } from '../db/engine.ts';
import { migrate } from '../db/migrate.ts';
import { JobWorker } from './worker.ts';

const log = pino({ level: 'silent' });

/** Opens the same database twice in a row, as a server restart does. */
async function restartableDatabase() {
  if (testEngine === 'pglite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mandato-jobs-'));
    const open = async () => {
      const db = await openPGlite(dir);
      await migrate(db);
      return db;
    };
    return { open, cleanup: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  }
  const { db, appUrl, ownerUrl, cleanup } = await createTestDatabase();
  await db.close();
  return { open: () => openPostgres(appUrl as string, ownerUrl), cleanup };
}

describe(`job queue (${testEngine})`, () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const c of cleanups) await c();
  });

  it('runs a job enqueued before a restart after it', async () => {
    const { open, cleanup } = await restartableDatabase();
    cleanups.push(cleanup);
    let db: Database = await open();
    const before = new JobWorker(db, log, { pollMs: 20 });
    await before.enqueue('test.echo', { n: 42 });
    await db.close(); // the server stops before the worker ran it

    db = await open();
    const seen: unknown[] = [];
    const after = new JobWorker(db, log, { pollMs: 20 }).register('test.echo', async (payload) => {
      seen.push(payload);
    });
    after.start();
    await expect.poll(() => seen, { timeout: 5000 }).toEqual([{ n: 42 }]);
    await after.stop();
    const job = await db.kysely.selectFrom('jobs').select(['state', 'attempts']).executeTakeFirstOrThrow();
    expect(job).toEqual({ state: 'done', attempts: 1 });
    await db.close();
  });

  it('retries a failing job later and gives up after max attempts', async () => {
    const { db, cleanup } = await createTestDatabase();
    cleanups.push(cleanup);
    let calls = 0;
    const worker = new JobWorker(db, log, { pollMs: 20 }).register('test.flaky', async () => {
      calls++;
      throw new Error('falhou');
    });
    await worker.enqueue('test.flaky', {}, { maxAttempts: 2 });
    expect(await worker.drain()).toBe(1);
    let job = await db.kysely
      .selectFrom('jobs')
      .select(['state', 'attempts', 'last_error'])
      .executeTakeFirstOrThrow();
    expect(job).toEqual({ state: 'pending', attempts: 1, last_error: 'falhou' });
    expect(await worker.drain()).toBe(0); // backed off: not due yet
    await db.kysely
      .updateTable('jobs')
      .set({ run_at: new Date(Date.now() - 1000) })
      .execute();
    expect(await worker.drain()).toBe(1);
    job = await db.kysely
      .selectFrom('jobs')
      .select(['state', 'attempts', 'last_error'])
      .executeTakeFirstOrThrow();
    expect(job.state).toBe('failed');
    expect(calls).toBe(2);
  });

  it('claims a job whose worker died once its lock expired, and keeps one pending job per singleton key', async () => {
    const { db, cleanup } = await createTestDatabase();
    cleanups.push(cleanup);
    const worker = new JobWorker(db, log, { pollMs: 20, lockSeconds: 60 }).register(
      'test.once',
      async () => {},
    );
    await worker.enqueue('test.once', { a: 1 }, { singletonKey: 'k' });
    await worker.enqueue('test.once', { a: 2 }, { singletonKey: 'k' });
    expect((await db.kysely.selectFrom('jobs').select('id').execute()).length).toBe(1);
    // a worker claimed it and died: state active, lock in the past
    await db.kysely
      .updateTable('jobs')
      .set({ state: 'active', locked_until: new Date(Date.now() - 1000) })
      .execute();
    expect(await worker.drain()).toBe(1);
    expect((await db.kysely.selectFrom('jobs').select('state').executeTakeFirstOrThrow()).state).toBe('done');
  });
});
