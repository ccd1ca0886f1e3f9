import { ROLES } from '@mandato/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '../../cli-commands.ts';
import { withTenant } from '../../platform/db/tenancy.ts';
import { buildPerson, type Caller, call, signedIn } from '../../test/crm-factories.ts';
import {
  type BuiltTenant,
  buildTenant,
  buildUser,
  createTestApp,
  type TestApp,
} from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';
import { postImport, type SheetRow, xlsxOf } from '../../test/xlsx-fixture.ts';

/**
 * The audit log's rows for a login the operator activates or deactivates (CLI 'user set-active'),
 * a team member's login created on the web, and one person deleted; a refused action writes none.
 */
describe(`the audit of logins and single deletes (${testEngine})`, () => {
  let t: TestApp;
  let tenant: BuiltTenant;
  let other: BuiltTenant;
  let admin: Caller;
  let crmOnly: Caller;
  let stranger: Caller;

  /** The audit rows of the tenant of `action`, oldest first, with the acting user's code. */
  const rowsOf = (action: string, of: BuiltTenant = tenant) =>
    withTenant(t.db, of.id, ({ trx }) =>
      trx
        .selectFrom('audit_log as a')
        .leftJoin('users as u', (j) =>
          j.onRef('u.tenant_id', '=', 'a.tenant_id').onRef('u.id', '=', 'a.user_id'),
        )
        .select(['a.subject', 'a.detail', 'a.user_id', 'u.code as user_code'])
        .where('a.action', '=', action as 'EXPORT')
        .orderBy('a.id')
        .execute(),
    );
  const userCodeOf = (email: string) =>
    withTenant(t.db, tenant.id, async ({ trx }) =>
      String(
        (await trx.selectFrom('users').select('code').where('email', '=', email).executeTakeFirstOrThrow())
          .code,
      ),
    );

  beforeAll(async () => {
    t = await createTestApp();
    tenant = await buildTenant(t);
    other = await buildTenant(t);
    admin = await signedIn(t, tenant, [...ROLES], 'Administradora');
    crmOnly = await signedIn(t, tenant, ['ROLE_CRM'], 'Assessor');
    stranger = await signedIn(t, other, [...ROLES], 'Outra conta');
  });
  afterAll(() => t.close());

  describe("the operator's 'user set-active'", () => {
    const setActive = (tenantSlug: string, email: string, active: string) =>
      runCommand(t.db, ['user', 'set-active', '--tenant', tenantSlug, '--email', email, '--active', active]);

    it('records the change by the system, with the login as its subject; a repeat changes and records nothing', async () => {
      const member = await buildUser(t, tenant, { name: 'Carla Operada', permissions: ['ROLE_CRM'] });
      expect(await setActive(tenant.slug, member.email, 'false')).toMatch(/desativado/);
      expect(await setActive(tenant.slug, member.email, 'false')).toMatch(/desativado/);
      expect(await setActive(tenant.slug, member.email, 'true')).toMatch(/ativado/);
      expect(await rowsOf('USER_ACTIVATION')).toEqual([
        {
          subject: 'Usuário desativado: Carla Operada',
          detail: { userCode: member.code, activeBefore: true, active: false },
          user_id: null,
          user_code: null,
        },
        {
          subject: 'Usuário ativado: Carla Operada',
          detail: { userCode: member.code, activeBefore: false, active: true },
          user_id: null,
          user_code: null,
        },
      ]);
      expect(await rowsOf('USER_ACTIVATION', other)).toEqual([]);
    });

    it('records nothing for an unknown login, tenant or value', async () => {
      await expect(setActive(tenant.slug, 'ninguem@exemplo.com.br', 'false')).rejects.toThrow();
      await expect(setActive('nao-existe', admin.user.email, 'false')).rejects.toThrow();
      await expect(setActive(tenant.slug, admin.user.email, 'talvez')).rejects.toThrow();
      // the login of another tenant is not found through this one
      await expect(setActive(tenant.slug, stranger.user.email, 'false')).rejects.toThrow();
      const subjects = (await rowsOf('USER_ACTIVATION')).map((r) => r.subject);
      expect(subjects.filter((s) => s.includes('Administradora') || s.includes('Outra conta'))).toEqual([]);
      expect(await rowsOf('USER_ACTIVATION', other)).toEqual([]);
    });
  });

  describe("a team member's login", () => {
    it('records the login created with a team member, and the one of a contact made a team member, by the user who did it', async () => {
      const created = await call(t, admin, 'POST', '/api/people', {
        name: 'Daniel Equipe',
        email: 'daniel.equipe@exemplo.com.br',
        isUser: true,
      });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      const contact = await buildPerson(t, admin, { name: 'Elisa Contato', email: 'elisa@exemplo.com.br' });
      const promoted = await call(t, admin, 'POST', `/api/people/${contact.code}/set-as-team`);
      expect(promoted.status, JSON.stringify(promoted.body)).toBe(200);

      expect(await rowsOf('USER_CREATE')).toEqual([
        {
          subject: 'Acesso criado para Daniel Equipe',
          detail: { userCode: await userCodeOf('daniel.equipe@exemplo.com.br'), active: false },
          user_id: expect.anything(),
          user_code: admin.user.code,
        },
        {
          subject: 'Acesso criado para Elisa Contato',
          detail: { userCode: await userCodeOf('elisa@exemplo.com.br'), active: false },
          user_id: expect.anything(),
          user_code: admin.user.code,
        },
      ]);
    });

    it('records nothing when the login is refused: no ROLE_TEAM, an e-mail in use, a hostile body', async () => {
      const before = (await rowsOf('USER_CREATE')).length;
      const noTeam = await call(t, crmOnly, 'POST', '/api/people', {
        name: 'Sem Permissão',
        email: 'sem.permissao@exemplo.com.br',
        isUser: true,
      });
      expect(noTeam.status).toBe(403);
      const taken = await call(t, admin, 'POST', '/api/people', {
        name: 'E-mail Repetido',
        email: admin.user.email,
        isUser: true,
      });
      expect(taken.status).toBe(409);
      const hostile = await t.api.inject({
        method: 'POST',
        url: '/api/people',
        headers: { ...admin.headers, 'content-type': 'application/json' },
        payload: '{"name":"Hostil","email":"hostil@exemplo.com.br","isUser":true,"__proto__":{"admin":true}}',
      });
      expect(hostile.statusCode, hostile.body).toBe(400);
      expect(
        (
          await call(t, admin, 'POST', '/api/people', {
            name: 'Hostil',
            email: 'hostil@exemplo.com.br',
            isUser: 'sim',
          })
        ).status,
      ).toBe(400);
      const contact = await buildPerson(t, crmOnly, { name: 'Fábio Contato', email: 'fabio@exemplo.com.br' });
      expect((await call(t, crmOnly, 'POST', `/api/people/${contact.code}/set-as-team`)).status).toBe(403);
      expect((await call(t, stranger, 'POST', `/api/people/${contact.code}/set-as-team`)).status).toBe(404);
      expect(await rowsOf('USER_CREATE')).toHaveLength(before);
      expect(await rowsOf('USER_CREATE', other)).toEqual([]);
    });
  });

  describe('the logins of a team import', () => {
    const runImport = async (who: Caller, rows: SheetRow[], type: string) => {
      const res = await postImport(t, who.headers, await xlsxOf(rows), { updateBehavior: 'SKIP', type });
      if (res.status === 200) await t.worker.drain();
      return res.status;
    };

    it('records the logins an import creates, one row per batch, by the importer', async () => {
      const before = (await rowsOf('USER_CREATE')).length;
      const status = await runImport(
        admin,
        [
          { nome: 'Irene Importada', email: 'irene.importada@exemplo.com.br' },
          { nome: 'João Importado', email: 'joao.importado@exemplo.com.br' },
        ],
        'TEAM',
      );
      expect(status).toBe(200);
      expect((await rowsOf('USER_CREATE')).slice(before)).toEqual([
        {
          subject: '2 acessos criados na importação da equipe',
          detail: { count: 2, via: 'import' },
          user_id: expect.anything(),
          user_code: admin.user.code,
        },
      ]);
    });

    it('records nothing for a contacts import, nor for a team import the importer may not make', async () => {
      const before = (await rowsOf('USER_CREATE')).length;
      expect(
        await runImport(
          admin,
          [{ nome: 'Contato Importado', email: 'contato.imp@exemplo.com.br' }],
          'PERSON',
        ),
      ).toBe(200);
      expect(
        await runImport(crmOnly, [{ nome: 'Equipe Proibida', email: 'proibida@exemplo.com.br' }], 'TEAM'),
      ).toBe(403);
      expect(await rowsOf('USER_CREATE')).toHaveLength(before);
    });
  });

  describe('a single person deleted', () => {
    it('records the deletion by the user who did it, with the code and never the name', async () => {
      const person = await buildPerson(t, admin, { name: 'Gustavo Excluído' });
      const res = await call(t, admin, 'DELETE', `/api/people/${person.code}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const rows = await rowsOf('PERSON_DELETE');
      expect(rows).toEqual([
        {
          subject: `Pessoa excluída: código ${person.code}`,
          detail: { code: String(person.code), team: false },
          user_id: expect.anything(),
          user_code: admin.user.code,
        },
      ]);
      expect(JSON.stringify(rows)).not.toContain('Gustavo');
      // the bulk delete keeps its own action
      expect(await rowsOf('BULK_DELETE')).toEqual([]);
    });

    it('records nothing when the deletion is refused: not visible, another tenant, their own record, a bad code', async () => {
      const before = (await rowsOf('PERSON_DELETE')).length;
      const notMine = await buildPerson(t, admin, { name: 'Helena de Outro' });
      expect((await call(t, crmOnly, 'DELETE', `/api/people/${notMine.code}`)).status).toBe(404);
      expect((await call(t, stranger, 'DELETE', `/api/people/${notMine.code}`)).status).toBe(404);
      const own = await withTenant(t.db, tenant.id, async ({ trx }) =>
        String(
          (
            await trx
              .selectFrom('people as p')
              .innerJoin('users as u', (j) =>
                j.onRef('u.tenant_id', '=', 'p.tenant_id').onRef('u.id', '=', 'p.user_id'),
              )
              .select('p.id')
              .where('u.code', '=', admin.user.code)
              .executeTakeFirstOrThrow()
          ).id,
        ),
      );
      expect((await call(t, admin, 'DELETE', `/api/people/${own}`)).status).toBe(403);
      expect((await call(t, admin, 'DELETE', '/api/people/abc')).status).toBe(400);
      expect(await rowsOf('PERSON_DELETE')).toHaveLength(before);
      expect(await rowsOf('PERSON_DELETE', other)).toEqual([]);
    });
  });
});
