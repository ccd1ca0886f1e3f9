import { ACCOUNT_TEXTS, PAGING_MESSAGES } from '@mandato/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../platform/db/tenancy.ts';
import { type Caller, signedIn } from '../../test/crm-factories.ts';
import { marketingToken } from '../../test/marketing-session.ts';
import { type BuiltTenant, buildTenant, createTestApp, type TestApp } from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';
import { debitMarketingCredits, grantPlan } from './accounts.service.ts';

const DAY = 86_400_000;

describe(`marketing account routes (${testEngine})`, () => {
  let t: TestApp;
  let tenant: BuiltTenant;
  let reader: Caller;

  const mktToken = (who: Caller, slug = tenant.slug) => marketingToken(t, who.headers, slug);

  async function get(token: string, url: string, slug = tenant.slug) {
    const res = await t.api.inject({
      method: 'GET',
      url,
      headers: { 'x-schema': slug, authorization: `Bearer ${token}` },
    });
    return { status: res.statusCode, body: res.json() };
  }

  beforeAll(async () => {
    t = await createTestApp();
    tenant = await buildTenant(t);
    // ROLE_MARKETING alone reads the account (MARKETING_RULE, not the settings rule)
    reader = await signedIn(t, tenant, ['ROLE_MARKETING'], 'Leitora');
  });
  afterAll(() => t.close());

  it('answers zero and empty lists before any plan', async () => {
    const token = await mktToken(reader);
    expect(await get(token, '/api/mkt/accounts/balance/EMAIL')).toEqual({
      status: 200,
      body: { data: { type: 'EMAIL', balance: 0 } },
    });
    expect((await get(token, '/api/mkt/accounts')).body.data).toEqual({ list: [], total: 0 });
    expect((await get(token, '/api/mkt/recurrent-plans')).body.data).toEqual({ list: [], total: 0 });
  });

  it('keeps the balance right across a renewal: unused credits of the ended period expire', async () => {
    const start = new Date(Date.now() - 31 * DAY);
    await withTenant(t.db, tenant.id, async (ctx) => {
      // granted 31 days ago, every 30 days: only the first period exists (the job never ran)
      await grantPlan(ctx, { type: 'SMS', credits: 1000, days: 30, extra: false }, start, start);
      const old = await debitMarketingCredits(
        ctx,
        'SMS',
        400,
        'shot:antigo',
        new Date(start.getTime() + DAY),
      );
      expect(old).toMatchObject({ debited: true, balance: 600 });
    });
    const token = await mktToken(reader);
    // the read renews: a new period of 1000, the 600 left of the first expired
    expect((await get(token, '/api/mkt/accounts/balance/SMS')).body.data.balance).toBe(1000);
    await withTenant(t.db, tenant.id, (ctx) => debitMarketingCredits(ctx, 'SMS', 250, 'shot:novo'));
    expect((await get(token, '/api/mkt/accounts/balance/SMS')).body.data.balance).toBe(750);
    const history = (await get(token, '/api/mkt/accounts?type=SMS')).body.data;
    expect(history.total).toBe(2);
    expect(history.list).toEqual([
      expect.objectContaining({ type: 'SMS', purchased: 1000, used: 250, current: true, extra: false }),
      expect.objectContaining({ type: 'SMS', purchased: 1000, used: 400, current: false }),
    ]);
    expect(Date.parse(history.list[0].initialDate)).toBe(start.getTime() + 30 * DAY);
    expect(history.list[1].endDate).toBe(history.list[0].initialDate);
    const plans = (await get(token, '/api/mkt/recurrent-plans')).body.data.list;
    expect(plans).toEqual([
      {
        code: expect.any(Number),
        type: 'SMS',
        active: true,
        acquiredDate: start.toISOString(),
        credits: 1000,
        periodicity: 30,
        extra: false,
      },
    ]);
  });

  it('adds extra credits to the balance while they are valid and lists them as extra', async () => {
    const token = await mktToken(reader);
    await withTenant(t.db, tenant.id, async (ctx) => {
      await grantPlan(ctx, { type: 'EMAIL', credits: 300, days: 10, extra: true });
      // an extra credit that already ended: neither in the balance nor in the active plans
      const past = new Date(Date.now() - 20 * DAY);
      await grantPlan(ctx, { type: 'EMAIL', credits: 900, days: 10, extra: true }, past, past);
    });
    expect((await get(token, '/api/mkt/accounts/balance/EMAIL')).body.data.balance).toBe(300);
    const plans = (await get(token, '/api/mkt/recurrent-plans')).body.data.list;
    expect(plans.filter((p: { type: string }) => p.type === 'EMAIL')).toEqual([
      expect.objectContaining({ credits: 300, periodicity: null, extra: true }),
    ]);
    const emails = (await get(token, '/api/mkt/accounts?type=EMAIL')).body.data.list;
    expect(emails.map((a: { extra: boolean; current: boolean }) => [a.extra, a.current])).toEqual([
      [true, true],
      [true, false],
    ]);
  });

  it('pages the history by 20', async () => {
    const other = await buildTenant(t);
    const who = await signedIn(t, other, ['ROLE_MARKETING'], 'Paginação');
    const start = new Date(Date.now() - 24.5 * DAY);
    await withTenant(t.db, other.id, (ctx) =>
      grantPlan(ctx, { type: 'EMAIL', credits: 10, days: 1, extra: false }, start, start),
    );
    const token = await mktToken(who, other.slug);
    const first = (await get(token, '/api/mkt/accounts', other.slug)).body.data;
    expect(first.total).toBe(25);
    expect(first.list).toHaveLength(20);
    expect(first.list[0].current).toBe(true);
    const second = (await get(token, '/api/mkt/accounts?page=2', other.slug)).body.data;
    expect(second.list).toHaveLength(5);
    expect(second.list.at(-1).initialDate).toBe(start.toISOString());
    // another tenant's credits are not seen
    expect((await get(token, '/api/mkt/accounts/balance/SMS', other.slug)).body.data.balance).toBe(0);
  });

  it('refuses bad input with 400 in pt-BR, never 500', async () => {
    const token = await mktToken(reader);
    const lower = await get(token, '/api/mkt/accounts/balance/email');
    expect(lower.status).toBe(400);
    expect(JSON.stringify(lower.body)).toContain(ACCOUNT_TEXTS.invalidType);
    expect((await get(token, '/api/mkt/accounts/balance/WHATSAPP')).status).toBe(400);
    expect((await get(token, '/api/mkt/accounts/balance/%00')).status).toBe(400);
    const page = await get(token, '/api/mkt/accounts?page=0');
    expect(page.status).toBe(400);
    expect(JSON.stringify(page.body)).toContain(PAGING_MESSAGES.page);
    expect((await get(token, '/api/mkt/accounts?itemsPerPage=1000')).status).toBe(400);
    expect((await get(token, '/api/mkt/accounts?page=abc')).status).toBe(400);
    expect((await get(token, '/api/mkt/accounts?type=FAX')).status).toBe(400);
    expect((await get(token, '/api/mkt/accounts?outro=1')).status).toBe(400);
    const inactive = await get(token, '/api/mkt/recurrent-plans?active=false');
    expect(inactive.status).toBe(400);
    expect(JSON.stringify(inactive.body)).toContain(ACCOUNT_TEXTS.onlyActivePlans);
    expect((await get(token, '/api/mkt/recurrent-plans?active=1')).status).toBe(400);
    expect((await get(token, '/api/mkt/recurrent-plans?active=true&active=true')).status).toBe(400);
    expect((await get(token, '/api/mkt/recurrent-plans?outro=1')).status).toBe(400);
  });

  it("lists the active plans for the spec's client too (active=true, spec 3 §7.1)", async () => {
    const token = await mktToken(reader);
    const plain = await get(token, '/api/mkt/recurrent-plans');
    const spec = await get(token, '/api/mkt/recurrent-plans?active=true');
    expect(spec).toEqual({ status: 200, body: plain.body });
  });

  it('needs the marketing token, ROLE_MARKETING and its own tenant', async () => {
    expect((await get(reader.token, '/api/mkt/accounts/balance/EMAIL')).status).toBe(401);
    expect((await get('lixo', '/api/mkt/accounts')).status).toBe(401);
    const token = await mktToken(reader);
    const other = await buildTenant(t);
    expect((await get(token, '/api/mkt/recurrent-plans', other.slug)).status).toBe(403);
    const crm = await signedIn(t, tenant, ['ROLE_CRM'], 'Sem marketing');
    const refused = await t.api.inject({
      method: 'POST',
      url: '/api/mkt/auth/login',
      headers: crm.headers,
      payload: { slug: tenant.slug },
    });
    expect(refused.statusCode).toBe(403);
  });
});
