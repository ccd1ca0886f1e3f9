import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, buildTenant, buildUser, createTestApp, loginAs, type TestApp } from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';

describe(`sys-admin routes (${testEngine})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('gives anonymous callers only the public fields of a schema', async () => {
    const tenant = await buildTenant(t, { name: 'Gabinete Ana' });
    const res = await t.api.inject({ url: `/api/sys-admin/schemas/${tenant.slug}` });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().data).sort()).toEqual(['code', 'logoUrl', 'name', 'slug']);
    expect((await t.api.inject({ url: '/api/sys-admin/schemas/nao-existe' })).statusCode).toBe(404);
  });

  it('gives a signed-in user of the tenant the plan, flags and consumption, never the secret', async () => {
    const tenant = await buildTenant(t, { planId: 'BASIC', marketingSecret: 'segredo' });
    const user = await buildUser(t, tenant);
    await buildUser(t, tenant, { active: false });
    const token = await loginAs(t, tenant, user.email);
    const res = await t.api.inject({
      url: `/api/sys-admin/schemas/${tenant.slug}`,
      headers: as(tenant, token),
    });
    const schema = res.json().data;
    expect(schema).toMatchObject({
      slug: tenant.slug,
      hasMarketingSecret: true,
      plan: { id: 'BASIC', totalUser: 3, totalContacts: 10000 },
      planConsumption: { totalContactsUsed: 0 },
      enableAddressRevalidation: false,
      // new tenants start off the demands allowlist (migration 0026)
      modules: { demands: false },
    });
    expect(res.body).not.toContain('segredo');
    const consumption = await t.api.inject({
      url: '/api/sys-admin/plans/consumption',
      headers: as(tenant, token),
    });
    expect(consumption.json().data).toEqual({ totalUsersUsed: 1, totalContactsUsed: 0 });
    // a token of another tenant sees only public fields of this one
    const other = await buildTenant(t);
    const otherToken = await loginAs(t, other, (await buildUser(t, other)).email);
    const foreign = await t.api.inject({
      url: `/api/sys-admin/schemas/${tenant.slug}`,
      headers: { 'x-schema': tenant.slug, authorization: `Bearer ${otherToken}` },
    });
    expect(foreign.json().data).not.toHaveProperty('plan');
  });

  it('refuses to activate users beyond the plan total', async () => {
    const tenant = await buildTenant(t, { planId: 'FREE' }); // 1 user
    const admin = await buildUser(t, tenant);
    const waiting = await buildUser(t, tenant, { active: false, permissions: [] });
    const token = await loginAs(t, tenant, admin.email);
    const res = await t.api.inject({
      method: 'PUT',
      url: `/api/users/${waiting.code}/change-permissions`,
      headers: as(tenant, token),
      payload: { active: true, permissions: [] },
    });
    expect(res.statusCode).toBe(409);
  });

  it('serves the OpenAPI document', async () => {
    const res = await t.api.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toEqual(
      expect.arrayContaining(['/api/auth/login', '/api/users/{code}/change-permissions']),
    );
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.api.inject({ url: '/api/nada' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBeDefined();
  });
});
