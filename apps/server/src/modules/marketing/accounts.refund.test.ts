import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../platform/db/tenancy.ts';
import { type BuiltTenant, buildTenant, createTestApp, type TestApp } from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';
import {
  debitMarketingCredits,
  grantPlan,
  marketingBalance,
  refundMarketingCredits,
} from './accounts.service.ts';

describe(`marketing credit refund (${testEngine})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function tenantWith(type: 'EMAIL' | 'SMS', credits: number, extra?: number): Promise<BuiltTenant> {
    const tenant = await buildTenant(t);
    await withTenant(t.db, tenant.id, async (ctx) => {
      await grantPlan(ctx, { type, credits, days: 30, extra: false });
      if (extra) await grantPlan(ctx, { type, credits: extra, days: 5, extra: true });
    });
    return tenant;
  }
  const refund = (tenant: BuiltTenant, type: 'EMAIL' | 'SMS', amount: number, reference: string) =>
    withTenant(t.db, tenant.id, (ctx) => refundMarketingCredits(ctx, type, amount, reference));
  const balance = (tenant: BuiltTenant, type: 'EMAIL' | 'SMS') =>
    withTenant(t.db, tenant.id, (ctx) => marketingBalance(ctx, type));

  it('gives back credits of a debit, never more than it debited', async () => {
    const tenant = await tenantWith('SMS', 100);
    await withTenant(t.db, tenant.id, (ctx) => debitMarketingCredits(ctx, 'SMS', 40, 'shot:7'));
    expect(await balance(tenant, 'SMS')).toBe(60);
    expect(await refund(tenant, 'SMS', 10, 'shot:7')).toBe(10);
    expect(await balance(tenant, 'SMS')).toBe(70);
    // asked for more than the debit: capped at it
    const other = await tenantWith('SMS', 100);
    await withTenant(t.db, other.id, (ctx) => debitMarketingCredits(ctx, 'SMS', 40, 'shot:8'));
    expect(await refund(other, 'SMS', 500, 'shot:8')).toBe(40);
    expect(await balance(other, 'SMS')).toBe(100);
  });

  it('gives back nothing for a reference never debited, another type, or a bad amount', async () => {
    const tenant = await tenantWith('EMAIL', 100);
    await withTenant(t.db, tenant.id, (ctx) => debitMarketingCredits(ctx, 'EMAIL', 30, 'shot:9'));
    expect(await refund(tenant, 'EMAIL', 5, 'shot:nunca')).toBe(0);
    expect(await refund(tenant, 'SMS', 5, 'shot:9')).toBe(0);
    expect(await refund(tenant, 'EMAIL', 0, 'shot:9')).toBe(0);
    expect(await refund(tenant, 'EMAIL', -3, 'shot:9')).toBe(0);
    expect(await refund(tenant, 'EMAIL', 1.5, 'shot:9')).toBe(0);
    expect(await balance(tenant, 'EMAIL')).toBe(70);
  });

  it('goes back to the period that ends last first, none below zero used', async () => {
    // the extra credit (ends in 5 days) is consumed first: 120 takes its 20 and 100 of the plan's
    const tenant = await tenantWith('EMAIL', 200, 20);
    await withTenant(t.db, tenant.id, (ctx) => debitMarketingCredits(ctx, 'EMAIL', 120, 'shot:10'));
    expect(await refund(tenant, 'EMAIL', 110, 'shot:10')).toBe(110);
    const periods = await withTenant(t.db, tenant.id, (ctx) =>
      ctx.trx.selectFrom('mkt_account_periods').select(['used', 'extra']).orderBy('end_date').execute(),
    );
    // the plan's period (ends in 30 days) got its 100 back, the extra 10 of its 20
    expect(periods).toEqual([
      { used: 10, extra: true },
      { used: 0, extra: false },
    ]);
  });
});
