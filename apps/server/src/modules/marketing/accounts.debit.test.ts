import { ACCOUNT_TEXTS } from '@mandato/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../platform/db/tenancy.ts';
import { AppError } from '../../platform/http/errors.ts';
import { type BuiltTenant, buildTenant, createTestApp, type TestApp } from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';
import { type DebitResult, debitMarketingCredits, grantPlan, marketingBalance } from './accounts.service.ts';

const DAY = 86_400_000;

describe(`marketing credit debit (${testEngine})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function tenantWith(credits: number, extra?: number): Promise<BuiltTenant> {
    const tenant = await buildTenant(t);
    await withTenant(t.db, tenant.id, async (ctx) => {
      await grantPlan(ctx, { type: 'EMAIL', credits, days: 30, extra: false });
      if (extra) await grantPlan(ctx, { type: 'EMAIL', credits: extra, days: 5, extra: true });
    });
    return tenant;
  }
  const debit = (tenant: BuiltTenant, count: number, reference: string) =>
    withTenant(t.db, tenant.id, (ctx) => debitMarketingCredits(ctx, 'EMAIL', count, reference));
  const balance = (tenant: BuiltTenant) =>
    withTenant(t.db, tenant.id, (ctx) => marketingBalance(ctx, 'EMAIL'));
  const settle = (p: Promise<DebitResult>) =>
    p.then(
      (value) => ({ ok: true as const, value }),
      (error: unknown) => ({ ok: false as const, error }),
    );
  const used = (tenant: BuiltTenant) =>
    withTenant(t.db, tenant.id, (ctx) =>
      ctx.trx
        .selectFrom('mkt_account_periods')
        .select(['purchased', 'used', 'extra'])
        .orderBy('end_date')
        .execute(),
    );

  it('debits and refuses with 409 when balance minus the count would be zero or less', async () => {
    const tenant = await tenantWith(100);
    expect(await debit(tenant, 30, 'shot:1')).toMatchObject({ debited: true, balance: 70 });
    // exactly the balance: 70 − 70 = 0 is insufficient (spec 3 §4/§9)
    const refused = await debit(tenant, 70, 'shot:2').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ status: 409, message: ACCOUNT_TEXTS.insufficientBalance });
    expect(await balance(tenant)).toBe(70);
    // the refused debit left no ledger row: the same reference can be sent later
    expect(await debit(tenant, 69, 'shot:2')).toMatchObject({ debited: true, balance: 1 });
  });

  it('writes nothing when it refuses, even in a transaction the caller goes on with', async () => {
    const tenant = await tenantWith(100);
    const rows = await withTenant(t.db, tenant.id, async (ctx) => {
      await expect(debitMarketingCredits(ctx, 'EMAIL', 100, 'shot:caught')).rejects.toMatchObject({
        status: 409,
      });
      return ctx.trx.selectFrom('mkt_debits').select('reference').execute();
    });
    expect(rows).toEqual([]);
    expect(await balance(tenant)).toBe(100);
  });

  it('never debits the same reference twice', async () => {
    const tenant = await tenantWith(100);
    const first = await debit(tenant, 10, 'shot:retry');
    const again = await debit(tenant, 10, 'shot:retry');
    expect(again).toEqual({ debitId: first.debitId, debited: false, balance: 90 });
    const both = await Promise.all([debit(tenant, 5, 'shot:twice'), debit(tenant, 5, 'shot:twice')]);
    expect(both.filter((r) => r.debited)).toHaveLength(1);
    expect(await balance(tenant)).toBe(85);
  });

  it('consumes the period that ends first', async () => {
    const tenant = await tenantWith(100, 20);
    expect(await balance(tenant)).toBe(120);
    await debit(tenant, 25, 'shot:a');
    expect(await used(tenant)).toEqual([
      { purchased: 20, used: 20, extra: true },
      { purchased: 100, used: 5, extra: false },
    ]);
  });

  it('refuses a count that is not a positive integer', async () => {
    const tenant = await tenantWith(100);
    for (const count of [0, -5, 1.5, Number.NaN]) {
      await expect(debit(tenant, count, `shot:${count}`)).rejects.toMatchObject({ status: 400 });
    }
    expect(await balance(tenant)).toBe(100);
  });

  it('debits nothing when there is no plan or its period ended', async () => {
    const tenant = await buildTenant(t);
    await expect(debit(tenant, 1, 'shot:x')).rejects.toMatchObject({ status: 409 });
    const old = new Date(Date.now() - 40 * DAY);
    await withTenant(t.db, tenant.id, (ctx) =>
      grantPlan(ctx, { type: 'EMAIL', credits: 50, days: 10, extra: true }, old, old),
    );
    await expect(debit(tenant, 1, 'shot:y')).rejects.toMatchObject({ status: 409 });
  });

  it('lets exactly one of two concurrent sends spend more than half the balance', async () => {
    for (let round = 0; round < 5; round++) {
      const tenant = await tenantWith(100);
      const results = await Promise.all([
        settle(debit(tenant, 60, 'shot:left')),
        settle(debit(tenant, 60, 'shot:right')),
      ]);
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      const failed = results.find((r) => !r.ok);
      expect(failed?.ok === false && failed.error).toMatchObject({ status: 409 });
      expect(await balance(tenant)).toBe(40);
      expect((await used(tenant))[0]?.used).toBe(60);
    }
  });

  it('keeps the balance positive under many concurrent sends', async () => {
    const tenant = await tenantWith(100, 50);
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => settle(debit(tenant, 25, `shot:many-${i}`))),
    );
    // 150 credits, 25 each: five fit (150 − 125 = 25 > 0), the sixth would leave 0
    expect(results.filter((r) => r.ok)).toHaveLength(5);
    expect(await balance(tenant)).toBe(25);
    const periods = await used(tenant);
    expect(periods.every((p) => p.used <= p.purchased)).toBe(true);
  });

  it.runIf(testEngine === 'postgres')(
    'makes the second send wait for the first one and then see its debit (two connections)',
    async () => {
      const tenant = await tenantWith(100);
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let aDebited = () => {};
      const aReady = new Promise<void>((resolve) => {
        aDebited = resolve;
      });
      const a = withTenant(t.db, tenant.id, async (ctx) => {
        const result = await debitMarketingCredits(ctx, 'EMAIL', 60, 'shot:first');
        aDebited();
        await held; // keep the transaction (and its row locks) open
        return result;
      });
      await aReady;
      const b = settle(debit(tenant, 60, 'shot:second'));
      // wait until the second transaction is blocked on the locked period
      for (;;) {
        const { rows } = await sql<{ n: number }>`
          SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE datname = current_database() AND wait_event_type = 'Lock'`.execute(t.db.kysely);
        if ((rows[0]?.n ?? 0) >= 1) break;
        await new Promise((resolve) => setImmediate(resolve));
      }
      release();
      expect(await a).toMatchObject({ debited: true, balance: 40 });
      const second = await b;
      expect(second.ok).toBe(false);
      expect(second.ok === false && second.error).toMatchObject({ status: 409 });
      expect(await balance(tenant)).toBe(40);
    },
  );
});
