import { DEMO } from '@mandato/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAdminHeaders } from '../../test/demo-session.ts';
import { marketingToken } from '../../test/marketing-session.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';
import { DEMO_MARKETING } from './demo-marketing-plans.ts';
import { seedDemo } from './demo-seed.ts';

describe(`demo marketing plans (${testEngine})`, () => {
  let t: TestApp;
  let headers: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    expect(await seedDemo(t.db)).toBe(true);
    const session = await demoAdminHeaders(t);
    const token = await marketingToken(t, session, DEMO.slug);
    headers = { 'x-schema': DEMO.slug, authorization: `Bearer ${token}` };
  });
  afterAll(() => t.close());

  const get = async (url: string) => {
    const res = await t.api.inject({ method: 'GET', url, headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };

  it('has an e-mail and an SMS plan, an extra credit and the balances they leave', async () => {
    const d = DEMO_MARKETING;
    const plans = await get('/api/mkt/recurrent-plans');
    expect(plans.list).toHaveLength(3);
    expect(plans.list).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'EMAIL', credits: d.emailCredits, periodicity: 30, extra: false }),
        expect.objectContaining({ type: 'EMAIL', credits: d.emailExtra, periodicity: null, extra: true }),
        expect.objectContaining({ type: 'SMS', credits: d.smsCredits, periodicity: 30, extra: false }),
      ]),
    );
    expect((await get('/api/mkt/accounts/balance/EMAIL')).balance).toBe(
      d.emailCredits - d.emailUsed + d.emailExtra,
    );
    expect((await get('/api/mkt/accounts/balance/SMS')).balance).toBe(d.smsCredits - d.smsUsed);
  });

  it('shows one ended period in the history', async () => {
    const history = await get('/api/mkt/accounts');
    expect(history.total).toBe(4);
    const ended = history.list.filter((a: { current: boolean }) => !a.current);
    expect(ended).toEqual([
      expect.objectContaining({ type: 'EMAIL', purchased: 5000, used: DEMO_MARKETING.emailUsedBefore }),
    ]);
  });
});
