import { EXPRESSION_MESSAGES, MESSAGES, PERSON_MESSAGES } from '@mandato/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildCompany,
  buildPerson,
  buildTag,
  type Caller,
  call,
  signedIn,
  VALID_CPF,
} from '../../test/crm-factories.ts';
import { type BuiltTenant, buildTenant, createTestApp, type TestApp } from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';

describe(`people routes (${testEngine})`, () => {
  let t: TestApp;
  let tenant: BuiltTenant;
  let admin: Caller;
  beforeAll(async () => {
    t = await createTestApp();
    tenant = await buildTenant(t);
    admin = await signedIn(t, tenant, ['ROLE_CRM', 'ROLE_CRM_ALL_DATA', 'ROLE_TEAM']);
  });
  afterAll(() => t.close());

  const save = (payload: unknown) => call(t, admin, 'POST', '/api/people', payload);
  const errorsOf = async (payload: unknown) => {
    const res = await save(payload);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(PERSON_MESSAGES.general);
    return res.body.errors as Record<string, string[]>;
  };

  it('answers every validation message of spec §5', async () => {
    expect((await errorsOf({ notes: 'só notas' })).name).toEqual([PERSON_MESSAGES.oneOfRequired]);
    expect((await errorsOf({ name: 'Ana', isUser: true })).email).toEqual([PERSON_MESSAGES.teamNeedsEmail]);
    expect((await errorsOf({ name: 'Ana', address: { city: 'Recife' } }))['address.state']).toEqual([
      PERSON_MESSAGES.stateRequired,
    ]);
    const many = await errorsOf({
      name: 'Ana',
      email: 'ana@',
      cellphone: '1181234567',
      phoneTwo: '123',
      cpf: '11111111111',
      birthDate: '31/02/2000',
      gender: 'X',
      vote: 'TALVEZ',
      influence: 'muita',
      tags: ['a'],
      godfatherCode: 1.5,
      profession: 42,
      address: { state: 'XX' },
      unknown: true,
    });
    expect(many.email).toEqual([PERSON_MESSAGES.email]);
    expect(many.cellphone).toEqual([PERSON_MESSAGES.phone]);
    expect(many.phoneTwo).toEqual([PERSON_MESSAGES.phone]);
    expect(many.cpf).toEqual([PERSON_MESSAGES.cpf]);
    expect(many.birthDate).toEqual([PERSON_MESSAGES.date]);
    expect(many.gender).toEqual([MESSAGES.notAllowed]);
    expect(many.vote).toEqual([MESSAGES.notAllowed]);
    expect(many.influence).toEqual([PERSON_MESSAGES.number]);
    expect(many['tags.0']).toEqual([PERSON_MESSAGES.integer]);
    expect(many.godfatherCode).toEqual([PERSON_MESSAGES.integer]);
    expect(many.profession).toEqual([PERSON_MESSAGES.text]);
    expect(many['address.state']).toEqual([MESSAGES.notAllowed]);
    expect(many.unknown).toEqual([MESSAGES.unknownField]);
  });

  it('creates, reads, updates and deletes a person with masks removed and references named', async () => {
    const tag = await buildTag(t, admin, 'Saúde');
    const company = await buildCompany(t, admin);
    const godfather = await buildPerson(t, admin, { name: 'Padrinho' });
    const created = await buildPerson(t, admin, {
      name: 'João',
      email: 'JOAO@Exemplo.com.br',
      cellphone: '(81) 99876-5432',
      cpf: '529.982.247-25',
      birthDate: '15/03/1980',
      address: { zipCode: '50000-000', city: 'Recife', state: 'PE' },
      companyCode: company.code,
      godfatherCode: godfather.code,
      tags: [tag.code],
      influence: 10,
      vote: 'CONQUERED',
      nickname: '',
    });
    expect(created).toMatchObject({
      name: 'João',
      email: 'joao@exemplo.com.br',
      cellphone: '81998765432',
      cpf: VALID_CPF,
      birthDate: '1980-03-15',
      nickname: null,
      address: { zipCode: '50000000', city: 'Recife', state: 'PE' },
      company: { code: company.code, name: company.name },
      godfather: { code: godfather.code, name: 'Padrinho' },
      tags: [{ code: tag.code, name: 'Saúde' }],
      influence: 10,
      vote: 'CONQUERED',
      isUser: false,
      user: null,
      createdBy: { code: admin.user.code, name: admin.user.name },
    });
    const read = await call(t, admin, 'GET', `/api/people/${created.code}`);
    expect(read.body.data).toEqual(created);
    const updated = await call(t, admin, 'PUT', `/api/people/${created.code}`, {
      name: 'João Pedro',
      address: null,
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({
      name: 'João Pedro',
      address: null,
      tags: [],
      company: null,
      vote: 'TO_CONQUER',
    });
    expect((await call(t, admin, 'DELETE', `/api/people/${created.code}`)).status).toBe(200);
    expect((await call(t, admin, 'GET', `/api/people/${created.code}`)).status).toBe(404);
  });

  it('rejects unknown tags, company and godfather, and a person as their own godfather', async () => {
    const other = await buildTenant(t);
    const stranger = await signedIn(t, other, ['ROLE_CRM', 'ROLE_CRM_ALL_DATA']);
    const foreignTag = await buildTag(t, stranger, 'Estrangeira');
    const foreignPerson = await buildPerson(t, stranger);
    const errors = await errorsOf({
      name: 'Ana',
      tags: [foreignTag.code],
      companyCode: 999999,
      godfatherCode: foreignPerson.code,
    });
    expect(errors).toEqual({
      tags: [MESSAGES.invalidNested],
      companyCode: [MESSAGES.invalidNested],
      godfatherCode: [MESSAGES.invalidNested],
    });
    const me = await buildPerson(t, admin);
    const self = await call(t, admin, 'PUT', `/api/people/${me.code}`, {
      name: 'Eu',
      godfatherCode: me.code,
    });
    expect(self.status).toBe(400);
    expect(self.body.errors.godfatherCode).toEqual(['Uma pessoa não pode ser padrinho de si mesma']);
  });

  it('follows the vote and influence transitions of spec §4', async () => {
    const p = await buildPerson(t, admin);
    const put = (path: string, body?: object) => call(t, admin, 'PUT', `/api/people/${p.code}/${path}`, body);
    expect((await put('update-vote', { vote: 'LOST' })).body.data.vote).toBe('LOST');
    expect((await put('update-vote', { vote: 'MAYBE' })).status).toBe(400);
    const zero = await put('mark-as-influence', { influence: 0 });
    expect(zero.status).toBe(400);
    expect(zero.body.message).toBe('Influência deve ser maior que zero');
    expect((await put('mark-as-influence', { influence: 25 })).body.data.influence).toBe(25);
    expect((await put('mark-as-influence', { influence: 0 })).body.data.influence).toBe(0);
    expect((await put('mark-as-influence', { influence: 7 })).body.data.influence).toBe(7);
    expect((await put('remove-influence')).body.data.influence).toBe(0);
    expect((await put('mark-as-influence', { influence: -3 })).status).toBe(400);
  });

  it('pages and orders the search with an exact total', async () => {
    const local = await buildTenant(t);
    const who = await signedIn(t, local, ['ROLE_CRM', 'ROLE_CRM_ALL_DATA']);
    for (const [name, influence] of [
      ['Carla', 3],
      ['Ana', 9],
      ['Bruno', 1],
      ['Daniel', 5],
      ['Elisa', 7],
    ] as const) {
      await buildPerson(t, who, { name, influence });
    }
    const search = (body: object) => call(t, who, 'POST', '/api/people/search', body);
    const first = await search({ itemsPerPage: 2 });
    expect(first.body.data.total).toBe(5);
    expect(first.body.data.list.map((p: { name: string }) => p.name)).toEqual(['Ana', 'Bruno']);
    const third = await search({ itemsPerPage: 2, page: 3 });
    expect(third.body.data.list.map((p: { name: string }) => p.name)).toEqual(['Elisa']);
    const byInfluence = await search({
      orderingCriteria: 'influence',
      orderingAscending: false,
      itemsPerPage: 3,
    });
    expect(byInfluence.body.data.list.map((p: { influence: number }) => p.influence)).toEqual([9, 7, 5]);
    const filtered = await search({
      expression: [{ units: [{ field: 'influence', operator: '>=', values: [5] }] }],
    });
    expect(filtered.body.data.total).toBe(3);
    const listed = await call(
      t,
      who,
      'GET',
      '/api/people?segmentCode=1&page=2&itemsPerPage=4&orderingCriteria=name',
    );
    expect(listed.body.data).toMatchObject({ total: 5, list: [{ name: 'Elisa' }] });
    const invalid = await search({
      expression: [{ units: [{ field: 'senha', operator: '=', values: ['x'] }] }],
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors).toContain('Campo de filtro não permitido: senha');
  });

  it('pages a name search the same whether names are looked up by word or read in order', async () => {
    const local = await buildTenant(t);
    const who = await signedIn(t, local, ['ROLE_CRM', 'ROLE_CRM_ALL_DATA']);
    const names = ['Zé Silva', 'Ana Silveira', 'Bruno da Silva', 'Carla', 'Sílvia Souza', 'Daniel Silva'];
    for (const name of [...names, 'Elisa', 'Fábio', 'Gil']) await buildPerson(t, who, { name });
    const expected = names.filter((n) => /silv/i.test(n.normalize('NFD').replace(/\p{M}/gu, ''))).sort();
    const pages: string[] = [];
    for (let page = 1; page <= 3; page++) {
      const res = await call(t, who, 'POST', '/api/people/search', {
        expression: [{ units: [{ field: 'name', operator: 'CONTAINS', values: ['SILV'] }] }],
        itemsPerPage: 2,
        page,
      });
      expect(res.body.data.total).toBe(expected.length);
      pages.push(...res.body.data.list.map((p: { name: string }) => p.name));
    }
    expect(pages).toEqual(expected);
  });

  it('answers names for autocomplete and by codes', async () => {
    const local = await buildTenant(t);
    const who = await signedIn(t, local, ['ROLE_CRM', 'ROLE_CRM_ALL_DATA'], 'Zé Usuário');
    const a = await buildPerson(t, who, { name: 'Fernanda Lima' });
    const b = await buildPerson(t, who, { name: 'Fernando Souza' });
    await buildPerson(t, who, { name: 'Gabriel' });
    const names = await call(t, who, 'GET', '/api/people/names?searchString=fern&itemsPerPage=1');
    expect(names.body.data).toEqual({ list: [{ code: a.code, name: 'Fernanda Lima' }], total: 2 });
    const byCodes = await call(t, who, 'GET', `/api/people/list-names?codes=${a.code},${b.code}&codes=999`);
    expect(byCodes.body.data).toEqual([
      { code: a.code, name: 'Fernanda Lima' },
      { code: b.code, name: 'Fernando Souza' },
    ]);
  });

  it('deletes many at once, all or nothing', async () => {
    const a = await buildPerson(t, admin);
    const b = await buildPerson(t, admin);
    const missing = await call(t, admin, 'DELETE', '/api/people/delete-many', { codes: [a.code, 99999999] });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Não foi possível remover os itens selecionados.');
    expect((await call(t, admin, 'GET', `/api/people/${a.code}`)).status).toBe(200);
    const ok = await call(t, admin, 'DELETE', '/api/people/delete-many', { codes: [a.code, b.code] });
    expect(ok.body.data).toEqual({ total: 2 });
    expect((await call(t, admin, 'GET', `/api/people/${b.code}`)).status).toBe(404);
    expect((await call(t, admin, 'DELETE', '/api/people/delete-many', { codes: [] })).status).toBe(400);
  });

  it('never answers 500 to bad input', async () => {
    for (const [method, url, payload] of [
      ['GET', '/api/people/abc'],
      ['GET', '/api/people/99999999999999999999'],
      ['GET', '/api/people/-1'],
      ['PUT', '/api/people/1.5/update-vote', { vote: 'LOST' }],
      ['POST', '/api/people/search', { page: 10_000_000 }],
      ['POST', '/api/people/search', { itemsPerPage: 5000 }],
      ['POST', '/api/people/search', { orderingCriteria: 'password' }],
      ['POST', '/api/people/search', { expression: 'DROP TABLE' }],
      ['POST', '/api/people/search', { extra: 1 }],
      ['GET', '/api/people?page=0'],
      ['GET', '/api/people?itemsPerPage=100000'],
      ['GET', '/api/people/list-names?codes=a,b'],
    ] as const) {
      const res = await call(t, admin, method, url, payload);
      expect(res.status, `${method} ${url}`).toBe(400);
    }
    expect((await call(t, admin, 'GET', '/api/people/123456789')).status).toBe(404);
    expect((await call(t, admin, 'POST', '/api/people/search', { extra: 1 })).body.errors).toEqual({
      extra: [MESSAGES.unknownField],
    });
  });

  it('answers the largest expression allowed and refuses a larger one in pt-BR', async () => {
    const unit = (n: number) => ({
      field: 'tags',
      operator: 'IN',
      values: Array.from({ length: n }, (_, i) => i + 1),
    });
    const group = (units: unknown[]) => ({ units: units.flatMap((u, i) => (i ? ['OR', u] : [u])) });
    const search = (expression: unknown) =>
      call(t, admin, 'POST', '/api/people/search', { type: 'PERSON', expression, page: 1, itemsPerPage: 50 });
    // 5,000 values: far from PostgreSQL's 65,535 parameters
    const largest = [group(Array.from({ length: 10 }, () => unit(500)))];
    const answer = await search(largest);
    expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBe(200);
    const larger = [group([...Array.from({ length: 10 }, () => unit(500)), unit(1)])];
    expect((await search(larger)).body).toEqual({
      message: MESSAGES.validation,
      errors: { expression: ['A expressão aceita no máximo 5.000 valores no total'] },
    });
    // a group over its size: the message names the limit and the place, in pt-BR
    const wide = [group(Array.from({ length: 31 }, () => unit(1)))];
    expect((await search(wide)).body.errors).toEqual({
      'expression.0.units': ['Um grupo aceita no máximo 30 condições'],
    });
    const wrongType = await search([{ units: [{ field: 'tags', operator: 'IN', values: [true] }] }]);
    expect(wrongType.status).toBe(400);
    expect(JSON.stringify(wrongType.body.errors)).not.toMatch(/Invalid|expected|received/);
  });

  it('refuses a condition without values (an empty IN) with a pt-BR 400, alone or inside AND/OR groups', async () => {
    const emptyIn = { field: 'vote', operator: 'IN', values: [] };
    const name = { field: 'name', operator: 'CONTAINS', values: ['ana'] };
    const refused = (path: string, message = EXPRESSION_MESSAGES.noValues) => ({
      message: MESSAGES.validation,
      errors: { [path]: [message] },
    });
    for (const [expression, path] of [
      [[{ units: [emptyIn] }], 'expression.0.units.0.values'],
      [[{ units: [name, 'AND', emptyIn] }], 'expression.0.units.2.values'],
      [[{ units: [name] }, 'OR', { units: [name, 'OR', emptyIn] }], 'expression.2.units.2.values'],
      [
        [{ units: [name] }, 'AND', { units: [{ field: 'tags', operator: 'IN_ALL', values: [] }] }],
        'expression.2.units.0.values',
      ],
      [[{ units: [{ field: 'tags', operator: 'IN', values: [] }] }], 'expression.0.units.0.values'],
    ] as const) {
      const res = await call(t, admin, 'POST', '/api/people/search', { type: 'PERSON', expression });
      expect(res.status, JSON.stringify(expression)).toBe(400);
      expect(res.body).toEqual(refused(path));
    }
    // the team list, the segments and the companies answer the same (one rule, in the schema)
    const team = await call(t, admin, 'POST', '/api/people/search', {
      type: 'TEAM',
      expression: [{ units: [emptyIn] }],
    });
    expect(team.body).toEqual(refused('expression.0.units.0.values'));
    const segment = await call(t, admin, 'POST', '/api/segments', {
      name: 'Vazio',
      type: 'PERSON',
      expression: [{ units: [emptyIn] }],
    });
    expect([segment.status, segment.body.errors]).toEqual([
      400,
      { 'expression.0.units.0.values': [EXPRESSION_MESSAGES.noValues] },
    ]);
    const companies = await call(t, admin, 'POST', '/api/companies/search', {
      expression: [{ units: [{ field: 'state', operator: 'IN', values: [] }] }],
    });
    expect([companies.status, companies.body.errors]).toEqual([
      400,
      { 'expression.0.units.0.values': [EXPRESSION_MESSAGES.noValues] },
    ]);
    // the probe's unit sent as the whole body: refused too, never a 500
    const probe = await call(t, admin, 'POST', '/api/people/search', emptyIn);
    expect(probe.status).toBe(400);
  });
});
