import { MESSAGES } from '@mandato/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientHash } from '../../platform/auth/password.ts';
import { startSmtpServer } from '../../test/smtp-server.ts';
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

describe(`users routes (${testEngine})`, () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let tenant: BuiltTenant;
  let adminToken: string;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ smtpUrl: smtp.url, mailFrom: 'Mandato <nao-responda@mandato.test>' });
    tenant = await buildTenant(t);
    const admin = await buildUser(t, tenant);
    adminToken = await loginAs(t, tenant, admin.email);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const put = (url: string, token: string, payload?: object) =>
    t.api.inject({ method: 'PUT', url, headers: as(tenant, token), ...(payload ? { payload } : {}) });

  it('reads and changes a team member access', async () => {
    const member = await buildUser(t, tenant, { permissions: ['ROLE_TEAM'] });
    const read = await t.api.inject({ url: `/api/users/${member.code}`, headers: as(tenant, adminToken) });
    expect(read.json().data).toEqual({ code: member.code, active: true, permissions: ['ROLE_TEAM'] });
    const changed = await put(`/api/users/${member.code}/change-permissions`, adminToken, {
      active: true,
      permissions: ['ROLE_TEAM', 'ROLE_CRM', 'ROLE_CRM'],
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data.permissions).toEqual(['ROLE_TEAM', 'ROLE_CRM']);
  });

  it('refuses permission changes without ROLE_TEAM, on oneself, and for permissions the caller lacks', async () => {
    const crmOnly = await buildUser(t, tenant, { permissions: ['ROLE_CRM'] });
    const crmToken = await loginAs(t, tenant, crmOnly.email);
    const team = await buildUser(t, tenant, { permissions: ['ROLE_TEAM'] });
    const teamToken = await loginAs(t, tenant, team.email);
    const target = await buildUser(t, tenant, { permissions: [] });
    const body = { active: true, permissions: ['ROLE_TEAM'] };
    expect((await put(`/api/users/${target.code}/change-permissions`, crmToken, body)).statusCode).toBe(403);
    expect(
      (await t.api.inject({ url: `/api/users/${target.code}`, headers: as(tenant, crmToken) })).statusCode,
    ).toBe(403);
    expect((await put(`/api/users/${team.code}/change-permissions`, teamToken, body)).statusCode).toBe(403);
    const escalate = await put(`/api/users/${target.code}/change-permissions`, teamToken, {
      active: true,
      permissions: ['ROLE_CONFIG'],
    });
    expect(escalate.statusCode).toBe(403);
    expect((await put(`/api/users/${target.code}/change-permissions`, teamToken, body)).statusCode).toBe(200);
    const bad = await put(`/api/users/${target.code}/change-permissions`, teamToken, {
      active: 'sim',
      permissions: ['ROLE_X'],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('active');
    expect(bad.json().errors['permissions.0']).toEqual([MESSAGES.notAllowed]);
  });

  it('answers 404 for a user of another tenant', async () => {
    const other = await buildTenant(t);
    const stranger = await buildUser(t, other);
    expect(
      (await t.api.inject({ url: `/api/users/${stranger.code}`, headers: as(tenant, adminToken) }))
        .statusCode,
    ).toBe(404);
    expect((await put(`/api/users/${stranger.code}/reset-password`, adminToken)).statusCode).toBe(404);
  });

  it('resets a password and e-mails the new one over SMTP', async () => {
    const member = await buildUser(t, tenant, { email: 'membro@exemplo.com.br' });
    const res = await put(`/api/users/${member.code}/reset-password`, adminToken);
    expect(res.statusCode).toBe(200);
    expect(await t.worker.drain()).toBe(1);
    const mail = smtp.received.find((m) => m.to.includes('membro@exemplo.com.br'));
    expect(mail?.from).toBe('nao-responda@mandato.test');
    const password = /Nova senha: (\S+)/.exec(mail?.raw ?? '')?.[1];
    expect(password).toMatch(/^[A-Za-z2-9]{12}$/);
    expect(await loginAs(t, tenant, member.email, password as string)).toEqual(expect.any(String));
  });

  it('changes the own password only with the right current one', async () => {
    const me = await buildUser(t, tenant);
    const token = await loginAs(t, tenant, me.email);
    const wrong = await put(`/api/users/${me.code}/change-password`, token, {
      oldPassword: clientHash('nao-e-essa'),
      newPassword: clientHash('nova-senha-123'),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(MESSAGES.wrongCurrentPassword);
    const other = await buildUser(t, tenant);
    const foreign = await put(`/api/users/${other.code}/change-password`, token, {
      oldPassword: clientHash('senha-forte-1'),
      newPassword: clientHash('x'),
    });
    expect(foreign.statusCode).toBe(403);
    const ok = await put(`/api/users/${me.code}/change-password`, token, {
      oldPassword: clientHash('senha-forte-1'),
      newPassword: clientHash('nova-senha-123'),
    });
    expect(ok.statusCode).toBe(200);
    expect(await loginAs(t, tenant, me.email, 'nova-senha-123')).toEqual(expect.any(String));
  });

  it('reads and updates the own profile', async () => {
    const me = await buildUser(t, tenant, { name: 'Maria' });
    const token = await loginAs(t, tenant, me.email);
    const read = await t.api.inject({ url: '/api/users/me', headers: as(tenant, token) });
    expect(read.json().data).toMatchObject({ name: 'Maria', email: me.email });
    const taken = await buildUser(t, tenant);
    const conflict = await put('/api/users/me', token, {
      name: 'Maria',
      email: taken.email,
      cellphone: '(61) 99999-0000',
    });
    expect(conflict.statusCode).toBe(409);
    const invalid = await put('/api/users/me', token, { name: ' ', email: me.email, cellphone: '12' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors).toMatchObject({
      name: [MESSAGES.required],
      cellphone: ['Telefone inválido'],
    });
    const ok = await put('/api/users/me', token, {
      name: 'Maria Souza',
      email: me.email,
      cellphone: '(61) 99999-0000',
    });
    expect(ok.json().data).toMatchObject({ name: 'Maria Souza', cellphone: '61999990000' });
  });
});
