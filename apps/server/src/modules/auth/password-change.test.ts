import { LOGIN_LIMITS as LIMITS, MESSAGES } from '@mandato/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientHash } from '../../platform/auth/password.ts';
import {
  as,
  type BuiltTenant,
  buildTenant,
  buildUser,
  createTestApp,
  TEST_PASSWORD,
  type TestApp,
  tryLogin,
} from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';

describe(`own password change (${testEngine})`, () => {
  let t: TestApp;
  let tenant: BuiltTenant;
  beforeAll(async () => {
    t = await createTestApp();
    tenant = await buildTenant(t);
  });
  afterAll(() => t.close());

  const signIn = async (email: string, password: string, ip: string) => {
    const res = await tryLogin(t, tenant.slug, email, password, ip);
    expect(res.statusCode).toBe(200);
    return res.json().data.token as string;
  };
  const change = (code: string, token: string, oldPassword: string, newPassword: string, ip: string) =>
    t.api.inject({
      method: 'PUT',
      url: `/api/users/${code}/change-password`,
      headers: as(tenant, token),
      remoteAddress: ip,
      payload: { oldPassword: clientHash(oldPassword), newPassword: clientHash(newPassword) },
    });
  const verify = (token: string) => t.api.inject({ url: '/api/auth/verify', headers: as(tenant, token) });

  it('ends every other session of the user and keeps the one that changed it', async () => {
    const user = await buildUser(t, tenant);
    const here = await signIn(user.email, TEST_PASSWORD, '10.20.0.1');
    const elsewhere = await signIn(user.email, TEST_PASSWORD, '10.20.0.2');
    const other = await buildUser(t, tenant);
    const othersSession = await signIn(other.email, TEST_PASSWORD, '10.20.0.3');

    expect((await change(user.code, here, TEST_PASSWORD, 'nova-senha-77', '10.20.0.1')).statusCode).toBe(200);

    expect((await verify(elsewhere)).statusCode).toBe(401);
    expect((await t.api.inject({ url: '/api/users/me', headers: as(tenant, elsewhere) })).statusCode).toBe(
      401,
    );
    expect((await verify(here)).statusCode).toBe(200);
    expect((await t.api.inject({ url: '/api/users/me', headers: as(tenant, here) })).statusCode).toBe(200);
    expect((await verify(othersSession)).statusCode).toBe(200);
    // and the session kept can change it again
    expect((await change(user.code, here, 'nova-senha-77', 'outra-senha-88', '10.20.0.1')).statusCode).toBe(
      200,
    );
    expect((await tryLogin(t, tenant.slug, user.email, 'outra-senha-88', '10.20.0.4')).statusCode).toBe(200);
  });

  it('a wrong current password leaves the password and the other sessions as they were', async () => {
    const user = await buildUser(t, tenant);
    const here = await signIn(user.email, TEST_PASSWORD, '10.21.0.1');
    const elsewhere = await signIn(user.email, TEST_PASSWORD, '10.21.0.2');
    const wrong = await change(user.code, here, 'nao-e-essa', 'nova-senha-77', '10.21.0.1');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ oldPassword: [MESSAGES.wrongCurrentPassword] });
    expect((await verify(elsewhere)).statusCode).toBe(200);
    expect((await tryLogin(t, tenant.slug, user.email, 'nova-senha-77', '10.21.0.3')).statusCode).toBe(401);
  });

  it('counts wrong current passwords in the login throttle: 429 after the limit, even for the right one', async () => {
    const user = await buildUser(t, tenant);
    const token = await signIn(user.email, TEST_PASSWORD, '10.22.0.1');
    const statuses: number[] = [];
    for (let i = 0; i < 15; i++) {
      statuses.push((await change(user.code, token, `errada-${i}`, 'nova-senha-77', '10.22.0.1')).statusCode);
    }
    expect(statuses.slice(0, LIMITS.perAccountClient)).toEqual(Array(LIMITS.perAccountClient).fill(400));
    expect(statuses.slice(LIMITS.perAccountClient)).toEqual(Array(15 - LIMITS.perAccountClient).fill(429));

    const right = await change(user.code, token, TEST_PASSWORD, 'nova-senha-77', '10.22.0.1');
    expect(right.statusCode).toBe(429);
    expect(right.json().message).toBe(MESSAGES.tooManyAttempts);
    // the same counter as the login of that account from that client
    expect((await tryLogin(t, tenant.slug, user.email, TEST_PASSWORD, '10.22.0.1')).statusCode).toBe(429);
    // the password did not change, and the owner elsewhere is not locked out
    expect((await tryLogin(t, tenant.slug, user.email, TEST_PASSWORD, '10.22.0.2')).statusCode).toBe(200);
    expect((await verify(token)).statusCode).toBe(200);
  });

  it('checks at most the limit of concurrent wrong current passwords', async () => {
    const user = await buildUser(t, tenant);
    const token = await signIn(user.email, TEST_PASSWORD, '10.23.0.1');
    const answers = await Promise.all(
      Array.from({ length: 15 }, (_, i) => change(user.code, token, `errada-${i}`, 'x', '10.23.0.1')),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 400)).toHaveLength(LIMITS.perAccountClient);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15 - LIMITS.perAccountClient);
  });

  it('a right current password gives its attempt back, as a login does', async () => {
    const user = await buildUser(t, tenant);
    const token = await signIn(user.email, TEST_PASSWORD, '10.24.0.1');
    for (let i = 0; i < LIMITS.perAccountClient - 1; i++) {
      expect((await change(user.code, token, 'errada', 'x', '10.24.0.1')).statusCode).toBe(400);
    }
    expect((await change(user.code, token, TEST_PASSWORD, 'nova-senha-77', '10.24.0.1')).statusCode).toBe(
      200,
    );
    expect((await change(user.code, token, 'errada', 'x', '10.24.0.1')).statusCode).toBe(400);
    expect((await change(user.code, token, 'nova-senha-77', 'outra-88', '10.24.0.1')).statusCode).toBe(200);
  });

  it("refuses another user's password before counting anything", async () => {
    const user = await buildUser(t, tenant);
    const token = await signIn(user.email, TEST_PASSWORD, '10.25.0.1');
    const victim = await buildUser(t, tenant);
    for (let i = 0; i < 15; i++) {
      expect((await change(victim.code, token, 'errada', 'x', '10.25.0.1')).statusCode).toBe(403);
    }
    expect((await tryLogin(t, tenant.slug, victim.email, 'errada', '10.25.0.1')).statusCode).toBe(401);
  });
});
