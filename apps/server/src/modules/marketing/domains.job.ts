import { z } from 'zod';
import type { AppContext } from '../../platform/app-context.ts';
import { withTenant } from '../../platform/db/tenancy.ts';
import { defineQueue } from '../../platform/jobs/queue.ts';
import { tenantsWithMarketing } from '../tenants/tenants.service.ts';
import { domainsRepository } from './domains.repository.ts';
import { checkDomainDns, saveDomainCheck } from './domains.service.ts';

/** Daily revalidation of the VALID sender domains (issue 14): a domain whose records went is demoted. */
export const domainsRevalidateQueue = defineQueue({
  name: 'marketing.domains-revalidate',
  payload: z.object({}),
  maxAttempts: 3,
});

/** The hour (UTC) of the daily run. */
const RUN_HOUR_UTC = 6;
/** A domain checked less than this long ago is not checked again by the daily run. */
const MIN_AGE_MS = 20 * 3600 * 1000;
const BATCH = 50;

export function nextRun(now = new Date()): Date {
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), RUN_HOUR_UTC));
  if (next <= now) next.setUTCDate(next.getUTCDate() + 1);
  return next;
}

/**
 * Enqueues the next daily run, once: the singleton key names its day, so the start-up call and the
 * run that schedules the following day never make two.
 */
export async function scheduleDomainRevalidation(app: Pick<AppContext, 'jobs'>, now = new Date()) {
  const runAt = nextRun(now);
  await app.jobs.enqueue(
    domainsRevalidateQueue,
    {},
    { runAt, singletonKey: `daily:${runAt.toISOString().slice(0, 10)}` },
  );
}

/**
 * Rechecks, tenant by tenant, the VALID domains not checked in the last 20 hours, then the handler
 * schedules the next day. The DNS questions are asked outside any transaction (a slow resolver
 * never holds a database connection); each result is saved in its own short transaction.
 * Idempotent: a rerun only checks again what is still due.
 */
export async function revalidateDomains(app: AppContext, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - MIN_AGE_MS);
  let checked = 0;
  for (const tenantId of await tenantsWithMarketing(app)) {
    for (;;) {
      const due = await withTenant(app.db, tenantId, (ctx) =>
        domainsRepository.dueForRevalidation(ctx, before, BATCH),
      );
      for (const row of due) {
        const check = await checkDomainDns(app, row);
        await withTenant(app.db, tenantId, (ctx) => saveDomainCheck(ctx, String(row.id), check));
      }
      checked += due.length;
      if (due.length < BATCH) break;
    }
  }
  return checked;
}

export function domainsRevalidateHandler(app: AppContext) {
  return async () => {
    await revalidateDomains(app);
    await scheduleDomainRevalidation(app, new Date(Date.now() + 60_000));
  };
}
