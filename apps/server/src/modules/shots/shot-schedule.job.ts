import { z } from 'zod';
import type { AppContext } from '../../platform/app-context.ts';
import { type TenantContext, withTenant } from '../../platform/db/tenancy.ts';
import { defineQueue, rowId } from '../../platform/jobs/queue.ts';
import { enqueueFreeze } from './shot-freeze.ts';
import { shotsRepository } from './shots.repository.ts';

/**
 * A scheduled shot's firing (issue 26): a job run at the schedule's instant (jobs persist, so it
 * fires after a restart too; the worker polls every JOB_POLL_MS, a second by default). It fires
 * only if the shot is still SCHEDULED for that same instant: after an unschedule (and a new
 * schedule) the older job finds nothing to do.
 */
export const shotScheduleQueue = defineQueue({
  name: 'shots.schedule',
  payload: z.object({
    tenantId: rowId,
    tenantSlug: z.string().min(1).max(100),
    shotId: rowId,
    scheduleDate: z.iso.datetime(),
  }),
  concurrency: 2,
});
export type ShotScheduleJob = z.infer<typeof shotScheduleQueue.payload>;

/** In the caller's transaction (the shot just set SCHEDULED for `job.scheduleDate`). */
export function enqueueScheduleFiring(
  app: AppContext,
  ctx: TenantContext,
  job: ShotScheduleJob,
): Promise<void> {
  return app.jobs.enqueue(shotScheduleQueue, job, { runAt: new Date(job.scheduleDate) }, ctx.trx);
}

export function shotScheduleHandler(app: AppContext) {
  return (job: ShotScheduleJob): Promise<void> =>
    withTenant(app.db, job.tenantId, async (ctx) => {
      const shot = await shotsRepository.lock(ctx, job.shotId);
      if (shot?.status !== 'SCHEDULED') return;
      if (shot.schedule_date?.getTime() !== new Date(job.scheduleDate).getTime()) return;
      await shotsRepository.transition(ctx, job.shotId, 'SCHEDULED', 'SENDING');
      await enqueueFreeze(app, ctx, {
        tenantId: job.tenantId,
        tenantSlug: job.tenantSlug,
        shotId: job.shotId,
      });
    });
}
