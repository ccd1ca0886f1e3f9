import { LOGIN_LIMITS as LIMITS, MESSAGES } from '@mandato/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type BuiltTenant,
  buildTenant,
  buildUser,
  createTestApp,
  TEST_PASSWORD,
  type TestApp,
  tryLogin,
} from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';

// each sign-in checks an argon2 hash (about 0.16 s here, seconds on a loaded machine) and some tests
// make fifty: a time-out of their own, not the project's 30 s
describe(`login limits (${testEngine})`, { timeout: 180_000 }, () => {
  let t: TestApp;
  let tenant: BuiltTenant;
  beforeAll(async () => {
    t = await createTestApp();
    tenant = await buildTenant(t);
  });
  afterAll(() => t.close());

  const login = (email: string, password: string, ip: string) =>
    tryLogin(t, tenant.slug, email, password, ip);
  /** As if `seconds` had passed for every counter (the delays and windows read last_at/window_start). */
  const age = (seconds: number) =>
    sql`UPDATE login_throttle SET last_at = last_at - make_interval(secs => ${seconds}),
      window_start = window_start - make_interval(secs => ${seconds})`.execute(t.db.kysely);

  it('locks an account for the client that failed, not for its owner elsewhere', async () => {
    const user = await buildUser(t, tenant);
    for (let i = 0; i < LIMITS.perAccountClient; i++) {
      expect((await login(user.email, 'errada', '10.2.0.1')).statusCode).toBe(401);
    }
    const blocked = await login(user.email, TEST_PASSWORD, '10.2.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(MESSAGES.tooManyAttempts);
    expect((await login(user.email, TEST_PASSWORD, '10.2.0.2')).statusCode).toBe(200);
    await age(LIMITS.windowSeconds);
    expect((await login(user.email, TEST_PASSWORD, '10.2.0.1')).statusCode).toBe(200);
  });

  it('checks at most the limit of concurrent wrong passwords: each attempt is reserved before the check', async () => {
    const user = await buildUser(t, tenant);
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => login(user.email, 'errada', '10.3.0.1')),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(LIMITS.perAccountClient);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30 - LIMITS.perAccountClient);
  });

  it('slows an account attacked from many clients with growing delays instead of locking it', async () => {
    const user = await buildUser(t, tenant);
    for (let i = 0; i < LIMITS.accountDelayFrom; i++) {
      expect((await login(user.email, 'errada', `10.4.1.${i}`)).statusCode).toBe(401);
    }
    // The delays are seconds, and so is the time a loaded machine takes between two attempts (the
    // argon2 check of the one before): before an attempt that must come too early the counters are
    // moved AHEAD seconds into the future, so no real time counts, and `age(AHEAD + delay)` then
    // puts the previous attempt exactly `delay` seconds back.
    const AHEAD = 60;
    // the next attempt, from anywhere, waits 1 s after the previous one
    await age(-AHEAD);
    expect((await login(user.email, 'errada', '10.4.2.1')).statusCode).toBe(429);
    await age(AHEAD + 1);
    expect((await login(user.email, 'errada', '10.4.2.2')).statusCode).toBe(401);
    // then 2 s
    await age(-AHEAD);
    expect((await login(user.email, TEST_PASSWORD, '10.4.2.3')).statusCode).toBe(429);
    await age(AHEAD + 2);
    // the owner gets in after the delay, however many attackers
    expect((await login(user.email, TEST_PASSWORD, '10.4.2.3')).statusCode).toBe(200);
  });

  it('counts only failures: a successful login gives its attempt back', async () => {
    const user = await buildUser(t, tenant);
    for (let i = 0; i < LIMITS.perClient + 5; i++) {
      expect((await login(user.email, TEST_PASSWORD, '10.5.0.1')).statusCode).toBe(200);
    }
  });

  it('limits one client across accounts', async () => {
    for (let i = 0; i < LIMITS.perClient; i++) {
      expect((await login(`ninguem${i}@exemplo.com`, 'errada', '10.6.0.1')).statusCode).toBe(401);
    }
    expect((await login('outro@exemplo.com', 'errada', '10.6.0.1')).statusCode).toBe(429);
  });
});
