import zlib from 'node:zlib';
import { IMPORT_HEADERS, PEOPLE_EXPORT_TEXTS, ROLES, type UpdateBehavior } from '@mandato/domain';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../platform/db/tenancy.ts';
import { buildPerson, buildTag, type Caller, call, signedIn } from '../../test/crm-factories.ts';
import {
  abandonExport,
  exportPeople,
  importAndConclude,
  lastExportOnceFinished,
  peopleSnapshot,
} from '../../test/people-export-kit.ts';
import { type BuiltTenant, buildTenant, createTestApp, type TestApp } from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';
import { XLSX_MAX_DATA_ROWS } from './xlsx-sheet-writer.ts';

const FORMULA_NAME = '=HYPERLINK("http://exemplo.invalid","clique")';

/** The entries of a ZIP as its central directory lists them, inflated (a small test file). */
function unzip(file: Buffer): Map<string, string> {
  const eocd = file.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = file.readUInt16LE(eocd + 10);
  let at = file.readUInt32LE(eocd + 16);
  const entries = new Map<string, string>();
  for (let n = 0; n < count; n++) {
    const size = file.readUInt32LE(at + 20);
    const nameLength = file.readUInt16LE(at + 28);
    const skip = nameLength + file.readUInt16LE(at + 30) + file.readUInt16LE(at + 32);
    const name = file.toString('utf8', at + 46, at + 46 + nameLength);
    const local = file.readUInt32LE(at + 42);
    const start = local + 30 + file.readUInt16LE(local + 26) + file.readUInt16LE(local + 28);
    entries.set(name, zlib.inflateRawSync(file.subarray(start, start + size)).toString('utf8'));
    at += 46 + skip;
  }
  return entries;
}

/**
 * Issue 28: the XLSX export re-imports unchanged. Its cells are typed (CPF, phones, CEP and codes
 * as text with leading zeros, the birth date a date, influence a number) in the import template's
 * columns; SKIP on the exported file changes nothing, OVERWRITE of an edited file exactly the edit;
 * a formula-looking name stays text.
 */
describe(`people export as XLSX (${testEngine})`, () => {
  let t: TestApp;
  let tenant: BuiltTenant;
  let admin: Caller;

  beforeAll(async () => {
    t = await createTestApp();
    tenant = await buildTenant(t);
    admin = await signedIn(t, tenant, [...ROLES], 'Admin Planilha');
    const saude = await buildTag(t, admin, 'Saúde');
    const educacao = await buildTag(t, admin, 'Educação');
    const godfather = await buildPerson(t, admin, {
      name: 'João Padrinho',
      cellphone: '11987654321',
      email: 'joao@exemplo.com.br',
    });
    await buildPerson(t, admin, {
      name: 'Conceição Ação',
      email: 'conceicao@exemplo.com.br',
      vote: 'CONQUERED',
      nickname: 'Ção',
      gender: 'FEMALE',
      influence: 25,
      birthDate: '1985-03-15',
      cellphone: '11912345678',
      phoneTwo: '1133334444',
      cpf: '01234567890',
      profession: 'Professora',
      votingZone: '0012',
      votingSection: '0345',
      notes: 'Primeira linha\nsegunda & <terceira>',
      tags: [saude.code, educacao.code],
      address: {
        zipCode: '01310100',
        street: 'Avenida Paulista',
        number: '0100',
        complement: 'Apto 01',
        neighborhood: 'Bela Vista',
        city: 'São Paulo',
        state: 'SP',
      },
      godfatherCode: godfather.code,
    });
    await buildPerson(t, admin, { name: 'Zé Sem Chave', cpf: '00000000191', birthDate: '2001-12-31' });
    await buildPerson(t, admin, { name: FORMULA_NAME, vote: 'LOST', influence: 7 });
    await buildPerson(t, admin, { name: 'Eva Só Nome' });
  });
  afterAll(() => t.close());

  const snapshot = () => peopleSnapshot(t, tenant.id);

  const exportXlsx = (who: Caller, payload: Record<string, unknown> = { format: 'XLSX' }) =>
    exportPeople(t, who, payload);

  async function exported(): Promise<Buffer> {
    const res = await exportXlsx(admin);
    expect(res.statusCode, res.body).toBe(200);
    return res.rawPayload;
  }

  async function worksheet(file: Buffer) {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error('sem planilha');
    return { workbook, sheet };
  }

  /** The data rows of the sheet as column → cell value. */
  const rowsOf = (sheet: ExcelJS.Worksheet) => {
    const rows: Record<string, ExcelJS.CellValue>[] = [];
    sheet.eachRow((row, n) => {
      if (n === 1) return;
      rows.push(Object.fromEntries(IMPORT_HEADERS.map((h, i) => [h, row.getCell(i + 1).value])));
    });
    return rows;
  };

  const importFile = (file: Buffer, updateBehavior: UpdateBehavior) =>
    importAndConclude(t, admin, file, updateBehavior, 'exportacao.xlsx');

  it('writes exportacao.xlsx: the import template header, typed cells, logged in the history', async () => {
    const res = await exportXlsx(admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers['content-disposition']).toContain('attachment; filename="exportacao.xlsx"');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-total-count']).toBe('5');
    expect(res.rawPayload.subarray(0, 2).toString('latin1')).toBe('PK');

    const { sheet } = await worksheet(res.rawPayload);
    expect(sheet.name).toBe(PEOPLE_EXPORT_TEXTS.sheetName);
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([...IMPORT_HEADERS]);
    const rows = rowsOf(sheet);
    expect(rows).toHaveLength(5);
    const ana = rows.find((r) => r.nome === 'Conceição Ação');
    expect(ana).toMatchObject({
      email: 'conceicao@exemplo.com.br',
      voto: 'CONQUISTADO',
      apelido: 'Ção',
      genero: 'FEMININO',
      influencia: 25,
      data: new Date(Date.UTC(1985, 2, 15)),
      celular: '11912345678',
      telefone: '1133334444',
      cpf: '01234567890',
      zona: '0012',
      secao: '0345',
      observacoes: 'Primeira linha\nsegunda & <terceira>',
      tags: 'Saúde, Educação',
      numero: '0100',
      cep: '01310100',
      cidade: 'São Paulo',
      nome_padrinho: 'João Padrinho',
      celular_padrinho: '11987654321',
      email_padrinho: 'joao@exemplo.com.br',
    });
    expect(typeof ana?.codigo).toBe('string');
    expect(rows.find((r) => r.nome === 'Zé Sem Chave')).toMatchObject({
      cpf: '00000000191',
      data: new Date(Date.UTC(2001, 11, 31)),
      influencia: 0,
    });
    // the columns are typed for what is typed next: text where digits keep their zeros
    expect(sheet.getCell('J2').numFmt).toBe('@');
    expect(sheet.getCell('G2').numFmt).toBe('dd/mm/yyyy');

    const logs = await call(t, admin, 'GET', '/api/people/exports');
    expect(logs.body.data.list[0]).toMatchObject({ userName: 'Admin Planilha', rows: 5, status: 'DONE' });
  });

  it('SKIP: importing the exported XLSX changes nothing and says every row was skipped', async () => {
    const before = await snapshot();
    const file = await exported();
    const totals = await importFile(file, 'SKIP');
    expect(totals).toMatchObject({ totalRecords: 5, totalSkip: 5, totalSuccess: 0, totalError: 0 });
    expect(await snapshot()).toEqual(before);
  });

  it('OVERWRITE: an edited export changes exactly the edited cell', async () => {
    const before = await snapshot();
    const { workbook, sheet } = await worksheet(await exported());
    let edited = 0;
    sheet.eachRow((row) => {
      if (row.getCell(1).value === 'Zé Sem Chave') {
        row.getCell(IMPORT_HEADERS.indexOf('profissao') + 1).value = 'Agricultor';
        edited++;
      }
    });
    expect(edited).toBe(1);
    const file = Buffer.from(await workbook.xlsx.writeBuffer());
    const totals = await importFile(file, 'OVERWRITE');
    expect(totals.totalError).toBe(0);
    const after = await snapshot();
    expect(after).toHaveLength(before.length);
    const changed = after.filter((p, i) => JSON.stringify(p) !== JSON.stringify(before[i]));
    const old = before.find((p) => p.name === 'Zé Sem Chave');
    expect(changed).toEqual([{ ...old, profession: 'Agricultor' }]);
  });

  it('hostile: a formula-looking name is a text cell (no formula), and reads back as that text', async () => {
    const file = await exported();
    const xml = unzip(file).get('xl/worksheets/sheet1.xml') ?? '';
    expect(xml).not.toMatch(/<f[\s>]/);
    expect(xml).toContain(
      't="inlineStr"><is><t>=HYPERLINK(&quot;http://exemplo.invalid&quot;,&quot;clique&quot;)</t>',
    );
    const { sheet } = await worksheet(file);
    const cell = sheet.getColumn(1).values.find((v) => v === FORMULA_NAME);
    expect(cell).toBe(FORMULA_NAME);
    let formulas = 0;
    sheet.eachRow((row) =>
      row.eachCell((c) => {
        if (c.type === ExcelJS.ValueType.Formula) formulas++;
      }),
    );
    expect(formulas).toBe(0);
    expect(rowsOf(sheet).find((r) => r.nome === FORMULA_NAME)?.influencia).toBe(7);
  });

  it('applies the visibility of the search: without ROLE_CRM_ALL_DATA only the own contacts', async () => {
    const alice = await signedIn(t, tenant, ['ROLE_CRM'], 'Alice Planilha');
    await buildPerson(t, alice, { name: 'Da Alice' });
    const res = await exportXlsx(alice);
    expect(res.statusCode, res.body).toBe(200);
    const { sheet } = await worksheet(res.rawPayload);
    expect(rowsOf(sheet).map((r) => r.nome)).toEqual(['Da Alice']);
  });

  it('refuses an unknown format with a pt-BR 400 that logs nothing', async () => {
    const before = (await call(t, admin, 'GET', '/api/people/exports')).body.data.total;
    for (const format of ['PDF', 'xlsx', 1, null, { XLSX: true }]) {
      const res = await exportXlsx(admin, { format });
      expect(res.statusCode, String(format)).toBe(400);
      expect(res.json().errors.format).toEqual(['Valor não permitido']);
    }
    expect((await call(t, admin, 'GET', '/api/people/exports')).body.data.total).toBe(before);
  });

  it.runIf(testEngine === 'postgres')(
    'waits for the client and records an XLSX export it left as INTERRUPTED with the rows written',
    async () => {
      const big = await buildTenant(t);
      const owner = await signedIn(t, big, [...ROLES], 'Dona Planilha');
      await withTenant(t.db, big.id, async ({ trx }) => {
        // random notes (about 9 MB deflated in 12,000 rows): far more than the socket buffers hold
        await sql`INSERT INTO people (tenant_id, name, notes, created_by)
          SELECT ${big.id}, 'Pessoa ' || i,
            (SELECT string_agg(md5(random()::text || i || g), '') FROM generate_series(1, 40) g), u.id
          FROM generate_series(1, 12000) i, users u WHERE u.code = ${owner.user.code}`.execute(trx);
      });
      await abandonExport(t, owner, JSON.stringify({ format: 'XLSX' }));
      // the server writes the outcome once its next write finds the socket gone: wait for it
      const entry = await lastExportOnceFinished(t, owner);
      expect(entry.status).toBe('INTERRUPTED');
      expect(entry.rows).toBeLessThan(12_000);
    },
    // inserting and writing 12,000 rows on the shared 2-core machine
    120_000,
  );

  it('the sheet holds the most rows a spreadsheet opens', () => {
    expect(XLSX_MAX_DATA_ROWS).toBe(1_048_575);
    expect(PEOPLE_EXPORT_TEXTS.xlsxTooManyRows(XLSX_MAX_DATA_ROWS)).toBe(
      'Uma planilha XLSX comporta até 1.048.575 registros: exporte em CSV ou filtre a lista',
    );
  });
});
