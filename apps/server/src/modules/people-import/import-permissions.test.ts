import { IMPORT_MESSAGES, ROLES, type UpdateBehavior, USER_MESSAGES } from '@mandato/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../platform/db/tenancy.ts';
import { buildPerson, type Caller, call, signedIn, VALID_CPF } from '../../test/crm-factories.ts';
import { type BuiltTenant, buildTenant, createTestApp, type TestApp } from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';
import { postImport, type SheetRow, xlsxOf } from '../../test/xlsx-fixture.ts';

/** Issue 25 items 5 and 10: an import changes only what its importer may change, and tells no more. */
describe(`people import permissions (${testEngine})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const peopleOf = (tenant: BuiltTenant, isTeam: boolean) =>
    withTenant(t.db, tenant.id, (ctx) =>
      ctx.trx
        .selectFrom('people')
        .selectAll()
        .where('tenant_id', '=', ctx.tenantId)
        .where('is_team', '=', isTeam)
        .orderBy('id')
        .execute(),
    );

  /** Imports and runs the job to the end; answers the import and its log lines. */
  async function runImport(who: Caller, rows: SheetRow[], updateBehavior: UpdateBehavior, type = 'PERSON') {
    const res = await postImport(t, who.headers, await xlsxOf(rows), { updateBehavior, type });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await t.worker.drain();
    const status = await call(t, who, 'GET', `/api/people/imports/${res.body.data.code}/status`);
    expect(status.body.data.status).toBe('CONCLUDED');
    const logs = await call(t, who, 'GET', `/api/people/imports/${res.body.data.code}/logs`);
    const { totalSuccess, totalSkip, totalError } = status.body.data;
    return {
      totals: [totalSuccess, totalSkip, totalError],
      logs: logs.body.data.list as { line: number; recordPK: number | null; text: string }[],
    };
  }

  describe('a TEAM import obeys the comparison of PUT /people/{code} (item 5)', () => {
    let own: BuiltTenant;
    let admin: Caller;
    let importer: Caller;
    let peer: Caller;
    const teamRecord = async (email: string) => (await peopleOf(own, true)).find((p) => p.email === email);

    beforeAll(async () => {
      own = await buildTenant(t);
      admin = await signedIn(t, own, [...ROLES], 'Admin Chefe');
      importer = await signedIn(t, own, ['ROLE_TEAM'], 'Equipe Importadora');
      peer = await signedIn(t, own, ['ROLE_TEAM'], 'Equipe Par');
      await withTenant(t.db, own.id, (ctx) =>
        ctx.trx
          .updateTable('people')
          .set({ cellphone: '81911112222', notes: 'notas do admin' })
          .where('tenant_id', '=', ctx.tenantId)
          .where('email', '=', admin.user.email)
          .execute(),
      );
    });

    it('OVERWRITE: the admin row is skipped with the reason PUT gives; equal, lower and own records updated', async () => {
      const adminBefore = await teamRecord(admin.user.email);
      if (!adminBefore) throw new Error('o admin não tem registro na equipe');
      // the same comparison, through the form: the importer may not edit the admin's record
      const put = await call(t, importer, 'PUT', `/api/people/${adminBefore.id}`, {
        name: 'Admin Renomeado',
        email: admin.user.email,
      });
      expect([put.status, put.body.message]).toEqual([403, USER_MESSAGES.targetHoldsMore]);

      const { totals, logs } = await runImport(
        importer,
        [
          {
            nome: 'Admin Renomeado',
            email: admin.user.email.toUpperCase(),
            celular: '81 98888 0000',
            observacoes: 'trocadas',
          },
          { nome: 'Par Renomeado', email: peer.user.email, celular: '81 97777 0000' },
          { nome: 'Importadora Renomeada', email: importer.user.email, observacoes: 'minhas' },
          { nome: 'Membro Novo', email: 'membro.novo@exemplo.com.br' },
        ],
        'OVERWRITE',
        'TEAM',
      );
      expect(totals).toEqual([3, 1, 0]);
      expect(logs).toEqual([
        { line: 2, recordPK: Number(adminBefore.id), text: USER_MESSAGES.targetHoldsMore },
      ]);
      expect(await teamRecord(admin.user.email)).toEqual(adminBefore);
      const peerAfter = await teamRecord(peer.user.email);
      expect([peerAfter?.name, peerAfter?.cellphone]).toEqual(['Par Renomeado', '81977770000']);
      const ownAfter = await teamRecord(importer.user.email);
      expect([ownAfter?.name, ownAfter?.notes]).toEqual(['Importadora Renomeada', 'minhas']);

      // a member the import created holds nothing: a second file updates it
      const again = await runImport(
        importer,
        [{ nome: 'Membro Renomeado', email: 'membro.novo@exemplo.com.br' }],
        'OVERWRITE',
        'TEAM',
      );
      expect(again.totals).toEqual([1, 0, 0]);
      const members = await peopleOf(own, true);
      expect(members.find((p) => p.email === 'membro.novo@exemplo.com.br')?.name).toBe('Membro Renomeado');
    });

    it('UPDATE_BLANK: the blank fields of the admin are not filled either', async () => {
      const adminBefore = await teamRecord(admin.user.email);
      expect(adminBefore?.profession).toBeNull();
      const { totals, logs } = await runImport(
        importer,
        [{ nome: 'X', email: admin.user.email, profissao: 'Invasora' }],
        'UPDATE_BLANK',
        'TEAM',
      );
      expect(totals).toEqual([0, 1, 0]);
      expect(logs.map((l) => l.text)).toEqual([USER_MESSAGES.targetHoldsMore]);
      expect(await teamRecord(admin.user.email)).toEqual(adminBefore);
      // an admin importing the same row fills it
      expect(
        (
          await runImport(
            admin,
            [{ nome: 'Admin', email: admin.user.email, profissao: 'Gestora' }],
            'UPDATE_BLANK',
            'TEAM',
          )
        ).totals,
      ).toEqual([1, 0, 0]);
      expect((await teamRecord(admin.user.email))?.profession).toBe('Gestora');
    });
  });

  it("a CRM user without ALL_DATA learns nothing of another user's contact: a plain skip (item 10)", async () => {
    const own = await buildTenant(t);
    const alice = await signedIn(t, own, ['ROLE_CRM'], 'Alice');
    const bob = await signedIn(t, own, ['ROLE_CRM'], 'Bob');
    const bobs = await buildPerson(t, bob, { name: 'Do Bob', email: 'bob.contato@exemplo.com.br' });
    await buildPerson(t, bob, { name: 'CPF do Bob', cpf: VALID_CPF });
    await buildPerson(t, alice, { name: 'Da Alice', email: 'alice.contato@exemplo.com.br' });
    const before = await peopleOf(own, false);

    // what Alice gets for her own duplicate in SKIP: a skip, no log line
    const plain = await runImport(alice, [{ nome: 'Ana', email: 'alice.contato@exemplo.com.br' }], 'SKIP');
    expect(plain).toEqual({ totals: [0, 1, 0], logs: [] });

    for (const behavior of ['OVERWRITE', 'UPDATE_BLANK', 'SKIP'] as const) {
      const { totals, logs } = await runImport(
        alice,
        [
          { nome: 'Tomado', email: 'bob.contato@exemplo.com.br', observacoes: 'da Alice' },
          { nome: 'Tomado por CPF', cpf: VALID_CPF, profissao: 'Alice' },
          // a code of Bob's contact answers as a code that does not exist
          { nome: 'Pelo código', codigo: String(bobs.code) },
          { nome: 'Código inexistente', codigo: '999999999' },
        ],
        behavior,
      );
      expect(totals, behavior).toEqual([0, 2, 2]);
      expect(logs, behavior).toEqual([
        { line: 4, recordPK: null, text: IMPORT_MESSAGES.codeNotFound(String(bobs.code)) },
        { line: 5, recordPK: null, text: IMPORT_MESSAGES.codeNotFound('999999999') },
      ]);
      expect(JSON.stringify(logs)).not.toContain('responsável');
    }
    expect(await peopleOf(own, false)).toEqual(before);
  });
});
