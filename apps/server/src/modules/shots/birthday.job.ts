import { addDays, BIRTHDAY_TEXTS, zonedDate, zonedToInstant } from '@mandato/domain';
import { z } from 'zod';
import type { AppContext } from '../../platform/app-context.ts';
import { type TenantContext, withTenant } from '../../platform/db/tenancy.ts';
import { defineQueue, rowId } from '../../platform/jobs/queue.ts';
import { birthdayCandidates } from '../people/recipients.lookup.ts';
import { birthdayRepository } from './birthday.repository.ts';
import { authorOf, enqueueFreeze } from './shot-freeze.ts';

/**
 * The tenant's daily birthday e-mail (issue 26): one job per day at the setting's hour (São Paulo).
 * Each run makes the day's shot (when someone has a birthday) and enqueues the next day's run in
 * the same transaction. A job whose hour is no longer the setting's, or whose setting is inactive,
 * does nothing and enqueues nothing: saving the setting enqueued the current one.
 */
export const birthdayQueue = defineQueue({
  name: 'shots.birthday',
  payload: z.object({
    tenantId: rowId,
    tenantSlug: z.string().min(1).max(100),
    day: z.iso.date(),
    hour: z.number().int().min(0).max(23),
  }),
  concurrency: 1,
});
export type BirthdayJob = z.infer<typeof birthdayQueue.payload>;

/** The first `hour` o'clock (São Paulo) after `now`: its day and instant. */
export function nextBirthdayRun(now: Date, hour: number): { day: string; runAt: Date } {
  const at = (day: string) => {
    const [year = 0, month = 0, date = 0] = day.split('-').map(Number);
    return zonedToInstant({ year, month, day: date, hour, minute: 0, second: 0 });
  };
  const today = zonedDate(now);
  const day = at(today) > now ? today : addDays(today, 1);
  return { day, runAt: at(day) };
}

/** In the caller's transaction: the run of `day` at `hour` (one job per tenant, day and hour). */
export function enqueueBirthday(app: AppContext, ctx: TenantContext, job: BirthdayJob): Promise<void> {
  const [year = 0, month = 0, day = 0] = job.day.split('-').map(Number);
  return app.jobs.enqueue(
    birthdayQueue,
    job,
    {
      singletonKey: `birthday:${job.tenantId}:${job.day}:${job.hour}`,
      runAt: zonedToInstant({ year, month, day, hour: job.hour, minute: 0, second: 0 }),
    },
    ctx.trx,
  );
}

/** `clock` is the tests' way to run a day's job on another day. */
export function birthdayHandler(app: AppContext, clock: () => Date = () => new Date()) {
  return async (job: BirthdayJob): Promise<void> => {
    const current = (s: { active: boolean; send_hour: number } | undefined) =>
      s?.active === true && s.send_hour === job.hour;
    const settings = await withTenant(app.db, job.tenantId, (ctx) => birthdayRepository.find(ctx));
    if (!current(settings)) return;
    // read before the transaction (its own reads); undefined: the freeze ends the shot in ERROR
    const author = await authorOf(app, { ...job, shotId: '0' }, settings?.updated_by ?? null);
    await withTenant(app.db, job.tenantId, async (ctx) => {
      if (!current(await birthdayRepository.find(ctx, true))) return;
      const now = clock();
      // a run later than its day (the worker was down) sends nothing: that birthday has passed
      if (zonedDate(now) === job.day) {
        const someone = !author || (await birthdayCandidates(ctx, author, job.day, null, 1)).length > 0;
        const shotId = someone
          ? await birthdayRepository.insertDayShot(ctx, job.day, BIRTHDAY_TEXTS.destination)
          : undefined;
        if (shotId)
          await enqueueFreeze(app, ctx, { tenantId: job.tenantId, tenantSlug: job.tenantSlug, shotId });
      }
      const next = nextBirthdayRun(now, job.hour);
      const day = next.day > job.day ? next.day : addDays(job.day, 1);
      await enqueueBirthday(app, ctx, { ...job, day });
    });
  };
}
