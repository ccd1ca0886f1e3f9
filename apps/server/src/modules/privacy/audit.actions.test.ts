import { ROLES } from '@mandato/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientHash } from '../../platform/auth/password.ts';
import { withTenant } from '../../platform/db/tenancy.ts';
import { buildPerson, type Caller, call, signedIn } from '../../test/crm-factories.ts';
import { exportPeople } from '../../test/people-export-kit.ts';
import {
  type BuiltTenant,
  buildTenant,
  buildUser,
  createTestApp,
  TEST_PASSWORD,
  type TestApp,
} from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

describe(`the actions the audit log records (${testEngine})`, () => {
  let t: TestApp;
  let tenant: BuiltTenant;
  let admin: Caller;

  /** The audit rows of the tenant of `action`, oldest first. */
  const rowsOf = (action: string) =>
    withTenant(t.db, tenant.id, ({ trx }) =>
      trx
        .selectFrom('audit_log as a')
        .leftJoin('users as u', (j) =>
          j.onRef('u.tenant_id', '=', 'a.tenant_id').onRef('u.id', '=', 'a.user_id'),
        )
        .select(['a.subject', 'a.detail', 'u.code as user_code'])
        .where('a.action', '=', action as 'EXPORT')
        .orderBy('a.id')
        .execute(),
    );

  beforeAll(async () => {
    t = await createTestApp();
    tenant = await buildTenant(t);
    admin = await signedIn(t, tenant, [...ROLES], 'Administradora');
  });
  afterAll(() => t.close());

  it('records a people export by the exporting user', async () => {
    await buildPerson(t, admin, { name: 'Exportada' });
    const res = await exportPeople(t, admin, {});
    expect(res.statusCode).toBe(200);
    const rows = await rowsOf('EXPORT');
    expect(rows.map((r) => [r.subject, r.user_code, (r.detail as { kind: string }).kind])).toEqual([
      ['Exportação: PERSON', admin.user.code, 'PERSON'],
    ]);
  });

  it('records a bulk delete with its count and codes, and nothing when it is refused', async () => {
    const a = await buildPerson(t, admin, { name: 'Apagar A' });
    const b = await buildPerson(t, admin, { name: 'Apagar B' });
    const refused = await call(t, admin, 'DELETE', '/api/people/delete-many', { codes: [a.code, 999999999] });
    expect(refused.status).toBe(404);
    expect(await rowsOf('BULK_DELETE')).toEqual([]);
    const done = await call(t, admin, 'DELETE', '/api/people/delete-many', { codes: [a.code, b.code] });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const rows = await rowsOf('BULK_DELETE');
    expect(rows).toEqual([
      {
        subject: '2 pessoas excluídas',
        detail: { count: 2, codes: `${a.code},${b.code}` },
        user_code: admin.user.code,
      },
    ]);
    expect(JSON.stringify(rows)).not.toContain('Apagar');
  });

  it('records a change of access, not a save that changes nothing nor a refused one', async () => {
    const member = await buildUser(t, tenant, { name: 'Membro', permissions: ['ROLE_CRM'] });
    const url = `/api/users/${member.code}/change-permissions`;
    const same = await call(t, admin, 'PUT', url, { active: true, permissions: ['ROLE_CRM'] });
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    expect(await rowsOf('PERMISSION_CHANGE')).toEqual([]);
    const changed = await call(t, admin, 'PUT', url, {
      active: true,
      permissions: ['ROLE_CRM', 'ROLE_REPORT'],
    });
    expect(changed.status).toBe(200);
    const junior = await signedIn(t, tenant, ['ROLE_TEAM'], 'Júnior');
    const refused = await call(t, junior, 'PUT', url, { active: false, permissions: [] });
    expect(refused.status).toBe(403);
    expect(await rowsOf('PERMISSION_CHANGE')).toEqual([
      {
        subject: 'Permissões de Membro',
        detail: {
          userCode: member.code,
          activeBefore: true,
          active: true,
          before: 'ROLE_CRM',
          after: 'ROLE_CRM,ROLE_REPORT',
        },
        user_code: admin.user.code,
      },
    ]);
  });

  describe('sign-ins', () => {
    const signIn = (email: string, userAgent: string, cookie?: string, password = TEST_PASSWORD) =>
      t.api.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'x-schema': tenant.slug, 'user-agent': userAgent, ...(cookie ? { cookie } : {}) },
        payload: { email, password: clientHash(password) },
      });
    const deviceCookieOf = (res: Awaited<ReturnType<typeof signIn>>) => {
      const header = String(res.headers['set-cookie'] ?? '');
      return header.split(';')[0] ?? '';
    };

    it('records the first sign-in of a device, not the next ones with its cookie', async () => {
      const user = await buildUser(t, tenant, { name: 'Viajante' });
      const newDevices = async () =>
        (await rowsOf('SIGN_IN_NEW_DEVICE')).filter((r) => r.user_code === user.code);

      const first = await signIn(user.email, CHROME_WINDOWS);
      expect(first.statusCode).toBe(200);
      const setCookie = String(first.headers['set-cookie']);
      expect(setCookie).toMatch(
        /^mandato_device=[A-Za-z0-9_-]{43}; Path=\/api\/auth\/login; Max-Age=\d+; HttpOnly; Secure; SameSite=Strict$/,
      );
      const cookie = deviceCookieOf(first);
      expect((await signIn(user.email, CHROME_WINDOWS, cookie)).statusCode).toBe(200);
      expect((await signIn(user.email, CHROME_WINDOWS, `outro=1; ${cookie}`)).statusCode).toBe(200);
      expect((await newDevices()).map((r) => [r.subject, r.detail])).toEqual([
        ['Novo dispositivo: Chrome · Windows', { family: 'Chrome · Windows' }],
      ]);

      // the same cookie in another browser, a forged cookie, and no cookie at all: new devices
      await signIn(user.email, FIREFOX_LINUX, cookie);
      await signIn(user.email, CHROME_WINDOWS, 'mandato_device=../../etc');
      await signIn(user.email, '\u0000<script>');
      expect((await newDevices()).map((r) => r.subject)).toEqual([
        'Novo dispositivo: Chrome · Windows',
        'Novo dispositivo: Firefox · Linux',
        'Novo dispositivo: Chrome · Windows',
        'Novo dispositivo: Outro navegador · Outro sistema',
      ]);
    });

    it('records nothing and sets no cookie for a failed sign-in', async () => {
      const user = await buildUser(t, tenant, { name: 'Esquecida' });
      const failed = await signIn(user.email, CHROME_WINDOWS, undefined, 'senha-errada-1');
      expect(failed.statusCode).toBe(401);
      expect(failed.headers['set-cookie']).toBeUndefined();
      expect((await rowsOf('SIGN_IN_NEW_DEVICE')).filter((r) => r.user_code === user.code)).toEqual([]);
    });
  });
});
