import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../platform/db/tenancy.ts';
import { buildTenant, createTestApp, type TestApp } from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';
import {
  accountsRenewQueue,
  nextRenewalRun,
  renewAllAccounts,
  scheduleAccountsRenewal,
} from './accounts.job.ts';
import { grantPlan, marketingBalance } from './accounts.service.ts';

const DAY = 86_400_000;

describe(`marketing plan renewal job (${testEngine})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('runs at the next full hour, once per hour however often it is asked', async () => {
    expect(nextRenewalRun(new Date('2026-03-10T05:59:00Z')).toISOString()).toBe('2026-03-10T06:00:00.000Z');
    expect(nextRenewalRun(new Date('2026-03-10T06:00:00Z')).toISOString()).toBe('2026-03-10T07:00:00.000Z');
    const now = new Date('2026-03-10T12:10:00Z');
    await scheduleAccountsRenewal(t.app, now);
    await scheduleAccountsRenewal(t.app, now);
    const jobs = await t.db.kysely
      .selectFrom('jobs')
      .select('singleton_key')
      .where('queue', '=', accountsRenewQueue.name)
      .execute();
    expect(jobs.map((j) => j.singleton_key)).toEqual(['hourly:2026-03-10T13']);
  });

  it('creates the missed periods of every tenant once, catching up several, never twice', async () => {
    const a = await buildTenant(t);
    const b = await buildTenant(t);
    const start = new Date('2026-01-01T00:00:00Z');
    await withTenant(t.db, a.id, (ctx) =>
      grantPlan(ctx, { type: 'EMAIL', credits: 100, days: 7, extra: false }, start, start),
    );
    await withTenant(t.db, b.id, async (ctx) => {
      await grantPlan(ctx, { type: 'SMS', credits: 50, days: 30, extra: false }, start, start);
      // an extra credit is never renewed
      await grantPlan(ctx, { type: 'SMS', credits: 5, days: 3, extra: true }, start, start);
    });
    // 22 days later: A needs 3 more weeks (days 7, 14, 21), B none yet
    const later = new Date(start.getTime() + 22 * DAY);
    expect(await renewAllAccounts(t.app, later)).toBe(3);
    expect(await renewAllAccounts(t.app, later)).toBe(0);
    // two runs at once add nothing twice
    const muchLater = new Date(start.getTime() + 31 * DAY);
    const [x, y] = await Promise.all([
      renewAllAccounts(t.app, muchLater),
      renewAllAccounts(t.app, muchLater),
    ]);
    expect(x + y).toBe(2); // A: day 28; B: day 30
    const periods = await withTenant(t.db, a.id, (ctx) =>
      ctx.trx
        .selectFrom('mkt_account_periods')
        .select(['initial_date', 'end_date'])
        .orderBy('initial_date')
        .execute(),
    );
    expect(periods.map((p) => (new Date(p.initial_date).getTime() - start.getTime()) / DAY)).toEqual([
      0, 7, 14, 21, 28,
    ]);
    expect(await withTenant(t.db, a.id, (ctx) => marketingBalance(ctx, 'EMAIL', muchLater))).toBe(100);
    const bPeriods = await withTenant(t.db, b.id, (ctx) =>
      ctx.trx.selectFrom('mkt_account_periods').select(['purchased', 'extra']).orderBy('id').execute(),
    );
    expect(bPeriods).toEqual([
      { purchased: 50, extra: false },
      { purchased: 5, extra: true },
      { purchased: 50, extra: false },
    ]);
  });
});
