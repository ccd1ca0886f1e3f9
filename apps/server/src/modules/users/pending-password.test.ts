import { MESSAGES } from '@mandato/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientHash } from '../../platform/auth/password.ts';
import { withTenant } from '../../platform/db/tenancy.ts';
import { readOutbox } from '../../platform/mail/mailer.ts';
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

describe(`pending passwords and the outbox (${testEngine})`, () => {
  let t: TestApp;
  let tenant: BuiltTenant;
  let adminToken: string;
  beforeAll(async () => {
    t = await createTestApp();
    tenant = await buildTenant(t);
    adminToken = await loginAs(t, tenant, (await buildUser(t, tenant)).email);
  });
  afterAll(() => t.close());

  const login = (email: string, password: string) => tryLogin(t, tenant.slug, email, password);
  const forgot = (slug: string, email: string) =>
    t.api.inject({
      method: 'PUT',
      url: '/api/auth/forgot-password',
      headers: { 'x-schema': slug },
      payload: { email },
    });
  const verify = (token: string) =>
    t.api.inject({ url: '/api/auth/verify', headers: as(tenant, token) }).then((r) => r.statusCode);
  /** The password in the latest outbox message to `email`, if one is still kept. */
  const mailedPassword = async (email: string) => {
    const mail = (await readOutbox(t.db, tenant.id, 50)).find((m) => m.to_address === email);
    return mail && /Nova senha: (\S+)/.exec(mail.text_body)?.[1];
  };

  it('forgot-password: 403 domain, 404 unknown e-mail, and the e-mailed password is pending until first used', async () => {
    const user = await buildUser(t, tenant);
    expect((await forgot('nao-existe', user.email)).statusCode).toBe(403);
    const unknown = await forgot(tenant.slug, 'ninguem@exemplo.com');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(MESSAGES.recoveryUnknownEmail);

    const oldToken = await loginAs(t, tenant, user.email);
    expect((await forgot(tenant.slug, user.email)).statusCode).toBe(200);
    expect(await t.worker.drain()).toBe(1);
    const password = await mailedPassword(user.email);
    expect(password).toMatch(/^[A-Za-z2-9]{12}$/);
    // whoever asked, the owner is not locked out: old password and sessions still work
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(200);
    expect(await verify(oldToken)).toBe(200);
    // the first use of the new one makes it the password: the old one and its sessions stop
    const fresh = await login(user.email, password as string);
    expect(fresh.statusCode).toBe(200);
    expect(await verify(fresh.json().data.token)).toBe(200);
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(401);
    expect(await verify(oldToken)).toBe(401);
    expect((await login(user.email, password as string)).statusCode).toBe(200);
    // and the outbox no longer holds it
    expect(await mailedPassword(user.email)).toBeUndefined();
  });

  it("an admin's reset is pending the same way, and a newer one replaces the older", async () => {
    const member = await buildUser(t, tenant, { permissions: ['ROLE_CRM'] });
    const reset = () =>
      t.api.inject({
        method: 'PUT',
        url: `/api/users/${member.code}/reset-password`,
        headers: as(tenant, adminToken),
      });
    expect((await reset()).statusCode).toBe(200);
    await t.worker.drain();
    const first = await mailedPassword(member.email);
    expect((await reset()).statusCode).toBe(200);
    await t.worker.drain();
    const second = await mailedPassword(member.email);
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    expect((await login(member.email, first as string)).statusCode).toBe(401);
    expect((await login(member.email, TEST_PASSWORD)).statusCode).toBe(200);
    expect((await login(member.email, second as string)).statusCode).toBe(200);
    expect((await login(member.email, TEST_PASSWORD)).statusCode).toBe(401);
  });

  it('a pending password expires, and so does its copy in the outbox', async () => {
    const user = await buildUser(t, tenant);
    await forgot(tenant.slug, user.email);
    await t.worker.drain();
    const password = await mailedPassword(user.email);
    expect(password).toBeDefined();
    await withTenant(t.db, tenant.id, async ({ trx }) => {
      await sql`UPDATE users SET pending_password_expires_at = now() - interval '1 second'
        WHERE email = ${user.email}`.execute(trx);
      await sql`UPDATE mail_outbox SET expires_at = now() - interval '1 second'
        WHERE to_address = ${user.email}`.execute(trx);
    });
    expect((await login(user.email, password as string)).statusCode).toBe(401);
    expect(await mailedPassword(user.email)).toBeUndefined();
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('changing one’s own password drops a pending one', async () => {
    const user = await buildUser(t, tenant);
    const token = await loginAs(t, tenant, user.email);
    await forgot(tenant.slug, user.email);
    await t.worker.drain();
    const pending = await mailedPassword(user.email);
    const changed = await t.api.inject({
      method: 'PUT',
      url: `/api/users/${user.code}/change-password`,
      headers: as(tenant, token),
      payload: { oldPassword: clientHash(TEST_PASSWORD), newPassword: clientHash('outra-senha-9') },
    });
    expect(changed.statusCode).toBe(200);
    expect((await login(user.email, pending as string)).statusCode).toBe(401);
    expect(await mailedPassword(user.email)).toBeUndefined();
    expect((await login(user.email, 'outra-senha-9')).statusCode).toBe(200);
  });

  it("keeps each tenant's mail under row-level security and platform mail out of tenant sessions", async () => {
    const other = await buildTenant(t);
    const stranger = await buildUser(t, other);
    await forgot(other.slug, stranger.email);
    await t.worker.drain();
    await t.app.mailer.send({ tenantId: null, to: 'ops@exemplo.com', subject: 'Plataforma', text: 'x' });
    expect((await readOutbox(t.db, other.id, 50)).map((m) => m.to_address)).toContain(stranger.email);
    expect((await readOutbox(t.db, tenant.id, 50)).map((m) => m.to_address)).not.toContain(stranger.email);
    expect((await readOutbox(t.db, null, 50)).map((m) => m.to_address)).toContain('ops@exemplo.com');
    const seen = await withTenant(t.db, tenant.id, async ({ trx }) => ({
      tenantMail: await trx.selectFrom('mail_outbox').select('to_address').execute(),
      platformMail: await trx.selectFrom('platform_mail_outbox').select('to_address').execute(),
    }));
    expect(seen.tenantMail.map((m) => m.to_address)).not.toContain(stranger.email);
    expect(seen.platformMail).toEqual([]);
  });
});
