import { PLAN_CATALOG } from '@mandato/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appContentSecurityPolicy } from '../../platform/http/security-headers.ts';
import { call, signedIn } from '../../test/crm-factories.ts';
import { buildTenant, createTestApp, type TestApp } from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';

const PATH = '/api/sys-admin/plans/subscription';
const BASE = {
  tileUrl: 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png',
  cepUrl: 'https://viacep.com.br/ws/{cep}/json/',
};

describe(`plans and the subscribe page (${testEngine})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('the catalogue of packages/domain has the quotas of the plans table', async () => {
    const rows = await t.db.kysely.selectFrom('plans').selectAll().orderBy('id').execute();
    const fromDomain = PLAN_CATALOG.map((p) => ({
      id: p.id,
      name: p.name,
      total_users: p.totalUsers,
      total_contacts: p.totalContacts,
    })).sort((a, b) => a.id.localeCompare(b.id));
    expect(rows).toEqual(fromDomain);
  });

  it('answers no purchase page and no sales address by default; needs ROLE_CONFIG', async () => {
    const tenant = await buildTenant(t);
    const admin = await signedIn(t, tenant, ['ROLE_CONFIG'], 'Config');
    const answer = await call(t, admin, 'GET', PATH);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ subscribeUrl: null, salesEmail: null });
    const crm = await signedIn(t, tenant, ['ROLE_CRM', 'ROLE_REPORT'], 'CRM');
    expect((await call(t, crm, 'GET', PATH)).status).toBe(403);
    expect((await call(t, admin, 'GET', `${PATH}?x=1`)).status).toBe(400);
  });

  it('frames only the configured origin, and refuses a non-http address', () => {
    expect(appContentSecurityPolicy(BASE)).not.toContain('frame-src');
    const policy = appContentSecurityPolicy({
      ...BASE,
      subscribeUrl: 'https://loja.exemplo.com.br/planos?origem=mandato',
    });
    expect(policy).toContain("frame-src 'self' https://loja.exemplo.com.br;");
    expect(() => appContentSecurityPolicy({ ...BASE, subscribeUrl: 'javascript:alert(1)' })).toThrow(
      /SUBSCRIBE_URL/,
    );
  });
});

describe(`a configured subscribe page (${testEngine})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      subscribeUrl: 'https://loja.exemplo.com.br/planos',
      salesEmail: 'vendas@exemplo.com.br',
    });
  });
  afterAll(() => t.close());

  it('tells the web app where to send the user', async () => {
    const tenant = await buildTenant(t);
    const admin = await signedIn(t, tenant, ['ROLE_CONFIG'], 'Config');
    const answer = await call(t, admin, 'GET', PATH);
    expect(answer.body.data).toEqual({
      subscribeUrl: 'https://loja.exemplo.com.br/planos',
      salesEmail: 'vendas@exemplo.com.br',
    });
  });
});
