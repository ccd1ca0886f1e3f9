import { z } from 'zod';
import { defineQueue, rowId } from '../../platform/jobs/queue.ts';

/**
 * Sending a frozen shot (issue 26): `lanes` jobs per shot (singleton key `shot:<id>:<lane>`), each
 * leasing pending recipients in batches (FOR UPDATE SKIP LOCKED), so the workers of several server
 * processes send one shot together. Long shots re-enqueue their lane instead of holding a job lock.
 */
export const shotDispatchQueue = defineQueue({
  name: 'shots.dispatch',
  payload: z.object({ tenantId: rowId, shotId: rowId, lane: z.number().int().min(0).max(63) }),
  concurrency: 2,
  maxAttempts: 1000,
});
export type ShotDispatchJob = z.infer<typeof shotDispatchQueue.payload>;

/** Dispatch lanes enqueued per shot when it is frozen. */
export const SHOT_DISPATCH_LANES = 4;

/** The singleton key of one lane of a shot: at most one pending or running job per lane. */
export const shotLaneKey = (shotId: string, lane: number) => `shot:${shotId}:${lane}`;
/** What every lane key of a shot starts with. */
export const shotLanesPrefix = (shotId: string) => `shot:${shotId}:`;
