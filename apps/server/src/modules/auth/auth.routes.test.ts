import { randomUUID } from 'node:crypto';
import { MESSAGES } from '@mandato/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TokenService } from '../../platform/auth/tokens.ts';
import {
  as,
  type BuiltTenant,
  buildTenant,
  buildUser,
  createTestApp,
  loginAs,
  TEST_PASSWORD,
  type TestApp,
  tryLogin,
} from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';
import { tenantsRepository } from '../tenants/tenants.repository.ts';
import { forgetTenant } from '../tenants/tenants.service.ts';

describe(`auth routes (${testEngine})`, () => {
  let t: TestApp;
  let tenant: BuiltTenant;
  beforeAll(async () => {
    t = await createTestApp();
    tenant = await buildTenant(t);
  });
  afterAll(() => t.close());

  const login = (slug: string, email: string, password: string, ip?: string) =>
    tryLogin(t, slug, email, password, ip);

  it('logs in and answers user, token and integration keys', async () => {
    const user = await buildUser(t, tenant, { email: 'Ana@Exemplo.com' });
    const res = await login(tenant.slug, 'ana@exemplo.com', TEST_PASSWORD);
    expect(res.statusCode).toBe(200);
    const body = res.json().data;
    expect(body.user).toMatchObject({ code: user.code, email: 'ana@exemplo.com', active: true });
    expect(body.token).toEqual(expect.any(String));
    expect(body.integrationKeys).toHaveProperty('leads');
    const verify = await t.api.inject({ url: '/api/auth/verify', headers: as(tenant, body.token) });
    expect(verify.statusCode).toBe(200);
    expect(verify.json().data.user.code).toBe(user.code);
  });

  it('answers 403 for an unknown or inactive domain', async () => {
    const user = await buildUser(t, tenant);
    expect((await login('nao-existe', user.email, TEST_PASSWORD)).json()).toMatchObject({
      message: MESSAGES.loginInactiveDomain,
    });
    expect((await login('nao-existe', user.email, TEST_PASSWORD)).statusCode).toBe(403);
    const off = await buildTenant(t);
    const offUser = await buildUser(t, off);
    await tenantsRepository.setActive(t.db.kysely, off.slug, false);
    forgetTenant(t.app, off.slug);
    expect((await login(off.slug, offUser.email, TEST_PASSWORD)).statusCode).toBe(403);
  });

  it('answers 401 for a wrong password or unknown e-mail, and refuses an inactive user', async () => {
    const user = await buildUser(t, tenant);
    const wrong = await login(tenant.slug, user.email, 'errada', '10.0.0.2');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe(MESSAGES.loginInvalid);
    expect((await login(tenant.slug, 'ninguem@exemplo.com', TEST_PASSWORD, '10.0.0.2')).statusCode).toBe(401);
    const inactive = await buildUser(t, tenant, { active: false });
    const res = await login(tenant.slug, inactive.email, TEST_PASSWORD);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(MESSAGES.inactiveUser);
  });

  it('answers 400 with pt-BR field messages for bad input and never a 500', async () => {
    const res = await t.api.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'x-schema': tenant.slug },
      payload: { email: 'não é e-mail', password: 'texto puro' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({ email: ['E-mail inválido'] });
    const broken = await t.api.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'x-schema': tenant.slug, 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toMatch(/JSON/);
    const missing = await t.api.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'x-schema': tenant.slug },
      payload: {},
    });
    expect(missing.json().errors).toMatchObject({
      email: [MESSAGES.required],
      password: [MESSAGES.required],
    });
  });

  it("rejects a token of tenant A sent with tenant B's X-Schema (403)", async () => {
    const other = await buildTenant(t);
    const user = await buildUser(t, tenant);
    const token = await loginAs(t, tenant, user.email);
    const res = await t.api.inject({ url: '/api/auth/verify', headers: as(other, token) });
    expect(res.statusCode).toBe(403);
    const consumption = await t.api.inject({
      url: '/api/sys-admin/plans/consumption',
      headers: as(other, token),
    });
    expect(consumption.statusCode).toBe(403);
  });

  it('answers 401 without a token, with a forged or expired one, and once the user is deactivated', async () => {
    expect(
      (await t.api.inject({ url: '/api/auth/verify', headers: { 'x-schema': tenant.slug } })).statusCode,
    ).toBe(401);
    expect(
      (await t.api.inject({ url: '/api/auth/verify', headers: as(tenant, 'abc.def.ghi') })).statusCode,
    ).toBe(401);
    const user = await buildUser(t, tenant);
    const expiredTokens = await TokenService.create(t.db, undefined, 0);
    const { token: expired } = await expiredTokens.sign({
      sub: user.code,
      tid: tenant.id,
      ver: 0,
      sid: randomUUID(),
    });
    await new Promise((r) => setTimeout(r, 1100));
    expect((await t.api.inject({ url: '/api/auth/verify', headers: as(tenant, expired) })).statusCode).toBe(
      401,
    );

    const admin = await buildUser(t, tenant);
    const adminToken = await loginAs(t, tenant, admin.email);
    const token = await loginAs(t, tenant, user.email);
    expect((await t.api.inject({ url: '/api/auth/verify', headers: as(tenant, token) })).statusCode).toBe(
      200,
    );
    const off = await t.api.inject({
      method: 'PUT',
      url: `/api/users/${user.code}/change-permissions`,
      headers: as(tenant, adminToken),
      payload: { active: false, permissions: [] },
    });
    expect(off.statusCode).toBe(200);
    expect((await t.api.inject({ url: '/api/auth/verify', headers: as(tenant, token) })).statusCode).toBe(
      401,
    );
  });
});
