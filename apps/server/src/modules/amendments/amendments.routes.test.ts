import { AMENDMENT_TEXTS, amendmentLastYear } from '@mandato/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../platform/db/tenancy.ts';
import { buildPerson, type Caller, call, signedIn } from '../../test/crm-factories.ts';
import { type BuiltTenant, buildTenant, createTestApp, type TestApp } from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';

const SAVE = '/api/amendment/save';
const LIST = '/api/amendment/list';
const EXPORT = '/api/amendment/export';

const recife = {
  year: 2024,
  title: 'Recife',
  description: 'Reforma da UBS',
  receiver: 'Secretaria de Saúde',
  value: '150000.50',
  status: 'ANALISYS',
};

describe(`amendments (${testEngine})`, () => {
  let t: TestApp;
  let tenant: BuiltTenant;
  let other: BuiltTenant;
  let crm: Caller;
  let limited: Caller;
  let team: Caller;
  let stranger: Caller;
  beforeAll(async () => {
    t = await createTestApp();
    tenant = await buildTenant(t);
    other = await buildTenant(t);
    crm = await signedIn(t, tenant, ['ROLE_CRM', 'ROLE_CRM_ALL_DATA'], 'Assessora');
    limited = await signedIn(t, tenant, ['ROLE_CRM'], 'Estagiário');
    team = await signedIn(t, tenant, ['ROLE_TEAM', 'ROLE_REPORT'], 'Equipe');
    stranger = await signedIn(t, other, ['ROLE_CRM', 'ROLE_CRM_ALL_DATA'], 'Outra conta');
  });
  afterAll(() => t.close());

  it('creates, lists with summary, edits and deletes an amendment', async () => {
    const person = await buildPerson(t, crm, { name: 'João Prefeito' });
    const created = await call(t, crm, 'POST', SAVE, { ...recife, code: null, contact: person.code });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const code = created.body.data.code;
    expect(created.body.data).toMatchObject({
      ...recife,
      code,
      contact: person.code,
      contactName: 'João Prefeito',
    });

    const list = await call(t, crm, 'GET', `${LIST}?status=ANALISYS`);
    expect(list.status).toBe(200);
    expect(list.body.data).toMatchObject({ total: 1, sum: '150000.50', list: [{ code }] });

    const edited = await call(t, crm, 'POST', SAVE, {
      ...recife,
      code,
      value: '-10',
      status: 'DONE',
      contact: null,
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.data).toMatchObject({
      code,
      value: '-10.00',
      status: 'DONE',
      contact: null,
      contactName: null,
    });
    expect((await call(t, crm, 'GET', `${LIST}?status=ANALISYS`)).body.data).toMatchObject({
      total: 0,
      sum: '0.00',
    });

    const removed = await call(t, crm, 'POST', `/api/amendment/delete/${code}`);
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect((await call(t, crm, 'GET', LIST)).body.data.total).toBe(0);
    expect((await call(t, crm, 'POST', `/api/amendment/delete/${code}`)).status).toBe(404);
    expect((await call(t, crm, 'POST', SAVE, { ...recife, code })).status).toBe(404);
  });

  it('sums exactly, filters and pages', async () => {
    const t2 = await buildTenant(t);
    const who = await signedIn(t, t2, ['ROLE_CRM', 'ROLE_CRM_ALL_DATA']);
    const person = await buildPerson(t, who, { name: 'Ana Vereadora' });
    const rows = [
      {
        year: 2023,
        title: 'São José dos Campos',
        receiver: 'Fundo Municipal de Saúde',
        value: '0.10',
        status: 'PAID',
      },
      {
        year: 2023,
        title: 'Sao Paulo',
        receiver: 'Prefeitura',
        value: '0.20',
        status: 'PAID',
        contact: person.code,
      },
      { year: 2024, title: 'Olinda', receiver: 'Prefeitura', value: 0.3, status: 'ANALISYS' },
      { year: 2025, title: 'Caruaru', receiver: 'Hospital', value: '999999999999.99', status: 'PENDDING' },
      { year: 2025, title: 'Caruaru', receiver: 'Hospital', value: '999999999999.99', status: 'PENDDING' },
    ];
    for (const r of rows) expect((await call(t, who, 'POST', SAVE, r)).status).toBe(200);

    const paid = await call(t, who, 'GET', `${LIST}?status=PAID`);
    expect(paid.body.data).toMatchObject({ total: 2, sum: '0.30' });
    expect((await call(t, who, 'GET', `${LIST}?title=sao%20jose`)).body.data).toMatchObject({
      total: 1,
      sum: '0.10',
    });
    expect((await call(t, who, 'GET', `${LIST}?title=S%C3%83O`)).body.data.total).toBe(2);
    expect((await call(t, who, 'GET', `${LIST}?receiver=prefeit`)).body.data).toMatchObject({
      total: 2,
      sum: '0.50',
    });
    expect((await call(t, who, 'GET', `${LIST}?year=2023`)).body.data.total).toBe(2);
    expect((await call(t, who, 'GET', `${LIST}?contact=${person.code}`)).body.data).toMatchObject({
      total: 1,
      list: [{ contactName: 'Ana Vereadora' }],
    });
    // over 1e12 in total, still exact
    expect((await call(t, who, 'GET', `${LIST}?status=PENDDING`)).body.data.sum).toBe('1999999999999.98');
    const all = await call(t, who, 'GET', LIST);
    expect(all.body.data).toMatchObject({ total: 5, sum: '2000000000000.58' });
    expect(all.body.data.list.map((a: { year: number }) => a.year)).toEqual([2025, 2025, 2024, 2023, 2023]);
    const page2 = await call(t, who, 'GET', `${LIST}?page=2&itemsPerPage=2`);
    expect(page2.body.data.list.map((a: { title: string }) => a.title)).toEqual(['Olinda', 'Sao Paulo']);
    expect(page2.body.data.total).toBe(5);
    // another tenant sees none of it
    expect((await call(t, stranger, 'GET', LIST)).body.data).toMatchObject({ total: 0, sum: '0.00' });
  });

  it("takes the spec client's calls: code '' for new, the filters object in brackets or as JSON", async () => {
    const t2 = await buildTenant(t);
    const who = await signedIn(t, t2, ['ROLE_CRM', 'ROLE_CRM_ALL_DATA']);
    const created = await call(t, who, 'POST', SAVE, { ...recife, code: '', contact: '' });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const code = created.body.data.code;
    const edited = await call(t, who, 'POST', SAVE, { ...recife, code: String(code), status: 'PAID' });
    expect(edited.body.data).toMatchObject({ code, status: 'PAID' });
    await call(t, who, 'POST', SAVE, { ...recife, code: '', year: 2023, title: 'Olinda' });

    const bracket = await call(
      t,
      who,
      'GET',
      `${LIST}?filters[status]=PAID&filters[year]=2024&filters[contact]=`,
    );
    expect(bracket.status, JSON.stringify(bracket.body)).toBe(200);
    expect(bracket.body.data).toMatchObject({ total: 1, list: [{ code }] });
    const json = encodeURIComponent(
      JSON.stringify({ title: 'olin', receiver: '', status: null, year: 2023 }),
    );
    const byJson = await call(t, who, 'GET', `${LIST}?filters=${json}&page=1&itemsPerPage=10`);
    expect(byJson.status, JSON.stringify(byJson.body)).toBe(200);
    expect(byJson.body.data).toMatchObject({ total: 1, list: [{ title: 'Olinda' }] });

    for (const q of [
      'filters[other]=1',
      'filters[__proto__]=1',
      'filters[constructor]=1',
      'filters[title][x]=1',
      'filters=1&filters[title]=x',
      'filters[year]=1900',
      'filters[status]=LOST',
      `filters=${encodeURIComponent('{"year": "abc"}')}`,
      'filters={broken',
      `filters[title]=${'x'.repeat(151)}`,
      'filters[title]=%01',
    ]) {
      const res = await call(t, who, 'GET', `${LIST}?${q}`);
      expect(res.status, q).toBe(400);
      expect(typeof res.body.message, q).toBe('string');
    }
    expect({}.constructor).toBe(Object);
    expect((await call(t, who, 'GET', LIST)).body.data.total).toBe(2);
  });

  it('refuses bad input in pt-BR and writes nothing', async () => {
    const before = (await call(t, crm, 'GET', LIST)).body.data.total;
    const cases: [Record<string, unknown>, string][] = [
      [{ ...recife, value: 'mil reais' }, 'value'],
      [{ ...recife, value: '1000000000000' }, 'value'],
      [{ ...recife, value: 1e15 }, 'value'],
      [{ ...recife, value: '1.005' }, 'value'],
      [{ ...recife, value: null }, 'value'],
      [{ ...recife, year: 1987 }, 'year'],
      [{ ...recife, year: amendmentLastYear() + 1 }, 'year'],
      [{ ...recife, year: '2024' }, 'year'],
      [{ ...recife, status: 'APROVADO' }, 'status'],
      [{ ...recife, title: '' }, 'title'],
      [{ ...recife, title: 'Recife\u0000' }, ''],
      [{ ...recife, contact: 'abc' }, 'contact'],
      [{ ...recife, extra: true }, ''],
    ];
    for (const [body, field] of cases) {
      const res = await call(t, crm, 'POST', SAVE, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(typeof res.body.message).toBe('string');
      if (field) expect(res.body.errors?.[field], JSON.stringify(res.body)).toBeDefined();
    }
    expect(AMENDMENT_TEXTS.value).toMatch(/Valor inválido/);
    for (const q of [
      'status=LOST',
      'year=1900',
      'year=abc',
      'contact=-1',
      'itemsPerPage=51',
      'page=0',
      'foo=1',
    ]) {
      expect((await call(t, crm, 'GET', `${LIST}?${q}`)).status, q).toBe(400);
    }
    expect((await call(t, crm, 'POST', '/api/amendment/delete/abc')).status).toBe(400);
    expect((await call(t, crm, 'GET', LIST)).body.data.total).toBe(before);
  });

  it('refuses a contact of another tenant or one the user may not see', async () => {
    const foreign = await buildPerson(t, stranger, { name: 'De Fora' });
    const res = await call(t, crm, 'POST', SAVE, { ...recife, contact: foreign.code });
    expect(res.status).toBe(400);
    expect(res.body.errors.contact).toEqual([AMENDMENT_TEXTS.contactNotFound]);

    // the limited user sees only the contacts they created
    const hidden = await buildPerson(t, crm, { name: 'Contato da Assessora' });
    const refused = await call(t, limited, 'POST', SAVE, { ...recife, contact: hidden.code });
    expect(refused.status).toBe(400);
    expect(refused.body.errors.contact).toEqual([AMENDMENT_TEXTS.contactNotFound]);
    const own = await buildPerson(t, limited, { name: 'Meu Contato' });
    expect((await call(t, limited, 'POST', SAVE, { ...recife, contact: own.code })).status).toBe(200);

    // an amendment another user tied to a hidden contact: shown by code only, editable keeping it
    const theirs = await call(t, crm, 'POST', SAVE, { ...recife, title: 'Paulista', contact: hidden.code });
    const code = theirs.body.data.code;
    const seen = await call(t, limited, 'GET', `${LIST}?title=paulista`);
    expect(seen.body.data.list[0]).toMatchObject({ code, contact: hidden.code, contactName: null });
    const kept = await call(t, limited, 'POST', SAVE, {
      ...recife,
      title: 'Paulista',
      code,
      contact: hidden.code,
    });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(kept.body.data).toMatchObject({ contact: hidden.code, contactName: null });

    // another tenant's amendment code is not found
    expect((await call(t, stranger, 'POST', SAVE, { ...recife, code })).status).toBe(404);
    expect((await call(t, stranger, 'POST', `/api/amendment/delete/${code}`)).status).toBe(404);
  });

  it('refuses users without ROLE_CRM and anonymous calls', async () => {
    expect((await call(t, team, 'GET', LIST)).status).toBe(403);
    expect((await call(t, team, 'POST', SAVE, recife)).status).toBe(403);
    expect((await call(t, team, 'POST', '/api/amendment/delete/1')).status).toBe(403);
    expect((await call(t, team, 'GET', EXPORT)).status).toBe(403);
    const anonymous = await t.api.inject({ method: 'GET', url: LIST, headers: { 'x-schema': tenant.slug } });
    expect(anonymous.statusCode).toBe(401);
  });

  it('exports the filtered rows as formula-safe CSV and records the export', async () => {
    const t3 = await buildTenant(t);
    const who = await signedIn(t, t3, ['ROLE_CRM', 'ROLE_CRM_ALL_DATA']);
    const person = await buildPerson(t, who, { name: 'Carla' });
    await call(t, who, 'POST', SAVE, {
      ...recife,
      title: '=HYPERLINK("x")',
      value: '1234.5',
      contact: person.code,
    });
    await call(t, who, 'POST', SAVE, { ...recife, title: '\uFF0BHYPERLINK("x")', description: '\uFF0DA1' });
    await call(t, who, 'POST', SAVE, { ...recife, title: 'Olinda', status: 'PAID' });
    const res = await t.api.inject({ method: 'GET', url: `${EXPORT}?status=ANALISYS`, headers: who.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="emendas.csv"/);
    const text = res.body;
    expect(
      text.startsWith('\uFEFFCódigo;Ano;Município;Descrição;Gestor do recurso;Valor;Status;Contato\r\n'),
    ).toBe(true);
    const lines = text.trim().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines).toContainEqual(
      expect.stringContaining(
        `;2024;"'=HYPERLINK(""x"")";Reforma da UBS;Secretaria de Saúde;"1234,50";tramitando;Carla`,
      ),
    );
    expect(lines).toContainEqual(expect.stringContaining(`;"'\uFF0BHYPERLINK(""x"")";'\uFF0DA1;`));
    const logs = await withTenant(t.db, t3.id, ({ trx }) =>
      trx.selectFrom('export_logs').select(['kind', 'total_rows']).execute(),
    );
    expect(logs.map((l) => [l.kind, Number(l.total_rows)])).toEqual([['amendment', 2]]);
    expect(
      (await t.api.inject({ method: 'GET', url: `${EXPORT}?x=1`, headers: who.headers })).statusCode,
    ).toBe(400);
  });
});
