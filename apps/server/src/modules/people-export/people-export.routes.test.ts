import { PEOPLE_SHEET_COLUMNS, ROLES, sheetRow } from '@mandato/domain';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../platform/db/tenancy.ts';
import { csvLine } from '../../platform/export/csv.ts';
import {
  buildPerson,
  buildSegment,
  buildTag,
  type Caller,
  call,
  signedIn,
  VALID_CPF,
} from '../../test/crm-factories.ts';
import {
  abandonExport,
  exportHistory,
  exportPeople,
  lastExportOnceFinished,
} from '../../test/people-export-kit.ts';
import { type BuiltTenant, buildTenant, createTestApp, type TestApp } from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';

const HEADER = PEOPLE_SHEET_COLUMNS.join(';');
const startsWith = (name: string) => [
  { units: [{ field: 'name', operator: 'STARTS_WITH', values: [name] }] },
];

describe(`people export (${testEngine})`, () => {
  let t: TestApp;
  let tenant: BuiltTenant;
  let admin: Caller;
  let alice: Caller;

  beforeAll(async () => {
    t = await createTestApp();
    tenant = await buildTenant(t);
    admin = await signedIn(t, tenant, [...ROLES], 'Admin Exporta');
    alice = await signedIn(t, tenant, ['ROLE_CRM'], 'Alice');
  });
  afterAll(() => t.close());

  const exportCsv = (who: Caller, payload: unknown) => exportPeople(t, who, payload);
  /** The CSV lines after the BOM (CRLF), without the last empty one. */
  const linesOf = (body: string) => {
    expect(body.charCodeAt(0)).toBe(0xfeff);
    expect(body.endsWith('\r\n')).toBe(true);
    return body.slice(1, -2).split('\r\n');
  };
  const history = (who: Caller, query = '') => exportHistory(t, who, query);

  it('streams exportacao.csv: BOM, import template header, pt-BR labels and dates, tags, godfather', async () => {
    const saude = await buildTag(t, admin, 'Saúde');
    const centro = await buildTag(t, admin, 'Centro');
    const godfather = await buildPerson(t, admin, {
      name: 'Expo Padrinho',
      cellphone: '61999990000',
      email: 'padrinho@exemplo.com.br',
    });
    const ana = await buildPerson(t, admin, {
      name: 'Expo Ana',
      email: 'ana@exemplo.com.br',
      vote: 'CONQUERED',
      nickname: 'Aninha',
      gender: 'FEMALE',
      influence: 12,
      birthDate: '1990-03-07',
      cellphone: '61988887777',
      phoneTwo: '6133334444',
      cpf: VALID_CPF,
      profession: 'Professora',
      votingZone: '12',
      votingSection: '345',
      notes: 'Gosta de; pontos e "aspas"',
      tags: [saude.code, centro.code],
      address: {
        zipCode: '70000000',
        street: 'Rua A',
        number: '10',
        complement: 'Casa',
        neighborhood: 'Asa Sul',
        city: 'Brasília',
        state: 'DF',
      },
      godfatherCode: godfather.code,
    });
    const list = await buildSegment(t, admin, { name: 'Expo lista', expression: startsWith('Expo') });

    const res = await exportCsv(admin, {
      expression: startsWith('Expo'),
      type: 'PERSON',
      segmentCode: list.code,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain('attachment; filename="exportacao.csv"');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-total-count']).toBe('2');
    const lines = linesOf(res.body);
    expect(lines[0]).toBe(HEADER);
    expect(lines).toHaveLength(3);
    // id order: the godfather first
    expect(lines[1]).toBe(
      `Expo Padrinho;padrinho@exemplo.com.br;A CONQUISTAR;;;0;;61999990000;;;;;;;;;;;;;;;;;;;${godfather.code}`,
    );
    // the line the domain's reference row writes (sheetRow + csvLine)
    expect(`${lines[2]}\r\n`).toBe(
      csvLine(
        sheetRow({
          name: 'Expo Ana',
          email: 'ana@exemplo.com.br',
          vote: 'CONQUERED',
          nickname: 'Aninha',
          gender: 'FEMALE',
          influence: 12,
          birthDate: '1990-03-07',
          cellphone: '61988887777',
          phoneTwo: '6133334444',
          cpf: VALID_CPF,
          profession: 'Professora',
          votingZone: '12',
          votingSection: '345',
          notes: 'Gosta de; pontos e "aspas"',
          tagNames: ['Saúde', 'Centro'],
          street: 'Rua A',
          number: '10',
          complement: 'Casa',
          neighborhood: 'Asa Sul',
          city: 'Brasília',
          state: 'DF',
          zipCode: '70000000',
          godfatherName: 'Expo Padrinho',
          godfatherCellphone: '61999990000',
          godfatherEmail: 'padrinho@exemplo.com.br',
          code: String(ana.code),
          godfatherCode: String(godfather.code),
        }),
      ),
    );
    expect(lines[2]).toBe(
      'Expo Ana;ana@exemplo.com.br;CONQUISTADO;Aninha;FEMININO;12;07/03/1990;61988887777;6133334444;' +
        `${VALID_CPF};Professora;12;345;"Gosta de; pontos e ""aspas""";"Saúde, Centro";Rua A;10;Casa;Asa Sul;` +
        `Brasília;DF;70000000;Expo Padrinho;61999990000;padrinho@exemplo.com.br;${godfather.code};${ana.code}`,
    );

    const logs = await history(admin);
    expect(logs.data.list[0]).toMatchObject({
      userName: 'Admin Exporta',
      type: 'PERSON',
      listCode: list.code,
      listName: 'Expo lista',
      rows: 2,
      status: 'DONE',
    });
    expect(Date.parse(logs.data.list[0].date)).toBeGreaterThan(Date.now() - 60_000);
    // the expression is what the log keeps as the filter
    const stored = await withTenant(t.db, tenant.id, ({ trx }) =>
      trx
        .selectFrom('export_logs')
        .select(['filter', 'kind'])
        .where('id', '=', String(logs.data.list[0].code))
        .executeTakeFirstOrThrow(),
    );
    expect(stored.kind).toBe('PERSON');
    expect(stored.filter).toEqual(startsWith('Expo'));
  });

  it('writes a plain row (the database writes its line) exactly as the domain row and csvCell do', async () => {
    const [a, b] = [await buildTag(t, admin, 'Plain A'), await buildTag(t, admin, 'Plain B')];
    const bia = await buildPerson(t, admin, {
      name: 'Plain Bia',
      vote: 'LOST',
      gender: 'OTHER',
      birthDate: '01/02/2003',
      tags: [b.code, a.code],
      address: { city: 'São Luís', state: 'MA' },
    });
    const res = await exportCsv(admin, { expression: startsWith('Plain') });
    const [, line] = linesOf(res.body);
    expect(`${line}\r\n`).toBe(
      csvLine(
        sheetRow({
          name: 'Plain Bia',
          email: null,
          vote: 'LOST',
          nickname: null,
          gender: 'OTHER',
          influence: 0,
          birthDate: '2003-02-01',
          cellphone: null,
          phoneTwo: null,
          cpf: null,
          profession: null,
          votingZone: null,
          votingSection: null,
          notes: null,
          tagNames: ['Plain B', 'Plain A'],
          street: null,
          number: null,
          complement: null,
          neighborhood: null,
          city: 'São Luís',
          state: 'MA',
          zipCode: null,
          godfatherName: null,
          godfatherCellphone: null,
          godfatherEmail: null,
          code: String(bia.code),
          godfatherCode: null,
        }),
      ),
    );
    expect(line).toContain(';"Plain B, Plain A";');
  });

  it('writes random rows (plain ones by the database, the others by csvCell) as the domain row does', async () => {
    const own = await buildTenant(t);
    const owner = await signedIn(t, own, [...ROLES], 'Aleatória');
    const alphabet = fc.constantFrom(
      '=',
      '+',
      '-',
      '@',
      '\t',
      '\r',
      '\n',
      '"',
      ';',
      ',',
      "'",
      ' ',
      'a',
      'Z',
      'é',
      '😀',
    );
    const text = fc.option(fc.string({ unit: alphabet, maxLength: 6 }), { nil: null });
    const tagNames = ['Tag, com vírgula', '=Fórmula', 'Aspas "x"', 'Simples', 'Outra'];
    const tags = await Promise.all(tagNames.map((name) => buildTag(t, owner, name)));
    const people = fc.sample(
      fc.record({
        name: text,
        nickname: text,
        notes: text,
        profession: text,
        city: text,
        cellphone: text,
        vote: fc.constantFrom('TO_CONQUER', 'CONQUERED', 'LOST'),
        gender: fc.constantFrom(null, 'MALE', 'FEMALE', 'NOT_BINARY', 'OTHER'),
        influence: fc.nat({ max: 500 }),
        tagIndexes: fc.uniqueArray(fc.nat({ max: tagNames.length - 1 }), { maxLength: 3 }),
      }),
      120,
    );
    // a third of them plain: no special character anywhere
    for (const [i, p] of people.entries()) {
      if (i % 3 === 0) {
        Object.assign(p, {
          name: `Plain ${i}`,
          nickname: null,
          notes: null,
          profession: null,
          city: 'Recife',
        });
        Object.assign(p, { cellphone: null, tagIndexes: [3, 4].slice(0, i % 2 ? 1 : 2) });
      }
    }
    const codes: string[] = [];
    await withTenant(t.db, own.id, async ({ trx }) => {
      for (const p of people) {
        const ids = p.tagIndexes.map((k) => String(tags[k]?.code));
        const { rows } = await sql<{
          id: string;
        }>`INSERT INTO people (tenant_id, name, nickname, notes, profession, city, cellphone, vote, gender,
            influence, tag_ids, created_by)
          SELECT ${own.id}, ${p.name}, ${p.nickname}, ${p.notes}, ${p.profession}, ${p.city}, ${p.cellphone},
            ${p.vote}, ${p.gender}, ${p.influence}, ${`{${ids.join(',')}}`}::bigint[], u.id
          FROM users u WHERE u.code = ${owner.user.code} RETURNING id`.execute(trx);
        codes.push(String(rows[0]?.id));
      }
    });
    const res = await exportCsv(owner, {});
    expect(res.statusCode).toBe(200);
    const expected = people.map((p, i) =>
      csvLine(
        sheetRow({
          name: p.name,
          email: null,
          vote: p.vote,
          nickname: p.nickname,
          gender: p.gender,
          influence: p.influence,
          birthDate: null,
          cellphone: p.cellphone,
          phoneTwo: null,
          cpf: null,
          profession: p.profession,
          votingZone: null,
          votingSection: null,
          notes: p.notes,
          tagNames: p.tagIndexes.map((k) => tagNames[k] as string),
          street: null,
          number: null,
          complement: null,
          neighborhood: null,
          city: p.city,
          state: null,
          zipCode: null,
          godfatherName: null,
          godfatherCellphone: null,
          godfatherEmail: null,
          code: codes[i] as string,
          godfatherCode: null,
        }),
      ),
    );
    expect(res.body).toBe(`\uFEFF${csvLine(PEOPLE_SHEET_COLUMNS)}${expected.join('')}`);
  });

  it('neutralises formula injection: = + - @ tab and CR, and their full-width forms, at the start of a cell', async () => {
    for (const name of [
      'Fx=SOMA(1;2)',
      '=SOMA(A1)',
      '+5561',
      '-1+1',
      '@cmd',
      '\uFF1DSOMA(A1)',
      '\uFF20cmd',
    ]) {
      await buildPerson(t, admin, { name, notes: 'nota' });
    }
    // tab and CR are refused by the API (control characters): written straight to the table
    await withTenant(t.db, tenant.id, async ({ trx }) => {
      for (const name of ['\tTab', '\rRetorno']) {
        await sql`INSERT INTO people (tenant_id, name, profession, created_by)
          SELECT ${tenant.id}, ${name}, '=HYPERLINK("x")', u.id FROM users u WHERE u.code = ${admin.user.code}`.execute(
          trx,
        );
      }
    });
    const res = await exportCsv(admin, {
      expression: [
        {
          units: [
            { field: 'name', operator: 'STARTS_WITH', values: ['='] },
            'OR',
            { field: 'name', operator: 'STARTS_WITH', values: ['+'] },
            'OR',
            { field: 'name', operator: 'STARTS_WITH', values: ['-'] },
            'OR',
            { field: 'name', operator: 'STARTS_WITH', values: ['@'] },
            'OR',
            { field: 'name', operator: 'STARTS_WITH', values: ['\uFF1D'] },
            'OR',
            { field: 'name', operator: 'STARTS_WITH', values: ['\uFF20'] },
            'OR',
            { field: 'profession', operator: 'STARTS_WITH', values: ['=HYPER'] },
          ],
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const names = linesOf(res.body)
      .slice(1)
      .map((line) => line.split(';')[0]);
    expect(names).toContain("'=SOMA(A1)");
    expect(names).toContain("'+5561");
    expect(names).toContain("'-1+1");
    expect(names).toContain("'@cmd");
    expect(names).toContain("'\uFF1DSOMA(A1)");
    expect(names).toContain("'\uFF20cmd");
    expect(res.body).toContain("'\tTab;");
    expect(res.body).toContain(`"'\rRetorno"`);
    expect(res.body).toContain(`"'=HYPERLINK(""x"")"`);
    for (const line of linesOf(res.body)) expect(line).not.toMatch(/(^|;)[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/);
  });

  it('applies the ROLE_CRM_ALL_DATA rule: without it a user exports only the contacts they created', async () => {
    await buildPerson(t, alice, { name: 'Vis da Alice' });
    await buildPerson(t, admin, { name: 'Vis do Admin' });
    const own = await exportCsv(alice, { expression: startsWith('Vis'), type: 'PERSON' });
    expect(own.statusCode).toBe(200);
    expect(own.headers['x-total-count']).toBe('1');
    expect(
      linesOf(own.body)
        .slice(1)
        .map((l) => l.split(';')[0]),
    ).toEqual(['Vis da Alice']);
    const everyone = await exportCsv(alice, {});
    expect(
      linesOf(everyone.body)
        .slice(1)
        .map((l) => l.split(';')[0]),
    ).toEqual(['Vis da Alice']);
    const all = await exportCsv(admin, { expression: startsWith('Vis') });
    expect(
      linesOf(all.body)
        .slice(1)
        .map((l) => l.split(';')[0]),
    ).toEqual(['Vis da Alice', 'Vis do Admin']);
    // her history shows her own contacts exports only; the admin's shows both users
    const hers = await history(alice);
    expect(hers.data.list.every((e: { userName: string }) => e.userName === 'Alice')).toBe(true);
    expect(hers.data.total).toBe(2);
    const names = new Set((await history(admin)).data.list.map((e: { userName: string }) => e.userName));
    expect(names).toEqual(new Set(['Alice', 'Admin Exporta']));
  });

  it('exports the team list (ROLE_TEAM) and refuses it without that role', async () => {
    const res = await exportCsv(admin, { type: 'TEAM', segmentCode: 2 });
    expect(res.statusCode, res.body).toBe(200);
    const rows = linesOf(res.body).slice(1);
    expect(rows.map((l) => l.split(';')[0]).sort()).toEqual(['Admin Exporta', 'Alice']);
    expect(res.headers['x-total-count']).toBe('2');
    expect((await history(admin, '?type=TEAM')).data.list[0]).toMatchObject({
      type: 'TEAM',
      listCode: 2,
      listName: 'Equipe',
      rows: 2,
    });
    expect((await exportCsv(alice, { type: 'TEAM' })).statusCode).toBe(403);
    expect((await call(t, alice, 'GET', '/api/people/exports?type=TEAM')).status).toBe(403);
  });

  it('refuses voting places, a list of another type, hostile bodies and paging (400)', async () => {
    const company = await exportCsv(admin, { type: 'COMPANY' });
    expect(company.statusCode).toBe(400);
    expect(company.json().errors.type).toEqual(['Valor não permitido']);
    expect((await exportCsv(admin, { type: 'PERSON', segmentCode: 3 })).statusCode).toBe(400);
    expect((await exportCsv(admin, { type: 'TEAM', segmentCode: 1 })).statusCode).toBe(400);
    const teamList = await buildSegment(t, admin, { name: 'Só equipe', type: 'TEAM' });
    expect((await exportCsv(admin, { type: 'PERSON', segmentCode: teamList.code })).json().errors).toEqual({
      segmentCode: ['A lista não é do tipo exportado'],
    });
    for (const body of [
      { extra: 1 },
      { expression: 'tudo' },
      { expression: [{ units: [{ field: 'senha', operator: '=', values: ['x'] }] }] },
      { segmentCode: '12' },
      { segmentCode: 1.5 },
      JSON.parse('{"__proto__": {"type": "TEAM"}}'),
      [],
    ]) {
      const res = await exportCsv(admin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.headers['content-type']).toContain('application/json');
    }
    for (const query of ['?page=0', '?itemsPerPage=1000', '?type=COMPANY']) {
      const res = await call(t, admin, 'GET', `/api/people/exports${query}`);
      expect(res.status, query).toBe(400);
    }
  });

  it("isolates tenants (another tenant's list is 404, its people never appear) and needs a people role (403)", async () => {
    const other = await buildTenant(t);
    const stranger = await signedIn(t, other, [...ROLES], 'Outra');
    await buildPerson(t, stranger, { name: 'Expo Estranho' });
    const foreign = await buildSegment(t, stranger, { name: 'Lista alheia' });
    const res = await exportCsv(admin, { segmentCode: foreign.code });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Lista de segmentação não encontrada');
    expect(
      linesOf((await exportCsv(admin, { expression: startsWith('Expo') })).body).join('\n'),
    ).not.toContain('Estranho');
    expect((await history(stranger)).data.total).toBe(0);
    // the token of one tenant on another tenant's schema
    const cross = await t.api.inject({
      method: 'POST',
      url: '/api/people/search/export',
      headers: { ...admin.headers, 'x-schema': other.slug },
      payload: {},
    });
    expect(cross.statusCode).toBe(403);
    const reporter = await signedIn(t, tenant, ['ROLE_REPORT'], 'Relatórios');
    expect((await exportCsv(reporter, {})).statusCode).toBe(403);
    expect((await call(t, reporter, 'GET', '/api/people/exports')).status).toBe(403);
    const anonymous = await t.api.inject({
      method: 'POST',
      url: '/api/people/search/export',
      headers: { 'x-schema': tenant.slug },
      payload: {},
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('pages the history, newest first', async () => {
    const all = await history(admin, '?itemsPerPage=100');
    const first = await history(admin, '?itemsPerPage=2&page=1');
    const second = await history(admin, '?itemsPerPage=2&page=2');
    expect(first.data.total).toBe(all.data.total);
    expect([...first.data.list, ...second.data.list]).toEqual(all.data.list.slice(0, 4));
    const dates = all.data.list.map((e: { date: string }) => e.date);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it.runIf(testEngine === 'postgres')(
    'records an export whose client went away as INTERRUPTED with the rows written',
    async () => {
      const big = await buildTenant(t);
      const owner = await signedIn(t, big, [...ROLES], 'Dona');
      await withTenant(t.db, big.id, async ({ trx }) => {
        // 9 MB in three batches: far more than the socket buffers hold, in few rows (quick to insert)
        await sql`INSERT INTO people (tenant_id, name, notes, created_by)
          SELECT ${big.id}, 'Pessoa ' || i, repeat('x', 1500), u.id
          FROM generate_series(1, 6000) i, users u WHERE u.code = ${owner.user.code}`.execute(trx);
      });
      await abandonExport(t, owner, '{}');
      // the server writes the outcome once its next write finds the socket gone: wait for it
      const entry = await lastExportOnceFinished(t, owner);
      expect(entry.status).toBe('INTERRUPTED');
      expect(entry.rows).toBeLessThan(6_000);
    },
    // inserting 9 MB and waiting for the server to notice the client left, on a loaded machine
    120_000,
  );
});
