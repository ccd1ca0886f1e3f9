import { z } from 'zod';
import type { AppContext } from '../../platform/app-context.ts';
import { withTenant } from '../../platform/db/tenancy.ts';
import { defineQueue } from '../../platform/jobs/queue.ts';
import { tenantsWithMarketing } from '../tenants/tenants.service.ts';
import { renewDuePeriods } from './accounts.service.ts';

/**
 * Renewal of the recurrent marketing plans (issue 14): every hour, for every tenant with
 * marketing, the periods whose predecessor ended are created (several when runs were missed).
 * Never twice: the unique (tenant, plan, initial_date) of migration 0030. The balance reads renew
 * too, so a late run never shows a wrong balance; the job keeps the history complete for tenants
 * nobody looks at.
 */
export const accountsRenewQueue = defineQueue({
  name: 'marketing.accounts-renew',
  payload: z.object({}),
  maxAttempts: 3,
});

export function nextRenewalRun(now = new Date()): Date {
  const next = new Date(now.getTime());
  next.setUTCMinutes(0, 0, 0);
  next.setUTCHours(next.getUTCHours() + 1);
  return next;
}

/** Enqueues the next hourly run, once per hour (the singleton key names the hour). */
export async function scheduleAccountsRenewal(app: Pick<AppContext, 'jobs'>, now = new Date()) {
  const runAt = nextRenewalRun(now);
  await app.jobs.enqueue(
    accountsRenewQueue,
    {},
    { runAt, singletonKey: `hourly:${runAt.toISOString().slice(0, 13)}` },
  );
}

/** Renews every marketing tenant, each in its own short transaction. Returns the periods created. */
export async function renewAllAccounts(app: Pick<AppContext, 'db'>, now = new Date()): Promise<number> {
  let created = 0;
  for (const tenantId of await tenantsWithMarketing(app)) {
    created += await withTenant(app.db, tenantId, (ctx) => renewDuePeriods(ctx, now));
  }
  return created;
}

export function accountsRenewHandler(app: AppContext) {
  return async () => {
    await renewAllAccounts(app);
    await scheduleAccountsRenewal(app, new Date(Date.now() + 60_000));
  };
}
