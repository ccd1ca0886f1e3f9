import {
  IMPORT_HEADERS,
  IMPORT_MESSAGES,
  type ImportColumn,
  ROLES,
  type UpdateBehavior,
} from '@mandato/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPerson, buildTag, type Caller, call, signedIn, VALID_CPF } from '../../test/crm-factories.ts';
import { exportPeople, importAndConclude, peopleSnapshot } from '../../test/people-export-kit.ts';
import { type BuiltTenant, buildTenant, createTestApp, type TestApp } from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';
import { postImport, type SheetRow, xlsxOf } from '../../test/xlsx-fixture.ts';

/** RFC 4180 with ';' (what the export writes): the rows of the CSV after its BOM, as cells. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < body.length; i++) {
    const ch = body[i];
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ';') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && body[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  return rows;
}

/**
 * Issue 11's round trip: what the export writes re-imports cleanly. SKIP on the exported file
 * changes nothing; OVERWRITE on the same file with one cell edited changes that person only.
 */
describe(`export → import round trip (${testEngine})`, () => {
  let t: TestApp;
  let tenant: BuiltTenant;
  let admin: Caller;
  beforeAll(async () => {
    t = await createTestApp();
    tenant = await buildTenant(t);
    admin = await signedIn(t, tenant, [...ROLES], 'Admin');
    await buildTag(t, admin, 'Saúde');
    await buildTag(t, admin, 'Educação');
    const godfather = await buildPerson(t, admin, {
      name: 'João Padrinho',
      cellphone: '81988887777',
      email: 'joao@exemplo.com.br',
    });
    await buildPerson(t, admin, {
      name: 'Ana Exportada',
      email: 'ana@exemplo.com.br',
      cellphone: '81999991234',
      birthDate: '1985-03-15',
      vote: 'CONQUERED',
      profession: 'Professora',
      address: {
        street: 'Rua da Aurora',
        number: '100',
        neighborhood: 'Boa Vista',
        zipCode: '50050000',
        city: 'Recife',
        state: 'PE',
      },
      godfatherCode: godfather.code,
    });
    await buildPerson(t, admin, { name: 'Bruno Exportado', cpf: VALID_CPF, nickname: 'Bru', vote: 'LOST' });
    await buildPerson(t, admin, { name: 'Carla Exportada', email: 'carla@exemplo.com.br', influence: 25 });
    // neither e-mail nor CPF: only the codigo column of the export finds them again
    await buildPerson(t, admin, { name: 'Dora Sem Chave', cellphone: '81977776666', vote: 'CONQUERED' });
    await buildPerson(t, admin, { name: 'Eva Só Nome' });
  });
  afterAll(() => t.close());

  const snapshot = () => peopleSnapshot(t, tenant.id);

  async function exported(): Promise<SheetRow[]> {
    const res = await exportPeople(t, admin);
    expect(res.statusCode).toBe(200);
    const [header, ...rows] = parseCsv(res.body);
    expect(header).toEqual([...IMPORT_HEADERS]);
    return rows.map(
      (cells) =>
        Object.fromEntries(
          (header ?? []).map((h, i) => [h, cells[i] ?? '']).filter(([, v]) => v !== ''),
        ) as SheetRow,
    );
  }

  const importRows = async (rows: SheetRow[], updateBehavior: UpdateBehavior) =>
    importAndConclude(t, admin, await xlsxOf(rows), updateBehavior);

  it('SKIP: re-importing the export changes nothing', async () => {
    const before = await snapshot();
    const rows = await exported();
    expect(rows.map((r) => r.nome)).toEqual(
      expect.arrayContaining([
        'Ana Exportada',
        'Bruno Exportado',
        'Carla Exportada',
        'João Padrinho',
        'Dora Sem Chave',
        'Eva Só Nome',
      ]),
    );
    expect(rows.every((r) => /^\d+$/.test(String(r.codigo)))).toBe(true);
    const totals = await importRows(rows, 'SKIP');
    expect(totals.totalRecords).toBe(rows.length);
    expect(totals.totalError).toBe(0);
    expect(await snapshot()).toEqual(before);
  });

  it('OVERWRITE: an edited export updates exactly the edited people, found by codigo', async () => {
    const before = await snapshot();
    const rows = await exported();
    const ana = rows.find((r) => r.nome === 'Ana Exportada');
    const dora = rows.find((r) => r.nome === 'Dora Sem Chave');
    if (!ana || !dora) throw new Error('Ana e Dora não foram exportadas');
    ana.profissao = 'Diretora';
    dora.nome = 'Dora Renomeada';
    const totals = await importRows(rows, 'OVERWRITE');
    expect(totals.totalError).toBe(0);
    const after = await snapshot();
    expect(after).toHaveLength(before.length);
    const changed = after.filter((p, i) => JSON.stringify(p) !== JSON.stringify(before[i]));
    expect(changed.map((p) => p.name)).toEqual(['Ana Exportada', 'Dora Renomeada']);
    const [old] = before.filter((p) => p.name === 'Ana Exportada');
    const [oldDora] = before.filter((p) => p.name === 'Dora Sem Chave');
    const [now, nowDora] = changed;
    expect(now).toEqual({ ...old, profession: 'Diretora' });
    expect(nowDora).toEqual({ ...oldDora, name: 'Dora Renomeada' });
    expect(
      Object.keys(ana).every((k) => (IMPORT_HEADERS as readonly string[]).includes(k as ImportColumn)),
    ).toBe(true);
  });

  it('a codigo no person of this list has is an error row; the rest of the file imports', async () => {
    const other = await buildTenant(t);
    const stranger = await signedIn(t, other, [...ROLES], 'Outro');
    const foreign = await buildPerson(t, stranger, { name: 'De Outro Tenant' });
    const before = await snapshot();
    const res = await postImport(
      t,
      admin.headers,
      await xlsxOf([
        { nome: 'Código de outro tenant', codigo: String(foreign.code) },
        { nome: 'Código inexistente', codigo: '999999999' },
        { nome: 'Nova Sem Código', email: 'nova@exemplo.com.br' },
      ]),
      { updateBehavior: 'OVERWRITE' },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await t.worker.drain();
    const log = await call(t, admin, 'GET', `/api/people/imports/${res.body.data.code}/logs`);
    expect(log.body.data.list.map((l: { line: number; text: string }) => [l.line, l.text])).toEqual([
      [2, IMPORT_MESSAGES.codeNotFound(String(foreign.code))],
      [3, IMPORT_MESSAGES.codeNotFound('999999999')],
    ]);
    const after = await snapshot();
    expect(after.slice(0, before.length)).toEqual(before);
    expect(after.slice(before.length).map((p) => p.name)).toEqual(['Nova Sem Código']);
  });

  it('a sheet without the codigo column (a template from before it) still imports', async () => {
    const headers = IMPORT_HEADERS.filter((h) => h !== 'codigo');
    const res = await postImport(
      t,
      admin.headers,
      await xlsxOf([{ nome: 'Fábio Modelo Antigo', email: 'fabio@exemplo.com.br' }], { headers }),
      { updateBehavior: 'SKIP' },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });
});
