import { IMPORT_MESSAGES, MESSAGES, PERSON_MESSAGES, ROLES, type UpdateBehavior } from '@mandato/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../platform/db/tenancy.ts';
import { buildPerson, buildTag, type Caller, call, signedIn, VALID_CPF } from '../../test/crm-factories.ts';
import { type BuiltTenant, buildTenant, createTestApp, type TestApp } from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';
import { postImport, type SheetRow, xlsxOf, zipBomb } from '../../test/xlsx-fixture.ts';

const OTHER_CPF = '11144477735';

describe(`people import (${testEngine})`, () => {
  let t: TestApp;
  let tenant: BuiltTenant;
  let admin: Caller;
  beforeAll(async () => {
    t = await createTestApp();
    tenant = await buildTenant(t);
    admin = await signedIn(t, tenant, [...ROLES], 'Admin');
  });
  afterAll(() => t.close());

  const people = (slug: BuiltTenant = tenant) =>
    withTenant(t.db, slug.id, (ctx) =>
      ctx.trx
        .selectFrom('people')
        .selectAll()
        .where('tenant_id', '=', ctx.tenantId)
        .where('is_team', '=', false)
        .orderBy('id')
        .execute(),
    );
  const importsCount = () =>
    withTenant(t.db, tenant.id, async (ctx) =>
      Number(
        (
          await ctx.trx
            .selectFrom('imports')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    );

  /** Imports and runs the job to the end; answers the import as the history shows it. */
  async function runImport(who: Caller, rows: SheetRow[], updateBehavior: UpdateBehavior, type?: string) {
    const res = await postImport(t, who.headers, await xlsxOf(rows), {
      updateBehavior,
      ...(type ? { type } : {}),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.status).toBe('IN_PROGRESS');
    await t.worker.drain();
    const log = await call(t, who, 'GET', `/api/people/imports/${res.body.data.code}/status`);
    expect(log.body.data.status).toBe('CONCLUDED');
    return log.body.data;
  }

  /** A tenant with A (by e-mail), B (by CPF), and a file: new C, A again, B again, C again. */
  async function scenario(behavior: UpdateBehavior) {
    const own = await buildTenant(t);
    const who = await signedIn(t, own, [...ROLES], 'Importadora');
    await buildTag(t, who, 'Saúde');
    await buildPerson(t, who, {
      name: 'Ana Antiga',
      email: 'ana@exemplo.com.br',
      address: { city: 'Recife', state: 'PE' },
    });
    await buildPerson(t, who, { name: 'Bruno', cpf: VALID_CPF, nickname: 'Bru', vote: 'CONQUERED' });
    const rows: SheetRow[] = [
      {
        nome: 'Carla Nova',
        email: 'carla@exemplo.com.br',
        tags: 'saúde, Nova Tag',
        nome_padrinho: 'João Padrinho',
        celular_padrinho: '(81) 98888-7777',
        voto: 'conquistado',
        genero: 'não binário',
        data: '15/03/1985',
        cep: '50050-000',
        estado: 'pe',
        cidade: 'Recife',
      },
      { nome: 'Ana Nova', email: 'ANA@Exemplo.com.br', profissao: 'Médica' },
      { nome: 'Bruno Novo', cpf: '529.982.247-25', celular: '81 99999 8888' },
      { nome: 'Carla Repetida', email: 'carla@exemplo.com.br', profissao: 'Advogada' },
    ];
    const log = await runImport(who, rows, behavior);
    const found = await people(own);
    const byName = (prefix: string) => found.find((p) => p.name?.startsWith(prefix));
    return { log, found, byName, who, own };
  }

  it('SKIP: new rows created, duplicates by e-mail, CPF and within the file left alone', async () => {
    const { log, found, byName } = await scenario('SKIP');
    expect([log.totalRecords, log.totalSuccess, log.totalSkip, log.totalError]).toEqual([4, 1, 3, 0]);
    expect(found.map((p) => p.name).sort()).toEqual(['Ana Antiga', 'Bruno', 'Carla Nova', 'João Padrinho']);
    expect(byName('Carla')?.profession).toBeNull();
    expect(byName('Bruno')?.cellphone).toBeNull();
  });

  it('UPDATE_BLANK: only the blank fields of the existing person are filled', async () => {
    const { log, found, byName } = await scenario('UPDATE_BLANK');
    expect([log.totalSuccess, log.totalSkip, log.totalError]).toEqual([4, 0, 0]);
    expect(found).toHaveLength(4);
    const ana = byName('Ana');
    expect([ana?.name, ana?.profession, ana?.city, ana?.state]).toEqual([
      'Ana Antiga',
      'Médica',
      'Recife',
      'PE',
    ]);
    const bruno = byName('Bruno');
    expect([bruno?.name, bruno?.nickname, bruno?.cellphone, bruno?.vote]).toEqual([
      'Bruno',
      'Bru',
      '81999998888',
      'CONQUERED',
    ]);
    const carla = byName('Carla');
    expect([carla?.name, carla?.profession]).toEqual(['Carla Nova', 'Advogada']);
  });

  it('OVERWRITE: every column of the row replaces the stored one', async () => {
    const { log, found, byName } = await scenario('OVERWRITE');
    expect([log.totalSuccess, log.totalSkip, log.totalError]).toEqual([4, 0, 0]);
    // Carla's second row has no godfather: the one of her first row is neither linked nor created
    expect(found).toHaveLength(3);
    const ana = byName('Ana');
    expect([ana?.name, ana?.profession, ana?.city, ana?.state]).toEqual(['Ana Nova', 'Médica', null, null]);
    const bruno = byName('Bruno');
    expect([bruno?.name, bruno?.nickname, bruno?.cpf, bruno?.vote]).toEqual([
      'Bruno Novo',
      null,
      VALID_CPF,
      'CONQUERED',
    ]);
    const carla = byName('Carla');
    // the later row of the same e-mail overwrote the earlier one; its blank godfather unlinked it
    expect([carla?.name, carla?.profession, carla?.godfather_id]).toEqual([
      'Carla Repetida',
      'Advogada',
      null,
    ]);
  });

  it('links the godfather (found or created), normalises the cells and creates the missing tags', async () => {
    const { found, byName, who, own } = await scenario('SKIP');
    const carla = byName('Carla');
    const joao = byName('João');
    expect(carla?.godfather_id).toBe(joao?.id);
    expect([joao?.cellphone, joao?.created_by]).toEqual(['81988887777', carla?.created_by]);
    expect(carla?.created_by).not.toBeNull();
    expect([carla?.vote, carla?.gender, carla?.birth_date, carla?.zip_code, carla?.state]).toEqual([
      'CONQUERED',
      'NOT_BINARY',
      '1985-03-15',
      '50050000',
      'PE',
    ]);
    const tags = (await call(t, who, 'GET', '/api/tags?itemsPerPage=50')).body.data.list.map(
      (tag: { name: string }) => tag.name,
    );
    expect(tags.sort()).toEqual(['Nova Tag', 'Saúde']);
    expect(carla?.tag_ids).toHaveLength(2);
    // a second file naming the same godfather by e-mail-less phone links to the same person
    await runImport(who, [{ nome: 'Davi', nome_padrinho: 'João', celular_padrinho: '81988887777' }], 'SKIP');
    const after = await people(own);
    expect(after).toHaveLength(found.length + 1);
    expect(after.find((p) => p.name === 'Davi')?.godfather_id).toBe(joao?.id);
  });

  it('lists the history with totals and the log of rows that failed', async () => {
    const alice = await signedIn(t, tenant, ['ROLE_CRM'], 'Alice');
    const bob = await signedIn(t, tenant, ['ROLE_CRM'], 'Bob');
    await buildPerson(t, bob, { name: 'Do Bob', email: 'bob.contato@exemplo.com.br' });
    const log = await runImport(
      alice,
      [
        { nome: 'Da Alice', email: 'alice.contato@exemplo.com.br' },
        { nome: 'Tomado', email: 'bob.contato@exemplo.com.br' },
        { nome: 'Código inexistente', codigo: '999999999' },
      ],
      'OVERWRITE',
    );
    // Bob's contact is a plain skip for Alice (import-permissions.test.ts)
    expect([log.totalSuccess, log.totalError, log.totalSkip]).toEqual([1, 1, 1]);
    expect(log.responsible.name).toBe('Alice');
    const logs = await call(t, alice, 'GET', `/api/people/imports/${log.code}/logs`);
    expect(logs.body.data).toEqual({
      list: [{ line: 4, recordPK: null, text: IMPORT_MESSAGES.codeNotFound('999999999') }],
      total: 1,
    });
    // Bob's contact unchanged; Alice sees her imported contact (created by her)
    const search = await call(t, alice, 'POST', '/api/people/search', {});
    expect(search.body.data.list.map((p: { name: string }) => p.name)).toEqual(['Da Alice']);
    const history = await call(t, alice, 'GET', '/api/people/imports');
    expect(history.body.data.list.map((i: { code: number }) => i.code)).toEqual([log.code]);
    const all = await call(t, admin, 'GET', '/api/people/imports?page=1&itemsPerPage=30');
    expect(all.body.data.total).toBeGreaterThanOrEqual(1);
    const bulk = await call(t, admin, 'GET', '/api/bulk-operations/search?page=1&itemsPerPage=30');
    const op = bulk.body.data.list.find((o: { code: number }) => o.code === log.code);
    expect([op.status, op.totalRecordsWithError, op.customArgs.userCreator.name, op.logs.length]).toEqual([
      'CONCLUDED',
      1,
      'Alice',
      1,
    ]);
    expect((await call(t, bob, 'GET', `/api/people/imports/${log.code}/status`)).status).toBe(404);
  });

  it('imports team members as team rows with an inactive login each', async () => {
    const own = await buildTenant(t);
    const who = await signedIn(t, own, [...ROLES]);
    const log = await runImport(
      who,
      [
        { nome: 'Membro Um', email: 'membro1@exemplo.com.br' },
        { nome: 'Membro Dois', email: 'membro2@exemplo.com.br', celular: '81999990000' },
      ],
      'SKIP',
      'TEAM',
    );
    expect([log.type, log.totalSuccess]).toEqual(['TEAM', 2]);
    // the JSON part may come as a Blob (a file part named data), as browsers send it
    const blob = await postImport(
      t,
      who.headers,
      await xlsxOf([{ nome: 'Membro Um', email: 'membro1@exemplo.com.br' }]),
      { updateBehavior: 'SKIP', type: 'TEAM' },
      'equipe.xlsx',
      true,
    );
    expect([blob.status, blob.body.data.fileName, blob.body.data.type]).toEqual([200, 'equipe.xlsx', 'TEAM']);
    await t.worker.drain();
    const team = await call(t, who, 'POST', '/api/people/search', { type: 'TEAM', itemsPerPage: 50 });
    const members = team.body.data.list.filter((p: { name: string }) => p.name.startsWith('Membro'));
    expect(members).toHaveLength(2);
    expect(members.every((m: { user: { active: boolean } | null }) => m.user && !m.user.active)).toBe(true);
    const bad = await postImport(t, who.headers, await xlsxOf([{ nome: 'Sem E-mail' }]), {
      updateBehavior: 'SKIP',
      type: 'TEAM',
    });
    expect(bad.body.errors).toEqual({ '2': { email: [PERSON_MESSAGES.teamNeedsEmail] } });
  });

  it('serves the XLSX template: every column and an example row that imports as it is', async () => {
    const res = await t.api.inject({ url: '/api/people/import/template', headers: admin.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('modelo-importacao.xlsx');
    const own = await buildTenant(t);
    const who = await signedIn(t, own, [...ROLES]);
    const started = await postImport(t, who.headers, res.rawPayload, { updateBehavior: 'SKIP' });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    await t.worker.drain();
    const imported = await people(own);
    expect(imported.map((p) => p.name).sort()).toEqual(['João Souza', 'Maria da Silva']);
    const marketing = await signedIn(t, tenant, ['ROLE_MARKETING']);
    expect(
      (await t.api.inject({ url: '/api/people/import/template', headers: marketing.headers })).statusCode,
    ).toBe(403);
  });

  it('refuses a file with any inconsistency, by line and column, and writes nothing', async () => {
    const before = [await people(), await importsCount()];
    const rows: SheetRow[] = [
      { nome: 'Ok', email: 'ok@exemplo.com.br' },
      { nome: 'E-mail', email: 'não é e-mail' },
      { nome: 'Voto', voto: 'TALVEZ' },
      { nome: 'Gênero', genero: 'X' },
      { nome: 'Influência', influencia: 'muita' },
      { nome: 'Data', data: '31/02/1990' },
      { nome: 'Celular', celular: '123' },
      { nome: 'CPF', cpf: '111.111.111-11' },
      { nome: 'Zona', zona: '12A' },
      { nome: 'Estado', estado: 'XX' },
      { nome: 'Endereço', rua: 'Rua A' },
      { nome: 'CEP', cep: '123', estado: 'PE' },
      { nome: 'Padrinho', nome_padrinho: 'Sem contato' },
      { apelido: 'Só apelido' },
      { nome: 'Tag', tags: 'x'.repeat(61) },
      { nome: 'N'.repeat(151) },
      { nome: 'Telefone', telefone: '(81) 0000-0000' },
      { nome: 'Padrinho e-mail', nome_padrinho: 'P', email_padrinho: 'x@' },
    ];
    const res = await postImport(t, admin.headers, await xlsxOf(rows), { updateBehavior: 'OVERWRITE' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(IMPORT_MESSAGES.inconsistencies);
    expect(res.body.errors).toEqual({
      '3': { email: [PERSON_MESSAGES.email] },
      '4': { voto: [IMPORT_MESSAGES.vote] },
      '5': { genero: [IMPORT_MESSAGES.gender] },
      '6': { influencia: [IMPORT_MESSAGES.influence] },
      '7': { data: [PERSON_MESSAGES.date] },
      '8': { celular: [PERSON_MESSAGES.phone] },
      '9': { cpf: [PERSON_MESSAGES.cpf] },
      '10': { zona: [IMPORT_MESSAGES.numeric] },
      '11': { estado: [IMPORT_MESSAGES.state] },
      '12': { estado: [PERSON_MESSAGES.stateRequired] },
      '13': { cep: [PERSON_MESSAGES.cep] },
      '14': { nome_padrinho: [IMPORT_MESSAGES.godfatherContact] },
      '15': { nome: [PERSON_MESSAGES.oneOfRequired] },
      '16': { tags: [IMPORT_MESSAGES.tag] },
      '17': { nome: [IMPORT_MESSAGES.tooLong(150)] },
      '18': { telefone: [PERSON_MESSAGES.phone] },
      '19': { email_padrinho: [PERSON_MESSAGES.email] },
    });
    expect([await people(), await importsCount()]).toEqual(before);
  });

  it('refuses formulas, merged cells, an extra column, wrong headers and an empty sheet', async () => {
    const imports = await importsCount();
    const one: SheetRow[] = [{ nome: 'Ana', email: 'ana.f@exemplo.com.br' }];
    const cases: [Buffer, Record<string, Record<string, string[]>>][] = [
      [
        await xlsxOf(one, { edit: (s) => (s.getCell('F2').value = { formula: '1+1', result: 2 } as never) }),
        { '2': { influencia: [IMPORT_MESSAGES.formula('F2')] } },
      ],
      [
        await xlsxOf([...one, { nome: 'Bia' }], { edit: (s) => s.mergeCells('A2:A3') }),
        { '2': { A: [IMPORT_MESSAGES.merged('A2:A3')] } },
      ],
      [
        await xlsxOf(one, { edit: (s) => (s.getCell('AB2').value = 'sobra') }),
        { '2': { AB: [IMPORT_MESSAGES.extraColumn('AB')] } },
      ],
      [
        await xlsxOf(one, { headers: ['nome', 'e-mail'] }),
        {
          '1': {
            [IMPORT_MESSAGES.headerLine]: [
              IMPORT_MESSAGES.unknownHeaders(['e-mail']),
              IMPORT_MESSAGES.missingHeaders([
                'email',
                'voto',
                'apelido',
                'genero',
                'influencia',
                'data',
                'celular',
                'telefone',
                'cpf',
                'profissao',
                'zona',
                'secao',
                'observacoes',
                'tags',
                'rua',
                'numero',
                'complemento',
                'bairro',
                'cidade',
                'estado',
                'cep',
                'nome_padrinho',
                'celular_padrinho',
                'email_padrinho',
              ]),
            ],
          },
        },
      ],
      [await xlsxOf([]), { '2': { [IMPORT_MESSAGES.headerLine]: [IMPORT_MESSAGES.emptySheet] } }],
      [
        await xlsxOf([{ nome: 'Ana' }, {}, {}, { nome: 'Bia', cpf: OTHER_CPF.slice(1) }]),
        { '5': { cpf: [PERSON_MESSAGES.cpf] } },
      ],
    ];
    for (const [file, errors] of cases) {
      const res = await postImport(t, admin.headers, file, { updateBehavior: 'SKIP' });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.errors).toEqual(errors);
    }
    expect(await importsCount()).toBe(imports);
  });

  it('refuses a zip bomb, a file that is not XLSX and one past 50 MB before parsing', async () => {
    const before = await people();
    const imports = await importsCount();
    const bomb = await postImport(t, admin.headers, zipBomb(), { updateBehavior: 'SKIP' });
    expect([bomb.status, bomb.body.message]).toEqual([400, IMPORT_MESSAGES.zipBomb]);
    // the central directory tells the truth about size but the entry inflates past it
    const liar = zipBomb(1000);
    expect((await postImport(t, admin.headers, liar, { updateBehavior: 'SKIP' })).body.message).toBe(
      IMPORT_MESSAGES.zipBomb,
    );
    const pdf = await postImport(t, admin.headers, Buffer.from('%PDF-1.4 não é planilha'), {
      updateBehavior: 'SKIP',
    });
    expect([pdf.status, pdf.body.message]).toEqual([400, IMPORT_MESSAGES.onlyXlsx]);
    const csv = await postImport(t, admin.headers, Buffer.from('nome;email\nAna;a@b.c'), {
      updateBehavior: 'SKIP',
    });
    expect(csv.body.message).toBe(IMPORT_MESSAGES.onlyXlsx);
    const big = Buffer.concat([await xlsxOf([{ nome: 'Ana' }]), Buffer.alloc(51 * 1024 * 1024)]);
    const tooBig = await postImport(t, admin.headers, big, { updateBehavior: 'SKIP' });
    expect([tooBig.status, tooBig.body.message]).toEqual([413, IMPORT_MESSAGES.tooLarge]);
    expect(await people()).toEqual(before);
    expect(await importsCount()).toBe(imports);
  });

  it('refuses a hostile or missing JSON part', async () => {
    const imports = await importsCount();
    const file = await xlsxOf([{ nome: 'Ana' }]);
    const cases: [unknown, number, unknown][] = [
      [undefined, 400, { data: [IMPORT_MESSAGES.missingData] }],
      ['{não é json', 400, { data: [MESSAGES.malformedJson] }],
      [
        '{"updateBehavior":"SKIP","__proto__":{"polluted":1}}',
        400,
        JSON.parse(`{"__proto__":["${MESSAGES.unknownField}"]}`),
      ],
      [{ updateBehavior: 'DELETE_ALL' }, 400, { updateBehavior: [MESSAGES.notAllowed] }],
      [{ updateBehavior: 'SKIP', type: 'COMPANY' }, 400, { type: [MESSAGES.notAllowed] }],
      ['{"updateBehavior":"SKIP\\u0000"}', 400, { updateBehavior: [MESSAGES.notAllowed] }],
    ];
    for (const [data, status, errors] of cases) {
      const res = await postImport(t, admin.headers, file, data);
      expect(res.status, JSON.stringify(data)).toBe(status);
      expect(JSON.stringify(res.body.errors)).toBe(JSON.stringify(errors));
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const noFile = await postImport(t, admin.headers, undefined, { updateBehavior: 'SKIP' });
    expect(noFile.body.errors).toEqual({ file: [IMPORT_MESSAGES.noFile] });
    const json = await t.api.inject({
      method: 'POST',
      url: '/api/people/import',
      headers: admin.headers,
      payload: { updateBehavior: 'SKIP' },
    });
    expect([json.statusCode, json.json().message]).toEqual([400, IMPORT_MESSAGES.notMultipart]);
    expect(await importsCount()).toBe(imports);
  });

  it('refuses callers without the role, of another tenant or without a session (403/401/404)', async () => {
    const file = await xlsxOf([{ nome: 'Ana' }]);
    const marketing = await signedIn(t, tenant, ['ROLE_MARKETING']);
    expect((await postImport(t, marketing.headers, file, { updateBehavior: 'SKIP' })).status).toBe(403);
    const crm = await signedIn(t, tenant, ['ROLE_CRM']);
    const team = await postImport(t, crm.headers, file, { updateBehavior: 'SKIP', type: 'TEAM' });
    expect(team.status).toBe(403);
    const other = await buildTenant(t);
    const stranger = await signedIn(t, other, [...ROLES]);
    const cross = await postImport(t, { ...stranger.headers, 'x-schema': tenant.slug }, file, {
      updateBehavior: 'SKIP',
    });
    expect(cross.status).toBe(403);
    expect((await postImport(t, { 'x-schema': tenant.slug }, file, { updateBehavior: 'SKIP' })).status).toBe(
      401,
    );
    expect((await call(t, marketing, 'GET', '/api/people/imports')).status).toBe(403);
    // another tenant's import is not found
    const theirs = await postImport(t, stranger.headers, file, { updateBehavior: 'SKIP' });
    expect(theirs.status).toBe(200);
    await t.worker.drain();
    expect((await call(t, admin, 'GET', `/api/people/imports/${theirs.body.data.code}/status`)).status).toBe(
      404,
    );
    expect((await call(t, admin, 'GET', `/api/people/imports/${theirs.body.data.code}/logs`)).status).toBe(
      404,
    );
    expect((await call(t, admin, 'GET', `/api/bulk-operations/get/${theirs.body.data.code}`)).status).toBe(
      404,
    );
  });

  it("refuses before it starts an import that would pass the plan's contacts, naming the limit", async () => {
    const free = await buildTenant(t, { planId: 'FREE' });
    const who = await signedIn(t, free, [...ROLES]);
    const rows: SheetRow[] = Array.from({ length: 501 }, (_, i) => ({
      nome: `Pessoa ${i}`,
      email: `p${i}@exemplo.com.br`,
    }));
    const res = await postImport(t, who.headers, await xlsxOf(rows), { updateBehavior: 'SKIP' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(IMPORT_MESSAGES.planLimit(500, 0, 501));
    expect(res.body.message).toContain('500 contatos');
    // the same people twice fit: duplicates within the file are not new contacts
    const fits = await postImport(
      t,
      who.headers,
      await xlsxOf([...rows.slice(0, 250), ...rows.slice(0, 250)]),
      {
        updateBehavior: 'SKIP',
      },
    );
    expect(fits.status).toBe(200);
  });

  it('stops a running import at the batch that would pass the plan (another import, new godfathers)', async () => {
    const free = await buildTenant(t, { planId: 'FREE' });
    const who = await signedIn(t, free, [...ROLES]);
    const contacts = () =>
      withTenant(t.db, free.id, ({ trx }) =>
        trx
          .selectFrom('people')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('is_team', '=', false)
          .executeTakeFirstOrThrow(),
      );
    const batchOf = (prefix: string, n: number, extra: SheetRow = {}) =>
      Array.from({ length: n }, (_, i) => ({
        nome: `${prefix} ${i}`,
        email: `${prefix}${i}@exemplo.com.br`,
        ...extra,
      }));
    // both pass the check before the start (nothing written yet): the second is stopped while running
    const first = await postImport(t, who.headers, await xlsxOf(batchOf('a', 300)), {
      updateBehavior: 'SKIP',
    });
    const second = await postImport(t, who.headers, await xlsxOf(batchOf('b', 300)), {
      updateBehavior: 'SKIP',
    });
    expect([first.status, second.status]).toEqual([200, 200]);
    await t.worker.drain();
    const status = async (code: number) =>
      (await call(t, who, 'GET', `/api/people/imports/${code}/status`)).body.data;
    // the worker may run both at once: whichever writes first fits, the other is stopped
    const [a, b] = [await status(first.body.data.code), await status(second.body.data.code)];
    const [done, stopped] = a.status === 'CONCLUDED' ? [a, b] : [b, a];
    expect(done).toMatchObject({ status: 'CONCLUDED', totalSuccess: 300 });
    expect(stopped).toMatchObject({
      status: 'ERROR',
      totalSuccess: 0,
      totalError: 300,
      totalSkip: 0,
      totalRecords: 300,
    });
    const logs = await call(t, who, 'GET', `/api/people/imports/${stopped.code}/logs`);
    expect(logs.body.data.list).toEqual([
      { line: 2, recordPK: null, text: IMPORT_MESSAGES.planLimitReached(500) },
    ]);
    expect(Number((await contacts()).n)).toBe(300);
    // 200 people fit (300 + 200 = 500), their new godfather does not: the batch is not written
    const godfathered = await postImport(
      t,
      who.headers,
      await xlsxOf(batchOf('c', 200, { nome_padrinho: 'Padrinho Novo', celular_padrinho: '81999990000' })),
      { updateBehavior: 'SKIP' },
    );
    expect(godfathered.status).toBe(200);
    await t.worker.drain();
    expect(await status(godfathered.body.data.code)).toMatchObject({ status: 'ERROR', totalError: 200 });
    expect(Number((await contacts()).n)).toBe(300);
  });
});
