import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema.ts';

export interface JobRow {
  id: string;
  queue: string;
  payload: unknown;
  attempts: number;
  max_attempts: number;
}

export interface EnqueueOptions {
  /** Run no earlier than this. */
  runAt?: Date;
  maxAttempts?: number;
  /** At most one pending/active job per (queue, key). */
  singletonKey?: string;
}

/** SQL of the job queue. `db` may be a transaction so a job is enqueued atomically with its cause. */
export const jobsRepository = {
  async enqueue(
    db: Kysely<DB>,
    queue: string,
    payload: unknown,
    options: EnqueueOptions = {},
  ): Promise<void> {
    await db
      .insertInto('jobs')
      .values({
        queue,
        payload: JSON.stringify(payload ?? {}),
        run_at: options.runAt ?? new Date(),
        max_attempts: options.maxAttempts ?? 5,
        singleton_key: options.singletonKey ?? null,
        locked_until: null,
        last_error: null,
        finished_at: null,
      })
      .onConflict((oc) =>
        oc
          .columns(['queue', 'singleton_key'])
          .where('singleton_key', 'is not', null)
          .where('state', 'in', ['pending', 'active'])
          .doNothing(),
      )
      .execute();
  },

  /**
   * Claims up to `limit` due jobs of one queue. A job whose worker died (lock expired) is claimed
   * again, so nothing enqueued is lost across a crash or restart.
   */
  async claim(db: Kysely<DB>, queue: string, limit: number, lockSeconds: number): Promise<JobRow[]> {
    const { rows } = await sql<JobRow>`
      UPDATE jobs SET state = 'active', attempts = attempts + 1,
        locked_until = now() + make_interval(secs => ${lockSeconds})
      WHERE id IN (
        SELECT id FROM jobs
        WHERE queue = ${queue} AND run_at <= now()
          AND (state = 'pending' OR (state = 'active' AND locked_until < now()))
        ORDER BY run_at, id
        LIMIT ${limit}
        FOR UPDATE SKIP LOCKED)
      RETURNING id::text AS id, queue, payload, attempts, max_attempts`.execute(db);
    return rows;
  },

  async complete(db: Kysely<DB>, id: string): Promise<void> {
    await db
      .updateTable('jobs')
      .set({ state: 'done', finished_at: new Date(), locked_until: null })
      .where('id', '=', id)
      .execute();
  },

  /** Puts the job back for a later attempt (back-off), or ends it 'failed' after its last one or when `final`. */
  async fail(db: Kysely<DB>, job: JobRow, error: string, options: { final?: boolean } = {}): Promise<void> {
    const final = options.final === true || job.attempts >= job.max_attempts;
    const backoffSeconds = Math.min(3600, 2 ** job.attempts * 5);
    await db
      .updateTable('jobs')
      .set({
        state: final ? 'failed' : 'pending',
        last_error: error.slice(0, 2000),
        locked_until: null,
        finished_at: final ? new Date() : null,
        run_at: sql<Date>`now() + make_interval(secs => ${backoffSeconds})`,
      })
      .where('id', '=', job.id)
      .execute();
  },

  /**
   * Gives a claimed job back (its worker is stopping): pending again with its lock released, so the
   * next worker claims it at once, its attempt not counted (it did not fail). Its run_at is kept: it
   * stays ahead of the jobs that were due after it.
   */
  async handBack(db: Kysely<DB>, id: string): Promise<void> {
    await db
      .updateTable('jobs')
      .set({ state: 'pending', locked_until: null, attempts: sql<number>`greatest(attempts - 1, 0)` })
      .where('id', '=', id)
      .where('state', '=', 'active')
      .execute();
  },

  /**
   * Frees the singleton key of the running job of (queue, key): a job enqueued with that key from
   * now on is accepted (work that arrived while the running job was finishing is not dropped).
   */
  async releaseSingleton(db: Kysely<DB>, queue: string, singletonKey: string): Promise<void> {
    await db
      .updateTable('jobs')
      .set({ singleton_key: null })
      .where('queue', '=', queue)
      .where('singleton_key', '=', singletonKey)
      .where('state', '=', 'active')
      .execute();
  },

  /**
   * Brings the pending jobs of `queue` whose singleton key starts with `keyPrefix` forward to now
   * (work put off for a reason that no longer holds); the count moved.
   */
  async runNow(db: Kysely<DB>, queue: string, keyPrefix: string): Promise<number> {
    const result = await db
      .updateTable('jobs')
      .set({ run_at: sql<Date>`now()` })
      .where('queue', '=', queue)
      .where('state', '=', 'pending')
      .where('singleton_key', 'like', `${keyPrefix.replace(/[\\%_]/g, '\\$&')}%`)
      .where('run_at', '>', sql<Date>`now()`)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  },

  async purgeFinished(db: Kysely<DB>, olderThanDays: number): Promise<void> {
    await db
      .deleteFrom('jobs')
      .where('state', 'in', ['done', 'failed'])
      .where('finished_at', '<', sql<Date>`now() - make_interval(days => ${olderThanDays})`)
      .execute();
  },
};
