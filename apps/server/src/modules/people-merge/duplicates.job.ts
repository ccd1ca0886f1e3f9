import { DUPLICATE_KEYS } from '@mandato/domain';
import { z } from 'zod';
import type { AppContext } from '../../platform/app-context.ts';
import { type TenantContext, withTenant } from '../../platform/db/tenancy.ts';
import { defineQueue, rowId } from '../../platform/jobs/queue.ts';
import { type BuildStep, duplicatesRepository } from './duplicates.repository.ts';

/** The build of a tenant's duplicate groups: one job per tenant at a time, step by step. */
export const duplicatesQueue = defineQueue({
  name: 'people.duplicates',
  payload: z.object({ tenantId: rowId }),
  concurrency: 1,
});
export type DuplicatesJob = z.infer<typeof duplicatesQueue.payload>;

/** In the caller's transaction: the build's job (none while one is waiting or running). */
export function enqueueDuplicatesBuild(app: AppContext, ctx: TenantContext): Promise<void> {
  return app.jobs.enqueue(
    duplicatesQueue,
    { tenantId: ctx.tenantId },
    { singletonKey: `duplicates:${ctx.tenantId}` },
    ctx.trx,
  );
}

const NEXT_STEP: Readonly<Record<BuildStep, BuildStep | null>> = {
  ...(Object.fromEntries(DUPLICATE_KEYS.map((key, i) => [key, DUPLICATE_KEYS[i + 1] ?? 'COMBINE'])) as Record<
    BuildStep,
    BuildStep
  >),
  COMBINE: null,
};

/**
 * Runs the build's remaining steps, each in its own transaction that commits its groups with the
 * step it reached: a job that dies resumes at that step (the step's own rows rolled back with it).
 */
export function duplicatesHandler(app: AppContext) {
  return async (job: DuplicatesJob): Promise<void> => {
    for (;;) {
      const done = await withTenant(app.db, job.tenantId, async (ctx) => {
        const state = await duplicatesRepository.state(ctx, true);
        if (!state.building || !state.step) return true;
        if (state.step === 'COMBINE') {
          await duplicatesRepository.combine(ctx, state.building);
          return true;
        }
        await duplicatesRepository.buildKey(ctx, state.building, state.step);
        await duplicatesRepository.setStep(ctx, NEXT_STEP[state.step] ?? 'COMBINE');
        return false;
      });
      if (done) return;
    }
  };
}
