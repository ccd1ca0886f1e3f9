import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { restartableDatabase } from '../../test/restartable-database.ts';
import { createTestDatabase, testEngine } from '../../test/test-database.ts';
import type { Database } from '../db/engine.ts';
import { defineQueue } from './queue.ts';
import { JobHandedBack, JobWorker } from './worker.ts';

const log = pino({ level: 'silent' });

const echoQueue = defineQueue({ name: 'test.echo', payload: z.object({ n: z.number() }) });
const flakyQueue = defineQueue({ name: 'test.flaky', payload: z.object({}) });
const onceQueue = defineQueue({ name: 'test.once', payload: z.object({ a: z.number() }) });

/** A promise the test settles when it chooses (a handler that waits on it blocks until then). */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

const jobStates = (db: Database, queue: string) =>
  db.kysely
    .selectFrom('jobs')
    .select('state')
    .where('queue', '=', queue)
    .orderBy('id')
    .execute()
    .then((rows) => rows.map((r) => r.state));

describe(`job queue (${testEngine})`, () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const c of cleanups) await c();
  });

  // two opens of a database on disk (PGlite) or of a new database (PostgreSQL): seconds each, many
  // more on a loaded machine
  it('runs a job enqueued before a restart after it', { timeout: 180_000 }, async () => {
    const { open, cleanup } = await restartableDatabase('mandato-jobs');
    cleanups.push(cleanup);
    let db: Database = await open();
    const before = new JobWorker(db, log, { pollMs: 20 });
    await before.enqueue(echoQueue, { n: 42 });
    await db.close(); // the server stops before the worker ran it

    db = await open();
    const seen: unknown[] = [];
    const after = new JobWorker(db, log, { pollMs: 20 }).register(echoQueue, async (payload) => {
      seen.push(payload);
    });
    after.start();
    await expect.poll(() => seen, { timeout: 60_000 }).toEqual([{ n: 42 }]);
    await after.stop();
    const job = await db.kysely.selectFrom('jobs').select(['state', 'attempts']).executeTakeFirstOrThrow();
    expect(job).toEqual({ state: 'done', attempts: 1 });
    await db.close();
  });

  it('retries a failing job later and gives up after max attempts', async () => {
    const { db, cleanup } = await createTestDatabase();
    cleanups.push(cleanup);
    let calls = 0;
    const worker = new JobWorker(db, log, { pollMs: 20 }).register(flakyQueue, async () => {
      calls++;
      throw new Error('falhou');
    });
    await worker.enqueue(flakyQueue, {}, { maxAttempts: 2 });
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
      onceQueue,
      async () => {},
    );
    await worker.enqueue(onceQueue, { a: 1 }, { singletonKey: 'k' });
    await worker.enqueue(onceQueue, { a: 2 }, { singletonKey: 'k' });
    expect((await db.kysely.selectFrom('jobs').select('id').execute()).length).toBe(1);
    // a worker claimed it and died: state active, lock in the past
    await db.kysely
      .updateTable('jobs')
      .set({ state: 'active', locked_until: new Date(Date.now() - 1000) })
      .execute();
    expect(await worker.drain()).toBe(1);
    expect((await db.kysely.selectFrom('jobs').select('state').executeTakeFirstOrThrow()).state).toBe('done');
  });

  // the polls wait for the worker's state, however long a loaded machine takes to reach it
  it('runs a job of one queue while a job of another queue is still running', {
    timeout: 180_000,
  }, async () => {
    const { db, cleanup } = await createTestDatabase();
    cleanups.push(cleanup);
    const slow = defineQueue({ name: 'test.slow', payload: z.object({}) });
    const quick = defineQueue({ name: 'test.quick', payload: z.object({}) });
    const slowJob = gate();
    const quickRan: string[] = [];
    const worker = new JobWorker(db, log, { pollMs: 20 })
      .register(slow, () => slowJob.opened)
      .register(quick, async () => {
        quickRan.push('ran');
      });
    await worker.enqueue(slow, {});
    await worker.enqueue(quick, {});
    worker.start();
    try {
      await expect.poll(() => jobStates(db, 'test.slow'), { timeout: 60_000 }).toEqual(['active']);
      await expect.poll(() => jobStates(db, 'test.quick'), { timeout: 60_000 }).toEqual(['done']);
      // the slow job is still in its handler: nothing of it finished
      expect(await jobStates(db, 'test.slow')).toEqual(['active']);
      expect(quickRan).toEqual(['ran']);
    } finally {
      slowJob.open();
      await worker.stop();
    }
    expect(await jobStates(db, 'test.slow')).toEqual(['done']);
  });

  it("runs up to the queue's concurrency of its jobs at once, and the next one when a slot frees", {
    timeout: 180_000,
  }, async () => {
    const { db, cleanup } = await createTestDatabase();
    cleanups.push(cleanup);
    const wide = defineQueue({ name: 'test.wide', payload: z.object({ n: z.number() }), concurrency: 3 });
    const gates = [gate(), gate(), gate(), gate()];
    const started: number[] = [];
    let running = 0;
    let mostRunning = 0;
    const worker = new JobWorker(db, log, { pollMs: 20 }).register(wide, async ({ n }) => {
      started.push(n);
      running++;
      mostRunning = Math.max(mostRunning, running);
      await gates[n]?.opened;
      running--;
    });
    for (const n of [0, 1, 2, 3]) await worker.enqueue(wide, { n });
    worker.start();
    try {
      await expect.poll(() => started.length, { timeout: 60_000 }).toBe(3);
      expect(running).toBe(3);
      expect(await jobStates(db, 'test.wide')).toEqual(['active', 'active', 'active', 'pending']);
      gates[0]?.open();
      await expect.poll(() => started.length, { timeout: 60_000 }).toBe(4);
      expect(started.sort()).toEqual([0, 1, 2, 3]);
    } finally {
      for (const g of gates) g.open();
      await worker.stop();
    }
    expect(mostRunning).toBe(3);
    expect(await jobStates(db, 'test.wide')).toEqual(['done', 'done', 'done', 'done']);
  });

  // issue 41 item 4: the process stops (SIGTERM); the polls wait for the worker's state
  it('stopping with handBack asks the handlers to stop: a job handed back is pending at once, its attempt not counted', {
    timeout: 180_000,
  }, async () => {
    const { db, cleanup } = await createTestDatabase();
    cleanups.push(cleanup);
    const polite = defineQueue({ name: 'test.polite', payload: z.object({}) });
    const stubborn = defineQueue({ name: 'test.stubborn', payload: z.object({}) });
    const stubbornJob = gate();
    let handedBack = 0;
    const worker = new JobWorker(db, log, { pollMs: 20 })
      .register(polite, async (_payload, { signal }) => {
        await new Promise((resolve) => signal.addEventListener('abort', resolve));
        handedBack++;
        throw new JobHandedBack();
      })
      .register(stubborn, () => stubbornJob.opened);
    await worker.enqueue(polite, {});
    await worker.enqueue(stubborn, {});
    worker.start();
    await expect.poll(() => jobStates(db, 'test.polite'), { timeout: 60_000 }).toEqual(['active']);
    await expect.poll(() => jobStates(db, 'test.stubborn'), { timeout: 60_000 }).toEqual(['active']);
    // the stubborn handler ignores the signal: past the deadline it keeps its lock
    expect(await worker.stop({ handBack: true, until: Date.now() + 200 })).toBe(false);
    expect(handedBack).toBe(1);
    const row = (queue: string) =>
      db.kysely
        .selectFrom('jobs')
        .select(['state', 'attempts', 'locked_until', 'last_error'])
        .where('queue', '=', queue)
        .executeTakeFirstOrThrow();
    await expect
      .poll(() => row('test.polite'), { timeout: 60_000 })
      .toEqual({
        state: 'pending',
        attempts: 0,
        locked_until: null,
        last_error: null,
      });
    expect((await row('test.stubborn')).state).toBe('active');
    // the next process claims it at once, not after a lock
    const next = new JobWorker(db, log, { pollMs: 20 }).register(polite, async () => {});
    expect(await next.drain()).toBe(1);
    expect((await row('test.polite')).state).toBe('done');
    stubbornJob.open();
    expect(await worker.stop()).toBe(true);
  });

  it('refuses to enqueue a payload its queue does not accept, writing nothing', async () => {
    const { db, cleanup } = await createTestDatabase();
    cleanups.push(cleanup);
    const worker = new JobWorker(db, log, { pollMs: 20 }).register(echoQueue, async () => {});
    await expect(worker.enqueue(echoQueue, { n: 'quarenta' } as never)).rejects.toThrow(
      /payload inválido na fila test\.echo/,
    );
    await expect(worker.enqueue(echoQueue, undefined as never)).rejects.toThrow(/test\.echo/);
    expect(await db.kysely.selectFrom('jobs').select('id').execute()).toEqual([]);
  });

  it('fails a claimed job whose payload does not fit its queue at once, without calling its handler', async () => {
    const { db, cleanup } = await createTestDatabase();
    cleanups.push(cleanup);
    const lines: Array<{ level: number; msg: string; queue?: string }> = [];
    const watched = pino({ level: 'warn' }, { write: (line: string) => lines.push(JSON.parse(line)) });
    const seen: unknown[] = [];
    const worker = new JobWorker(db, watched, { pollMs: 20 }).register(echoQueue, async (payload) => {
      seen.push(payload);
    });
    // as a database trigger or an older version of the server could have written it
    await sql`INSERT INTO jobs (queue, payload) VALUES ('test.echo', '{"n": "sete"}')`.execute(db.kysely);
    await worker.enqueue(echoQueue, { n: 7 });
    expect(await worker.drain()).toBe(2);
    expect(seen).toEqual([{ n: 7 }]);
    const jobs = await db.kysely
      .selectFrom('jobs')
      .select(['state', 'attempts', 'last_error'])
      .orderBy('id')
      .execute();
    expect(jobs[0]).toMatchObject({ state: 'failed', attempts: 1 });
    expect(jobs[0]?.last_error).toMatch(/payload inválido na fila test\.echo/);
    expect(jobs[0]?.last_error).toMatch(/\bn\b/);
    expect(jobs[1]).toMatchObject({ state: 'done', last_error: null });
    expect(lines.some((l) => l.queue === 'test.echo' && l.level >= 50)).toBe(true);
    // not tried again
    await db.kysely
      .updateTable('jobs')
      .set({ run_at: new Date(Date.now() - 1000) })
      .execute();
    expect(await worker.drain()).toBe(0);
    expect(seen).toEqual([{ n: 7 }]);
  });
});
