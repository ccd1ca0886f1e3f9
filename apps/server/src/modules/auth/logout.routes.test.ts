import { MESSAGES } from '@mandato/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../platform/db/tenancy.ts';
import {
  as,
  type BuiltTenant,
  buildTenant,
  buildUser,
  createTestApp,
  loginAs,
  type TestApp,
} from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';

describe(`logout and server-side sessions (${testEngine})`, () => {
  let t: TestApp;
  let tenant: BuiltTenant;
  beforeAll(async () => {
    t = await createTestApp();
    tenant = await buildTenant(t);
  });
  afterAll(() => t.close());

  const verify = (token: string, on = tenant) =>
    t.api.inject({ url: '/api/auth/verify', headers: as(on, token) });
  const me = (token: string) => t.api.inject({ url: '/api/users/me', headers: as(tenant, token) });
  const schedules = (token: string) => t.api.inject({ url: '/api/schedules', headers: as(tenant, token) });
  const logout = (headers: Record<string, string>) =>
    t.api.inject({ method: 'POST', url: '/api/auth/logout', headers });
  const sessionId = async (token: string) => (await t.app.tokens.verify(token))?.sid as string;
  const sessionRows = (userCode: string) =>
    withTenant(t.db, tenant.id, ({ trx }) =>
      trx
        .selectFrom('sessions')
        .innerJoin('users', (j) =>
          j.onRef('users.tenant_id', '=', 'sessions.tenant_id').onRef('users.id', '=', 'sessions.user_id'),
        )
        .select(['sessions.id', 'sessions.revoked_at', 'sessions.expires_at'])
        .where('users.code', '=', userCode)
        .execute(),
    );

  it('login records a session named by the token; logout revokes it and its token gets 401 everywhere', async () => {
    const user = await buildUser(t, tenant);
    const token = await loginAs(t, tenant, user.email);
    const other = await loginAs(t, tenant, user.email);
    const sid = await sessionId(token);
    expect(sid).toMatch(/^[0-9a-f-]{36}$/);
    expect(await sessionId(other)).not.toBe(sid);
    const rows = await sessionRows(user.code);
    expect(rows.map((r) => r.id).sort()).toEqual([sid, await sessionId(other)].sort());
    expect(rows.every((r) => r.revoked_at === null && r.expires_at.getTime() > Date.now())).toBe(true);

    // the token works (and its signature is now cached by the token service)
    expect((await verify(token)).statusCode).toBe(200);
    expect((await schedules(token)).statusCode).toBe(200);

    const out = await logout(as(tenant, token));
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ data: { loggedOut: true } });
    expect((await sessionRows(user.code)).find((r) => r.id === sid)?.revoked_at).toBeInstanceOf(Date);

    // the same token, still cached as verified, is refused on every route
    expect((await verify(token)).statusCode).toBe(401);
    expect((await me(token)).statusCode).toBe(401);
    expect((await schedules(token)).statusCode).toBe(401);

    // the user's other session (a second login) keeps working
    expect((await verify(other)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(200);
    expect((await schedules(other)).statusCode).toBe(200);

    // idempotent: logging the same token out again answers the same and keeps the first revocation
    const revokedAt = (await sessionRows(user.code)).find((r) => r.id === sid)?.revoked_at;
    const again = await logout(as(tenant, token));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ data: { loggedOut: true } });
    expect((await sessionRows(user.code)).find((r) => r.id === sid)?.revoked_at).toEqual(revokedAt);
    expect((await verify(other)).statusCode).toBe(200);
  });

  it('refuses a token whose session has expired (401), although the token itself has not', async () => {
    const user = await buildUser(t, tenant);
    const token = await loginAs(t, tenant, user.email);
    expect((await verify(token)).statusCode).toBe(200);
    const sid = await sessionId(token);
    await withTenant(t.db, tenant.id, ({ trx }) =>
      trx
        .updateTable('sessions')
        .set({ expires_at: sql`now() - interval '1 second'` })
        .where('tenant_id', '=', tenant.id)
        .where('id', '=', sid)
        .execute(),
    );
    expect((await verify(token)).statusCode).toBe(401);
    expect((await schedules(token)).statusCode).toBe(401);
  });

  it("removes the user's expired sessions at the next login, and only theirs", async () => {
    const user = await buildUser(t, tenant);
    const bystander = await buildUser(t, tenant);
    const old = await loginAs(t, tenant, user.email);
    const live = await loginAs(t, tenant, user.email);
    const bystanderToken = await loginAs(t, tenant, bystander.email);
    const expire = (token: string) =>
      sessionId(token).then((sid) =>
        withTenant(t.db, tenant.id, ({ trx }) =>
          trx
            .updateTable('sessions')
            .set({ expires_at: sql`now() - interval '1 second'` })
            .where('tenant_id', '=', tenant.id)
            .where('id', '=', sid)
            .execute(),
        ),
      );
    await expire(old);
    await expire(bystanderToken);
    const fresh = await loginAs(t, tenant, user.email);
    expect((await sessionRows(user.code)).map((r) => r.id).sort()).toEqual(
      [await sessionId(live), await sessionId(fresh)].sort(),
    );
    expect((await sessionRows(bystander.code)).map((r) => r.id)).toEqual([await sessionId(bystanderToken)]);
  });

  it('refuses a body with any key (400) and keeps the session', async () => {
    const user = await buildUser(t, tenant);
    const token = await loginAs(t, tenant, user.email);
    const post = (payload: string) =>
      t.api.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { ...as(tenant, token), 'content-type': 'application/json' },
        payload,
      });
    for (const payload of ['{"constructor":1}', '{"x":"a\\u0000b"}', `{"x":"${'a'.repeat(100_000)}"}`]) {
      expect((await post(payload)).statusCode, payload.slice(0, 40)).toBe(400);
    }
    const proto = await post('{"__proto__":{"admin":true}}');
    expect(proto.statusCode).toBe(400);
    expect(Object.entries(proto.json().errors)).toEqual([['__proto__', [MESSAGES.unknownField]]]);
    expect((await verify(token)).statusCode).toBe(200);
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });

  it('answers 401 to a logout without a valid token', async () => {
    expect((await logout({ 'x-schema': tenant.slug })).statusCode).toBe(401);
    expect((await logout(as(tenant, 'abc.def.ghi'))).statusCode).toBe(401);
  });

  it("answers 403 to a token of tenant A's session sent with tenant B's X-Schema, and A's session holds", async () => {
    const other = await buildTenant(t);
    const user = await buildUser(t, tenant);
    const token = await loginAs(t, tenant, user.email);
    expect((await verify(token, other)).statusCode).toBe(403);
    expect((await logout(as(other, token))).statusCode).toBe(403);
    expect((await verify(token)).statusCode).toBe(200);
  });
});
