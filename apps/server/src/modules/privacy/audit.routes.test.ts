import { AUDIT_TEXTS, ROLES } from '@mandato/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../platform/db/tenancy.ts';
import { type Caller, call, signedIn } from '../../test/crm-factories.ts';
import { type BuiltTenant, buildTenant, createTestApp, type TestApp } from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';
import { recordAudit } from './audit.service.ts';

describe(`GET /api/audit and its export (${testEngine})`, () => {
  let t: TestApp;
  let tenant: BuiltTenant;
  let other: BuiltTenant;
  let admin: Caller;
  let clerk: Caller;
  let outsider: Caller;

  const userId = (tenantId: string, code: string) =>
    withTenant(t.db, tenantId, async ({ trx }) => {
      const row = await trx
        .selectFrom('users')
        .select('id')
        .where('code', '=', code)
        .executeTakeFirstOrThrow();
      return row.id;
    });

  /** A row at a given instant, by `by` (or nobody). */
  async function seed(
    tenantId: string,
    at: string,
    action: 'BULK_DELETE' | 'PERMISSION_CHANGE',
    subject: string,
    by?: Caller,
  ) {
    const id = by ? await userId(tenantId, by.user.code) : null;
    await withTenant(t.db, tenantId, async (ctx) => {
      await recordAudit(ctx, { action, subject, detail: { at } }, id);
      await ctx.trx.updateTable('audit_log').set({ at }).where('subject', '=', subject).execute();
    });
  }

  beforeAll(async () => {
    t = await createTestApp();
    tenant = await buildTenant(t);
    other = await buildTenant(t);
    admin = await signedIn(t, tenant, [...ROLES], 'Administradora');
    clerk = await signedIn(t, tenant, ['ROLE_CRM', 'ROLE_TEAM'], 'Atendente');
    outsider = await signedIn(t, other, [...ROLES], 'De Fora');
    // the three sign-ins are rows too (audit.actions.test.ts checks those): the list here is the seeded one
    for (const id of [tenant.id, other.id])
      await withTenant(t.db, id, ({ trx }) =>
        trx.deleteFrom('audit_log').where('action', '=', 'SIGN_IN_NEW_DEVICE').execute(),
      );
    // São Paulo is UTC−3: 02:30 UTC on the 11th is still the 10th there
    await seed(tenant.id, '2026-03-10T12:00:00Z', 'BULK_DELETE', 'dia 10', admin);
    await seed(tenant.id, '2026-03-11T02:30:00Z', 'PERMISSION_CHANGE', 'dia 10 à noite', clerk);
    await seed(tenant.id, '2026-03-11T03:30:00Z', 'BULK_DELETE', '=HYPERLINK("http://x")');
    await seed(other.id, '2026-03-10T12:00:00Z', 'BULK_DELETE', 'do outro tenant', outsider);
  });
  afterAll(() => t.close());

  it('lists newest first with who acted, paged', async () => {
    const res = await call(t, admin, 'GET', '/api/audit?page=1&itemsPerPage=2');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.total).toBe(3);
    expect(res.body.data.items.map((i: { subject: string }) => i.subject)).toEqual([
      '=HYPERLINK("http://x")',
      'dia 10 à noite',
    ]);
    expect(res.body.data.items[0].user).toBeNull();
    expect(res.body.data.items[1]).toMatchObject({
      action: 'PERMISSION_CHANGE',
      at: '2026-03-11T02:30:00.000Z',
      user: { code: clerk.user.code, name: 'Atendente' },
      detail: { at: '2026-03-11T02:30:00Z' },
    });
    const second = await call(t, admin, 'GET', '/api/audit?page=2&itemsPerPage=2');
    expect(second.body.data.items.map((i: { subject: string }) => i.subject)).toEqual(['dia 10']);
  });

  it('filters by user, action and São Paulo days', async () => {
    const subjects = async (query: string) => {
      const res = await call(t, admin, 'GET', `/api/audit?${query}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data.items.map((i: { subject: string }) => i.subject);
    };
    expect(await subjects(`userCode=${admin.user.code}`)).toEqual(['dia 10']);
    expect(await subjects(`userCode=${admin.user.code.toUpperCase()}`)).toEqual(['dia 10']);
    expect(await subjects('action=PERMISSION_CHANGE')).toEqual(['dia 10 à noite']);
    expect(await subjects('from=2026-03-10&to=2026-03-10')).toEqual(['dia 10 à noite', 'dia 10']);
    expect(await subjects('from=2026-03-11')).toEqual(['=HYPERLINK("http://x")']);
    expect(await subjects('to=2026-03-09')).toEqual([]);
    expect(await subjects(`action=BULK_DELETE&userCode=${clerk.user.code}`)).toEqual([]);
  });

  it('answers a hostile or wrong query with a pt-BR 400', async () => {
    const cases: [string, string][] = [
      ['action=DROP', 'action'],
      ['from=2026-02-30', 'from'],
      ['from=2026-03-11&to=2026-03-10', 'to'],
      ['userCode=nao-e-uuid', 'userCode'],
      ['itemsPerPage=100000', 'itemsPerPage'],
      ['page=-1', 'page'],
      ['__proto__=x', '__proto__'],
      ['constructor=x', 'constructor'],
      ['other=1', 'other'],
      [`from=${'9'.repeat(5000)}`, 'from'],
      ['action=EXPORT&action=MERGE', 'action'],
    ];
    for (const [query, field] of cases) {
      const res = await call(t, admin, 'GET', `/api/audit?${query}`);
      expect(res.status, `${query}: ${JSON.stringify(res.body)}`).toBe(400);
      expect(Object.keys(res.body.errors ?? {}), query).toContain(field);
    }
    const control = await call(t, admin, 'GET', '/api/audit?from=2026-03-10%00');
    expect(control.status).toBe(400);
    const range = await call(t, admin, 'GET', '/api/audit?from=2026-03-11&to=2026-03-10');
    expect(range.body.errors.to).toContain(AUDIT_TEXTS.invalidRange);
    const csv = await t.api.inject({
      method: 'GET',
      url: '/api/audit/export?action=NOPE',
      headers: admin.headers,
    });
    expect(csv.statusCode).toBe(400);
  });

  it('refuses a user without ROLE_CONFIG, no session, and a token of another tenant', async () => {
    expect((await call(t, clerk, 'GET', '/api/audit')).status).toBe(403);
    const clerkCsv = await t.api.inject({ method: 'GET', url: '/api/audit/export', headers: clerk.headers });
    expect(clerkCsv.statusCode).toBe(403);
    const anonymous = await t.api.inject({
      method: 'GET',
      url: '/api/audit',
      headers: { 'x-schema': tenant.slug },
    });
    expect(anonymous.statusCode).toBe(401);
    const crossed = await t.api.inject({
      method: 'GET',
      url: '/api/audit',
      headers: { ...outsider.headers, 'x-schema': tenant.slug },
    });
    expect(crossed.statusCode).toBe(403);
  });

  it('shows a tenant only its own rows', async () => {
    const res = await call(t, outsider, 'GET', '/api/audit');
    expect(res.body.data.items.map((i: { subject: string }) => i.subject)).toEqual(['do outro tenant']);
    const byOtherUser = await call(t, admin, 'GET', `/api/audit?userCode=${outsider.user.code}`);
    expect(byOtherUser.body.data).toEqual({ items: [], total: 0 });
  });

  it('exports the filtered log as formula-safe CSV, and audits the export', async () => {
    const res = await t.api.inject({
      method: 'GET',
      url: '/api/audit/export?from=2026-03-10&to=2026-03-11',
      headers: admin.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('auditoria.csv');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Data;Usuário;E-mail do usuário;Ação;Assunto;Detalhes');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(lines[1]).toContain('2026-03-11T00:30:00-03:00;Sistema;');
    expect(lines[2]).toContain('Atendente');
    expect(lines[2]).toContain('Alteração de permissões');

    const audited = await call(t, admin, 'GET', '/api/audit?action=EXPORT');
    expect(audited.body.data.items).toHaveLength(1);
    expect(audited.body.data.items[0]).toMatchObject({
      action: 'EXPORT',
      subject: 'Exportação: Auditoria',
      user: { code: admin.user.code, name: 'Administradora' },
      detail: { kind: 'audit', rows: 3 },
    });
  });
});
