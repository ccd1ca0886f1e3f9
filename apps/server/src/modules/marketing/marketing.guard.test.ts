import type { Role } from '@mandato/domain';
import { type RawBuilder, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../platform/db/tenancy.ts';
import { type Caller, signedIn } from '../../test/crm-factories.ts';
import { marketingToken } from '../../test/marketing-session.ts';
import { type BuiltTenant, buildTenant, createTestApp, type TestApp } from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';
import { setUserActive } from '../users/users.service.ts';

/**
 * The one guard (platform/auth/guard.ts withAuthFor) with either audience: the session token on a
 * session route (withAuth) and the marketing token on a marketing route (withMarketingAuth) go
 * through the same checks with the same answers.
 */
describe(`one guard for the session and the marketing token (${testEngine})`, () => {
  let t: TestApp;
  let tenant: BuiltTenant;

  const audiences = [
    {
      name: 'session token, GET /api/tags/list',
      url: '/api/tags/list',
      token: async (who: Caller) => who.token,
      otherToken: (who: Caller) => marketingToken(t, who.headers, tenant.slug),
      /** what the user keeps when the route's role is taken away */
      without: ['ROLE_MARKETING'] as Role[],
    },
    {
      name: 'marketing token, GET /api/mkt/domains',
      url: '/api/mkt/domains',
      token: (who: Caller) => marketingToken(t, who.headers, tenant.slug),
      otherToken: async (who: Caller) => who.token,
      without: ['ROLE_CRM'] as Role[],
    },
  ];

  const get = async (url: string, token: string | undefined, slug = tenant.slug) =>
    (
      await t.api.inject({
        method: 'GET',
        url,
        headers: { 'x-schema': slug, ...(token === undefined ? {} : { authorization: `Bearer ${token}` }) },
      })
    ).statusCode;

  const setUser = (who: Caller, change: RawBuilder<unknown>) =>
    withTenant(t.db, tenant.id, ({ trx }) =>
      sql`UPDATE users SET ${change} WHERE tenant_id = ${tenant.id} AND code = ${who.user.code}`.execute(trx),
    );

  beforeAll(async () => {
    t = await createTestApp();
    tenant = await buildTenant(t, { marketingSecret: 'segredo-do-tenant' });
  });
  afterAll(() => t.close());

  describe.each(audiences)('$name', (audience) => {
    const caller = () => signedIn(t, tenant, ['ROLE_CRM', 'ROLE_MARKETING'], 'Guarda');

    it('answers its own token of its own tenant, 401 without a valid one, 403 for another tenant', async () => {
      const who = await caller();
      const token = await audience.token(who);
      expect(await get(audience.url, token)).toBe(200);
      expect(await get(audience.url, undefined)).toBe(401);
      expect(await get(audience.url, 'lixo')).toBe(401);
      expect(await get(audience.url, await audience.otherToken(who))).toBe(401);
      const other = await buildTenant(t, { marketingSecret: 'outro-segredo' });
      expect(await get(audience.url, token, other.slug)).toBe(403);
      expect(await get(audience.url, token, 'nao-existe')).toBe(403);
    });

    it('re-reads the session and the user on every call: logout, new token version, inactive, lost role', async () => {
      const loggedOut = await caller();
      const loggedOutToken = await audience.token(loggedOut);
      expect(await get(audience.url, loggedOutToken)).toBe(200);
      const out = await t.api.inject({ method: 'POST', url: '/api/auth/logout', headers: loggedOut.headers });
      expect(out.statusCode).toBe(200);
      expect(await get(audience.url, loggedOutToken)).toBe(401);

      const newPassword = await caller();
      const newPasswordToken = await audience.token(newPassword);
      expect(await get(audience.url, newPasswordToken)).toBe(200);
      await setUser(newPassword, sql`token_version = token_version + 1`);
      expect(await get(audience.url, newPasswordToken)).toBe(401);

      const inactive = await caller();
      const inactiveToken = await audience.token(inactive);
      await setUserActive({ db: t.db }, tenant.slug, inactive.user.email, false);
      expect(await get(audience.url, inactiveToken)).toBe(401);

      const demoted = await caller();
      const demotedToken = await audience.token(demoted);
      await setUser(demoted, sql`permissions = ${audience.without}::text[]`);
      expect(await get(audience.url, demotedToken)).toBe(403);
    });
  });
});
