import { ROLES } from '@mandato/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../platform/db/tenancy.ts';
import { recordExport } from '../../platform/export/export-log.repository.ts';
import { type Caller, signedIn } from '../../test/crm-factories.ts';
import { type BuiltTenant, buildTenant, createTestApp, type TestApp } from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';
import { recordAudit } from './audit.service.ts';

describe(`recordAudit and the export mirror (${testEngine})`, () => {
  let t: TestApp;
  let tenant: BuiltTenant;
  let other: BuiltTenant;
  let admin: Caller;

  const auditRows = (tenantId: string) =>
    withTenant(t.db, tenantId, ({ trx }) =>
      trx
        .selectFrom('audit_log as a')
        .leftJoin('users as u', (j) =>
          j.onRef('u.tenant_id', '=', 'a.tenant_id').onRef('u.id', '=', 'a.user_id'),
        )
        .select(['a.action', 'a.subject', 'a.detail', 'a.user_id', 'u.email'])
        // the sign-in of `admin` is a row too (audit.actions.test.ts checks those)
        .where('a.action', '!=', 'SIGN_IN_NEW_DEVICE')
        .orderBy('a.id')
        .execute(),
    );

  beforeAll(async () => {
    t = await createTestApp();
    tenant = await buildTenant(t);
    other = await buildTenant(t);
    admin = await signedIn(t, tenant, [...ROLES]);
  });
  afterAll(() => t.close());

  it('writes in the caller transaction: kept on commit, gone on rollback, nobody outside a session', async () => {
    await withTenant(t.db, tenant.id, (ctx) =>
      recordAudit(ctx, { action: 'BULK_DELETE', subject: '3 pessoas excluídas', detail: { count: 3 } }),
    );
    await expect(
      withTenant(t.db, tenant.id, async (ctx) => {
        await recordAudit(ctx, { action: 'MERGE', subject: 'desfeita' });
        throw new Error('the action failed');
      }),
    ).rejects.toThrow('the action failed');
    const rows = await auditRows(tenant.id);
    expect(rows.map((r) => [r.action, r.subject, r.detail, r.user_id])).toEqual([
      ['BULK_DELETE', '3 pessoas excluídas', { count: 3 }, null],
    ]);
    expect(await auditRows(other.id)).toEqual([]);
  });

  it('takes the user given outside a session, and bounds subject and detail', async () => {
    const huge = 'x'.repeat(10_000);
    const detail = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`k${i}`, huge]));
    await withTenant(t.db, other.id, async (ctx) => {
      const [user] = await ctx.trx.selectFrom('users').select('id').limit(1).execute();
      await recordAudit(ctx, { action: 'PERMISSION_CHANGE', subject: huge, detail }, user?.id ?? null);
    });
    const [row] = await auditRows(other.id);
    expect(row?.subject.length).toBe(300);
    expect(Object.keys(row?.detail as object)).toHaveLength(20);
  });

  it('refuses a row of another tenant (row-level security)', async () => {
    await expect(
      withTenant(t.db, tenant.id, (ctx) =>
        recordAudit({ ...ctx, tenantId: other.id }, { action: 'EXPORT', subject: 'outro tenant' }),
      ),
    ).rejects.toThrow();
  });

  it('mirrors every export log row as an EXPORT by the session user', async () => {
    const before = (await auditRows(tenant.id)).length;
    const res = await t.api.inject({
      method: 'GET',
      url: '/api/reports/people/godfathers/export',
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(200);
    await withTenant(t.db, tenant.id, async (ctx) => {
      const user = await ctx.trx
        .selectFrom('users')
        .select('id')
        .where('code', '=', admin.user.code)
        .executeTakeFirstOrThrow();
      await recordExport(ctx, user.id, 'operador', {}, 7);
    });
    const rows = (await auditRows(tenant.id)).slice(before);
    expect(rows.map((r) => [r.action, r.subject, r.email, (r.detail as { kind: string }).kind])).toEqual([
      ['EXPORT', 'Exportação: reports-godfathers', admin.user.email, 'reports-godfathers'],
      ['EXPORT', 'Exportação: operador', admin.user.email, 'operador'],
    ]);
  });
});
