import type { Database } from '../../platform/db/engine.ts';
import { withTenant } from '../../platform/db/tenancy.ts';
import { debitMarketingCredits, grantPlan } from '../marketing/accounts.service.ts';

const DAY_MS = 86_400_000;

/** What the demo's marketing account shows (the demo test reads these). */
export const DEMO_MARKETING = {
  emailCredits: 5000,
  emailUsedBefore: 4200,
  emailUsed: 1250,
  emailExtra: 500,
  smsCredits: 1000,
  smsUsed: 120,
} as const;

/**
 * The demo's marketing plan: e-mail (5.000 every 30 days, acquired 40 days ago, so one ended
 * period in the history), SMS (1.000 every 30 days) and 500 extra e-mail credits, with some used.
 */
export async function seedDemoMarketingPlans(
  db: Database,
  tenantId: string,
  now = new Date(),
): Promise<void> {
  const ago = (days: number) => new Date(now.getTime() - days * DAY_MS);
  await withTenant(db, tenantId, async (ctx) => {
    const d = DEMO_MARKETING;
    await grantPlan(ctx, { type: 'EMAIL', credits: d.emailCredits, days: 30, extra: false }, ago(40), now);
    await grantPlan(ctx, { type: 'SMS', credits: d.smsCredits, days: 30, extra: false }, ago(5), now);
    await grantPlan(ctx, { type: 'EMAIL', credits: d.emailExtra, days: 30, extra: true }, ago(2), now);
    await debitMarketingCredits(ctx, 'EMAIL', d.emailUsedBefore, 'demo:email-ended', ago(20));
    await debitMarketingCredits(ctx, 'EMAIL', d.emailUsed, 'demo:email-current', ago(4));
    await debitMarketingCredits(ctx, 'SMS', d.smsUsed, 'demo:sms-current', ago(1));
  });
}
