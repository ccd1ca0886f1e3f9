import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { DB } from '../db/schema.ts';
import { type EnqueueOptions, jobsRepository } from './jobs.repository.ts';

/**
 * A queue of the `jobs` table, declared by the module that handles it (beside its handler): the
 * shape of its payload, checked when a job is enqueued and again when it is claimed, and how many
 * of its jobs one worker runs at once (each queue is polled on its own, so a slow one never holds
 * another back).
 */
export interface Queue<P> {
  readonly name: string;
  readonly payload: z.ZodType<P>;
  /** jobs of this queue one worker runs at the same time */
  readonly concurrency: number;
  /** attempts of a job before it ends 'failed' (an enqueue may ask for another number) */
  readonly maxAttempts: number;
}

export function defineQueue<P>(definition: {
  name: string;
  payload: z.ZodType<P>;
  concurrency?: number;
  maxAttempts?: number;
}): Queue<P> {
  return { concurrency: 1, maxAttempts: 5, ...definition };
}

/**
 * A bigint row id as payloads carry it: a decimal string (PGlite reads int8 as a JS number,
 * PostgreSQL here as a string; both are stored and handed to the handler as the string).
 */
export const rowId = z.coerce.string().regex(/^[1-9]\d*$/);

/** The payload as the queue's schema reads it, or what is wrong with it (naming the queue). */
export function checkPayload<P>(
  queue: Queue<P>,
  payload: unknown,
): { ok: true; payload: P } | { ok: false; error: string } {
  const parsed = queue.payload.safeParse(payload);
  return parsed.success
    ? { ok: true, payload: parsed.data }
    : { ok: false, error: `payload inválido na fila ${queue.name}: ${z.prettifyError(parsed.error)}` };
}

/**
 * Enqueues a job whose payload is checked first (a wrong one throws and writes nothing). `db` may be
 * a transaction: the job then exists only if it commits.
 */
export async function enqueue<P>(
  db: Kysely<DB>,
  queue: Queue<P>,
  payload: NoInfer<P>,
  options: EnqueueOptions = {},
): Promise<void> {
  const checked = checkPayload(queue, payload);
  if (!checked.ok) throw new Error(checked.error); // a programming error: the caller built it
  await jobsRepository.enqueue(db, queue.name, checked.payload, {
    ...options,
    maxAttempts: options.maxAttempts ?? queue.maxAttempts,
  });
}
