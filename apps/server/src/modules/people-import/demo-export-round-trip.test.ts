import {
  DEMO,
  IMPORT_HEADERS,
  IMPORT_MESSAGES,
  type ImportColumn,
  ROLES,
  type UpdateBehavior,
} from '@mandato/domain';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../platform/db/tenancy.ts';
import { buildPerson, type Caller, call, signedIn } from '../../test/crm-factories.ts';
import { demoAdminHeaders } from '../../test/demo-session.ts';
import { exportPeople, importAndConclude, peopleSnapshot } from '../../test/people-export-kit.ts';
import { type BuiltTenant, buildTenant, createTestApp, type TestApp } from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';
import { postImport, xlsxOf } from '../../test/xlsx-fixture.ts';
import { seedDemo } from '../demo/demo-seed.ts';

/**
 * Issue 39 item 10: the demo's own `exportacao.xlsx` imports back. Its sponsors (padrinhos) have a
 * name only (no cellphone, no e-mail): the export names them by code too (codigo_padrinho), so no
 * row is refused, and OVERWRITE of the unchanged file changes no field of anyone (updated_at
 * included: no row is even rewritten), creates no one and records nothing in the audit log.
 */
describe(`the demo's XLSX export imports back (${testEngine})`, () => {
  let t: TestApp;
  let admin: Caller;
  let tenantId: string;
  beforeAll(async () => {
    t = await createTestApp();
    expect(await seedDemo(t.db, { sample: true })).toBe(true);
    admin = { headers: await demoAdminHeaders(t) } as Caller;
    tenantId = String(
      (
        await t.db.kysely
          .selectFrom('tenants')
          .select('id')
          .where('slug', '=', DEMO.slug)
          .executeTakeFirstOrThrow()
      ).id,
    );
  });
  afterAll(() => t.close());

  /** Every person row of the demo as stored, updated_at included, and the audit log's size (exports aside). */
  async function snapshot() {
    await t.worker.drain();
    return withTenant(t.db, tenantId, async (ctx) => ({
      people: await ctx.trx
        .selectFrom('people')
        .selectAll()
        .where('tenant_id', '=', ctx.tenantId)
        .orderBy('id')
        .execute(),
      audit: Number(
        (
          await ctx.trx
            .selectFrom('audit_log')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('tenant_id', '=', ctx.tenantId)
            // the export itself is recorded (LGPD): nothing else may be
            .where('action', '<>', 'EXPORT')
            .executeTakeFirstOrThrow()
        ).n,
      ),
    }));
  }

  async function exported(type: 'PERSON' | 'TEAM' = 'PERSON') {
    const res = await exportPeople(t, admin, { format: 'XLSX', type });
    expect(res.statusCode, res.body).toBe(200);
    return { file: res.rawPayload, rows: Number(res.headers['x-total-count']) };
  }

  it('has sponsors without cellphone or e-mail (what the export used to name by name only)', async () => {
    const { people } = await snapshot();
    const byId = new Map(people.map((p) => [String(p.id), p]));
    const sponsored = people.filter((p) => p.godfather_id !== null);
    const bare = sponsored.filter((p) => {
      const g = byId.get(String(p.godfather_id));
      return g && !g.cellphone && !g.email;
    });
    expect(bare.length).toBeGreaterThanOrEqual(50);
  });

  for (const behavior of ['SKIP', 'OVERWRITE', 'UPDATE_BLANK'] as const) {
    it(`${behavior}: the unchanged exportacao.xlsx imports with 0 refused rows and changes nothing`, async () => {
      const before = await snapshot();
      const { file, rows } = await exported();
      expect(rows).toBe(before.people.filter((p) => !p.is_team).length);
      const totals = await importAndConclude(t, admin, file, behavior, 'exportacao.xlsx');
      expect(totals).toMatchObject({ totalRecords: rows, totalError: 0 });
      if (behavior === 'SKIP') expect(totals.totalSkip).toBe(rows);
      const after = await snapshot();
      expect(after.people).toHaveLength(before.people.length);
      // field by field, so a difference names the person and the column
      for (const [i, person] of after.people.entries())
        expect(person, `pessoa ${person.id} (${person.name})`).toEqual(before.people[i]);
      expect(after.audit).toBe(before.audit);
    });
  }

  it('the team list too: its export imports back with OVERWRITE unchanged', async () => {
    const before = await snapshot();
    const { file, rows } = await exported('TEAM');
    expect(rows).toBeGreaterThan(0);
    const started = await postImport(t, admin.headers, file, { updateBehavior: 'OVERWRITE', type: 'TEAM' });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    await t.worker.drain();
    const log = await call(t, admin, 'GET', `/api/people/imports/${started.body.data.code}/status`);
    expect(log.body.data).toMatchObject({ status: 'CONCLUDED', totalRecords: rows, totalError: 0 });
    const after = await snapshot();
    expect(after).toEqual(before);
  });
});

/**
 * The sponsor's reference, column by column: codigo_padrinho links whoever the importer may link
 * to; a name alone (an export from before that column) keeps the current sponsor and never makes a
 * new person; a code nobody visible has, without a contact, is an error row in pt-BR.
 */
describe(`the sponsor of an imported row (${testEngine})`, () => {
  let t: TestApp;
  let tenant: BuiltTenant;
  let admin: Caller;
  let alice: Caller;
  const code = { sponsor: '', other: '', ana: '', bia: '', dalice: '', alicePadrinho: '' };
  beforeAll(async () => {
    t = await createTestApp();
    tenant = await buildTenant(t);
    admin = await signedIn(t, tenant, [...ROLES], 'Admin Padrinhos');
    alice = await signedIn(t, tenant, ['ROLE_CRM'], 'Alice Só Os Seus');
    const sponsor = await buildPerson(t, admin, { name: 'Padrinho Sem Contato' });
    const other = await buildPerson(t, admin, { name: 'Madrinha Sem Contato' });
    code.sponsor = String(sponsor.code);
    code.other = String(other.code);
    code.ana = String(
      (await buildPerson(t, admin, { name: 'Ana Afilhada', godfatherCode: sponsor.code })).code,
    );
    code.bia = String(
      (await buildPerson(t, admin, { name: 'Bia Sem Padrinho', email: 'bia@exemplo.com.br' })).code,
    );
    code.dalice = String((await buildPerson(t, alice, { name: 'Da Alice' })).code);
    code.alicePadrinho = String((await buildPerson(t, alice, { name: 'Padrinho da Alice' })).code);
    // Alice's contact sponsored by a contact of the admin's, which she cannot see
    await withTenant(t.db, tenant.id, (ctx) =>
      ctx.trx
        .updateTable('people')
        .set({ godfather_id: code.sponsor })
        .where('id', '=', code.dalice)
        .execute(),
    );
  });
  afterAll(() => t.close());

  const snapshot = () => peopleSnapshot(t, tenant.id);

  async function exportedSheet(who: Caller) {
    const res = await exportPeople(t, who, { format: 'XLSX' });
    expect(res.statusCode, res.body).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
    return { res, workbook, sheet };
  }
  const column = (header: ImportColumn) => IMPORT_HEADERS.indexOf(header) + 1;
  const rowNamed = (sheet: ExcelJS.Worksheet, name: string) => {
    let found: ExcelJS.Row | undefined;
    sheet.eachRow((row) => {
      if (row.getCell(1).value === name) found = row;
    });
    if (!found) throw new Error(`${name} não está na planilha`);
    return found;
  };
  async function logOf(who: Caller, file: Buffer, updateBehavior: UpdateBehavior) {
    const res = await postImport(t, who.headers, file, { updateBehavior });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await t.worker.drain();
    const log = await call(t, who, 'GET', `/api/people/imports/${res.body.data.code}/logs`);
    return log.body.data.list.map((l: { line: number; text: string }) => [l.line, l.text]);
  }

  it('exports the sponsor code of every sponsored row', async () => {
    const { sheet } = await exportedSheet(admin);
    const ana = rowNamed(sheet, 'Ana Afilhada');
    expect(ana.getCell(column('nome_padrinho')).value).toBe('Padrinho Sem Contato');
    expect(ana.getCell(column('celular_padrinho')).value).toBeNull();
    expect(ana.getCell(column('codigo_padrinho')).value).toBe(code.sponsor);
    expect(rowNamed(sheet, 'Bia Sem Padrinho').getCell(column('codigo_padrinho')).value).toBeNull();
  });

  it('an export from before codigo_padrinho (sponsor by name only) imports back unchanged', async () => {
    const before = await snapshot();
    const { workbook, sheet } = await exportedSheet(admin);
    sheet.spliceColumns(column('codigo_padrinho'), 1);
    const file = Buffer.from(await workbook.xlsx.writeBuffer());
    for (const behavior of ['SKIP', 'OVERWRITE'] as const) {
      const totals = await importAndConclude(t, admin, file, behavior, 'exportacao.xlsx');
      expect(totals.totalError, behavior).toBe(0);
      expect(await snapshot(), behavior).toEqual(before);
    }
  });

  it('OVERWRITE: an edited codigo_padrinho moves exactly that person to the other sponsor', async () => {
    const before = await snapshot();
    const { workbook, sheet } = await exportedSheet(admin);
    const ana = rowNamed(sheet, 'Ana Afilhada');
    ana.getCell(column('codigo_padrinho')).value = code.other;
    ana.getCell(column('nome_padrinho')).value = 'Madrinha Sem Contato';
    const totals = await importAndConclude(
      t,
      admin,
      Buffer.from(await workbook.xlsx.writeBuffer()),
      'OVERWRITE',
    );
    expect(totals.totalError).toBe(0);
    const after = await snapshot();
    expect(after).toHaveLength(before.length);
    const changed = after.filter((p, i) => JSON.stringify(p) !== JSON.stringify(before[i]));
    const old = before.find((p) => String(p.id) === code.ana);
    expect(changed).toHaveLength(1);
    expect(String(changed[0]?.godfather_id)).toBe(code.other);
    expect({ ...changed[0], godfather_id: old?.godfather_id }).toEqual(old);
    // back as it was, for the tests below
    const { workbook: again, sheet: back } = await exportedSheet(admin);
    rowNamed(back, 'Ana Afilhada').getCell(column('codigo_padrinho')).value = code.sponsor;
    await importAndConclude(t, admin, Buffer.from(await again.xlsx.writeBuffer()), 'OVERWRITE');
    expect(await snapshot()).toEqual(before);
  });

  it('never creates a person from a name: a name that is not the current sponsor is an error row', async () => {
    const before = await snapshot();
    const file = await xlsxOf([
      { nome: 'Bia Sem Padrinho', codigo: code.bia, nome_padrinho: 'Madrinha Sem Contato' },
      { nome: 'Ana Afilhada', codigo: code.ana, nome_padrinho: 'Outro Nome' },
    ]);
    expect(await logOf(admin, file, 'OVERWRITE')).toEqual([
      [2, IMPORT_MESSAGES.godfatherNameOnly('Madrinha Sem Contato')],
      [3, IMPORT_MESSAGES.godfatherNameOnly('Outro Nome')],
    ]);
    expect(await snapshot()).toEqual(before);
  });

  it('hostile: a bad codigo_padrinho is a pt-BR 400; an unknown one without contact an error row', async () => {
    const bad = await postImport(
      t,
      admin.headers,
      await xlsxOf([{ nome: 'X', nome_padrinho: 'Y', codigo_padrinho: 'abc' }]),
      { updateBehavior: 'SKIP' },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ '2': { codigo_padrinho: [IMPORT_MESSAGES.godfatherCode] } });
    const alone = await postImport(
      t,
      admin.headers,
      await xlsxOf([{ nome: 'Só Nome', nome_padrinho: 'Y' }]),
      { updateBehavior: 'SKIP' },
    );
    expect(alone.status).toBe(400);
    expect(alone.body.errors).toEqual({ '2': { nome_padrinho: [IMPORT_MESSAGES.godfatherContact] } });

    const before = await snapshot();
    const file = await xlsxOf([
      { nome: 'Nova Com Código Inexistente', nome_padrinho: 'Y', codigo_padrinho: '999999999' },
      {
        nome: 'Nova Com Celular',
        nome_padrinho: 'Padrinho Novo',
        celular_padrinho: '81988887777',
        codigo_padrinho: '999999999',
      },
    ]);
    expect(await logOf(admin, file, 'SKIP')).toEqual([
      [2, IMPORT_MESSAGES.godfatherCodeNotFound('999999999')],
    ]);
    const after = await snapshot();
    // the row with a cellphone falls back to it: the sponsor is made from the cellphone, as ever
    expect(after.slice(before.length).map((p) => [p.name, p.cellphone])).toEqual([
      ['Padrinho Novo', '81988887777'],
      ['Nova Com Celular', null],
    ]);
  });

  it('a user who sees only her own contacts: her export imports back; another’s sponsor code is refused', async () => {
    const before = await snapshot();
    const { res, sheet } = await exportedSheet(alice);
    expect(rowNamed(sheet, 'Da Alice').getCell(column('codigo_padrinho')).value).toBe(code.sponsor);
    for (const behavior of ['SKIP', 'OVERWRITE'] as const) {
      const totals = await importAndConclude(t, alice, res.rawPayload, behavior);
      expect(totals.totalError, behavior).toBe(0);
      expect(await snapshot(), behavior).toEqual(before);
    }
    const file = await xlsxOf([
      { nome: 'Nova da Alice', nome_padrinho: 'Madrinha', codigo_padrinho: code.other },
      { nome: 'Outra da Alice', nome_padrinho: 'Padrinho da Alice', codigo_padrinho: code.alicePadrinho },
    ]);
    expect(await logOf(alice, file, 'SKIP')).toEqual([
      [2, IMPORT_MESSAGES.godfatherCodeNotFound(code.other)],
    ]);
    const added = (await snapshot()).slice(before.length);
    expect(added.map((p) => [p.name, String(p.godfather_id)])).toEqual([
      ['Outra da Alice', code.alicePadrinho],
    ]);
  });
});
