import { sql } from 'kysely';
import type { Database } from '../db/engine.ts';

export interface QueueFigures {
  queue: string;
  /** due and waiting for a worker (a job whose worker died counts again once its lock expires) */
  queued: number;
  /** waiting for their time (run_at in the future: retries, scheduled runs) */
  scheduled: number;
  /** held by a worker now */
  running: number;
  /** seconds the oldest due job has waited (0 when none) */
  oldestQueuedSeconds: number;
}

/**
 * SQL of the metrics (issue 41): figures only, never a row's content. The jobs table has no
 * row-level security (it is the platform's, read and claimed by the worker with the app role), and
 * neither has tenants; both are read here with the app role, as the worker does.
 */
export const metricsRepository = {
  /** The live jobs by queue, through the partial index of pending and active jobs (jobs_ready). */
  async queues(db: Database): Promise<QueueFigures[]> {
    const { rows } = await sql<{
      queue: string;
      queued: string;
      scheduled: string;
      running: string;
      oldest: string | number | null;
    }>`
      SELECT queue,
        count(*) FILTER (WHERE due) AS queued,
        count(*) FILTER (WHERE state = 'pending' AND NOT due) AS scheduled,
        count(*) FILTER (WHERE state = 'active' AND NOT due) AS running,
        extract(epoch FROM now() - min(run_at) FILTER (WHERE due)) AS oldest
      FROM (
        SELECT queue, state, run_at,
          (state = 'pending' AND run_at <= now())
            OR (state = 'active' AND locked_until < now()) AS due
        FROM jobs WHERE state IN ('pending', 'active')
      ) live
      GROUP BY queue`.execute(db.kysely);
    return rows.map((r) => ({
      queue: r.queue,
      queued: Number(r.queued),
      scheduled: Number(r.scheduled),
      running: Number(r.running),
      oldestQueuedSeconds: Math.max(0, Number(r.oldest ?? 0)),
    }));
  },

  /** The jobs that ended failed (after their last attempt), by queue: a scan of the finished jobs. */
  async failedJobs(db: Database): Promise<{ queue: string; failed: number }[]> {
    const { rows } = await sql<{ queue: string; failed: string }>`
      SELECT queue, count(*) AS failed FROM jobs WHERE state = 'failed' GROUP BY queue`.execute(db.kysely);
    return rows.map((r) => ({ queue: r.queue, failed: Number(r.failed) }));
  },

  async tenants(db: Database): Promise<{ active: number; inactive: number }> {
    const { rows } = await sql<{ active: string; inactive: string }>`
      SELECT count(*) FILTER (WHERE active) AS active, count(*) FILTER (WHERE NOT active) AS inactive
      FROM tenants`.execute(db.kysely);
    return { active: Number(rows[0]?.active ?? 0), inactive: Number(rows[0]?.inactive ?? 0) };
  },
};
