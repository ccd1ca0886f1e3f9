import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPerson, buildTag, type Caller, call, signedIn } from '../../test/crm-factories.ts';
import { type BuiltTenant, buildTenant, createTestApp, type TestApp } from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';

describe(`interactions (${testEngine})`, () => {
  let t: TestApp;
  let tenant: BuiltTenant;
  let other: BuiltTenant;
  let admin: Caller;
  let alice: Caller;
  let bob: Caller;
  let teamOnly: Caller;
  let outsider: Caller;
  beforeAll(async () => {
    t = await createTestApp();
    tenant = await buildTenant(t);
    other = await buildTenant(t);
    admin = await signedIn(t, tenant, ['ROLE_CRM', 'ROLE_CRM_ALL_DATA', 'ROLE_TEAM'], 'Admin');
    alice = await signedIn(t, tenant, ['ROLE_CRM'], 'Alice');
    bob = await signedIn(t, tenant, ['ROLE_CRM'], 'Bob');
    teamOnly = await signedIn(t, tenant, ['ROLE_TEAM'], 'Equipe');
    outsider = await signedIn(t, other, ['ROLE_CRM', 'ROLE_CRM_ALL_DATA'], 'Outro');
  });
  afterAll(() => t.close());

  const base = (who: Caller, personCode: number, extra: Record<string, unknown> = {}) => ({
    type: 'CONTACT',
    source: 'WHATSAPP',
    description: 'Conversa sobre a creche do bairro',
    beginDate: '2030-05-10 09:00',
    endDate: '2030-05-10 09:05',
    userResponsibleCode: who.user.code,
    personCode,
    ...extra,
  });

  async function interaction(who: Caller, personCode: number, extra: Record<string, unknown> = {}) {
    const res = await call(t, who, 'POST', '/api/people-contacts', base(who, personCode, extra));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  }

  it('logs, updates, concludes and removes an interaction with its displayed state', async () => {
    const person = await buildPerson(t, alice, { name: 'Joana' });
    const created = await interaction(alice, person.code);
    expect(created).toMatchObject({
      type: 'CONTACT',
      source: 'WHATSAPP',
      status: 'IN_PROGRESS',
      beginDate: '2030-05-10T09:00:00-03:00',
      endDate: '2030-05-10T09:05:00-03:00',
      userResponsible: { code: alice.user.code, name: 'Alice' },
      personCode: person.code,
      person: { code: person.code, name: 'Joana' },
      displayState: 'WAITING',
      displayLabel: 'Aguardando',
    });
    const updated = await call(
      t,
      alice,
      'PUT',
      `/api/people-contacts/${created.code}`,
      base(alice, person.code, {
        source: 'PHONE',
        beginDate: '2020-01-10 10:00',
        endDate: '2020-01-10 10:30',
        userResponsibleCode: bob.user.code,
      }),
    );
    expect(updated.body.data).toMatchObject({
      source: 'PHONE',
      userResponsible: { code: bob.user.code, name: 'Bob' },
      displayState: 'LATE',
      displayLabel: 'Atrasado',
    });
    const done = await call(t, alice, 'PUT', `/api/people-contacts/${created.code}/mark-as-done`);
    expect(done.body.data).toMatchObject({
      status: 'CONCLUDED',
      displayState: 'CONCLUDED',
      displayLabel: 'Concluída',
    });
    const concludedNew = await interaction(alice, person.code, { status: 'CONCLUDED' });
    expect(concludedNew.displayState).toBe('CONCLUDED');
    const list = await call(t, alice, 'GET', `/api/people-contacts?personCode=${person.code}`);
    expect(list.body.data.total).toBe(2);
    // newest first
    expect(list.body.data.list.map((i: { code: number }) => i.code)).toEqual([
      concludedNew.code,
      created.code,
    ]);
    expect((await call(t, alice, 'DELETE', `/api/people-contacts/${created.code}`)).status).toBe(200);
    expect((await call(t, alice, 'PUT', `/api/people-contacts/${created.code}/mark-as-done`)).status).toBe(
      404,
    );
    expect(
      (await call(t, alice, 'GET', `/api/people-contacts?personCode=${person.code}`)).body.data.total,
    ).toBe(1);
  });

  it('follows the people visibility: other users’ contacts, other tenants and roles give 404/403', async () => {
    const bobs = await buildPerson(t, bob, { name: 'Contato do Bob' });
    const item = await interaction(bob, bobs.code);
    for (const [method, path, body] of [
      ['GET', `/api/people-contacts?personCode=${bobs.code}`],
      ['PUT', `/api/people-contacts/${item.code}`, base(alice, bobs.code)],
      ['PUT', `/api/people-contacts/${item.code}/mark-as-done`],
      ['DELETE', `/api/people-contacts/${item.code}`],
      ['POST', '/api/people-contacts', base(alice, bobs.code)],
    ] as const) {
      expect((await call(t, alice, method, path, body)).status, `${method} ${path}`).toBe(404);
      expect((await call(t, outsider, method, path, body)).status, `outsider ${method} ${path}`).toBe(404);
    }
    // the admin (all data) sees it; a team-only user sees team members' interactions, not contacts
    expect(
      (await call(t, admin, 'GET', `/api/people-contacts?personCode=${bobs.code}`)).body.data.total,
    ).toBe(1);
    expect((await call(t, teamOnly, 'GET', `/api/people-contacts?personCode=${bobs.code}`)).status).toBe(404);
    const member = (await call(t, admin, 'GET', '/api/people/names?type=TEAM&searchString=Alice')).body.data
      .list[0];
    const onTeam = await interaction(teamOnly, member.code);
    expect(onTeam.person.name).toBe('Alice');
    const none = await signedIn(t, tenant, ['ROLE_REPORT'], 'Só relatórios');
    expect((await call(t, none, 'GET', `/api/people-contacts?personCode=${bobs.code}`)).status).toBe(403);
  });

  it('validates in pt-BR: required fields, responsible of the tenant, end ≥ begin, unknown values', async () => {
    const person = await buildPerson(t, alice, { name: 'Validação' });
    const empty = await call(t, alice, 'POST', '/api/people-contacts', { personCode: person.code });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Erro ao salvar atividade');
    expect(empty.body.errors).toMatchObject({
      source: ['Campo Obrigatório'],
      description: ['Campo Obrigatório'],
      beginDate: ['Campo Obrigatório'],
      endDate: ['Campo Obrigatório'],
      userResponsibleCode: ['Campo Obrigatório'],
    });
    const reversed = await call(
      t,
      alice,
      'POST',
      '/api/people-contacts',
      base(alice, person.code, { endDate: '2030-05-10 08:00' }),
    );
    expect(reversed.body.errors).toEqual({ endDate: ['O término deve ser igual ou posterior ao início'] });
    const foreign = await call(
      t,
      alice,
      'POST',
      '/api/people-contacts',
      base(alice, person.code, { userResponsibleCode: outsider.user.code }),
    );
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors).toEqual({
      userResponsibleCode: ['O responsável deve ser um usuário desta conta'],
    });
    const bad = await call(
      t,
      alice,
      'POST',
      '/api/people-contacts',
      base(alice, person.code, {
        source: 'FAX',
        status: 'DONE',
        type: 'VISIT',
        extra: 1,
        beginDate: '10/05/2030',
      }),
    );
    expect(bad.body.errors).toMatchObject({
      source: ['Valor não permitido'],
      status: ['Valor não permitido'],
      type: ['Valor não permitido'],
      extra: ['Campo informado não existe'],
      beginDate: ['Data e hora inválidas (AAAA-MM-DD HH:mm)'],
    });
    expect((await call(t, alice, 'PUT', '/api/people-contacts/abc', base(alice, person.code))).status).toBe(
      400,
    );
    expect((await call(t, alice, 'GET', '/api/people-contacts')).status).toBe(400);
    expect((await call(t, alice, 'GET', '/api/people-contacts/search?beginDate=ontem')).status).toBe(400);
  });

  it('searches with filters (period, status, responsible, person, tags, only late) and exports CSV', async () => {
    const tag = await buildTag(t, admin, 'Saúde');
    const tagged = await buildPerson(t, admin, { name: 'Com Tag', tags: [tag.code] });
    const plain = await buildPerson(t, admin, { name: '=Fórmula' });
    const day = { beginDate: '2031-02-03 10:00', endDate: '2031-02-03 10:30' };
    const a = await interaction(admin, tagged.code, { ...day, description: 'Primeira; com "aspas"' });
    const b = await interaction(admin, plain.code, {
      ...day,
      beginDate: '2031-02-03 11:00',
      endDate: '2031-02-03 11:30',
      userResponsibleCode: alice.user.code,
      status: 'CONCLUDED',
      description: '+55 61 99999-0000',
    });
    const late = await interaction(admin, plain.code, {
      beginDate: '2021-02-03 09:00',
      endDate: '2021-02-03 09:30',
      description: 'Atrasada',
    });
    const codes = async (query: string, who: Caller = admin) => {
      const res = await call(t, who, 'GET', `/api/people-contacts/search?${query}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data.list.map((i: { code: number }) => i.code);
    };
    expect(await codes('beginDate=2031-02-03&endDate=2031-02-03')).toEqual([a.code, b.code]);
    expect(await codes('dateInterval=2031-02-01,2031-02-28&status=CONCLUDED')).toEqual([b.code]);
    expect(await codes(`dateInterval=2031-02-01,2031-02-28&userResponsibleCode=${alice.user.code}`)).toEqual([
      b.code,
    ]);
    expect(await codes(`dateInterval=2031-02-01,2031-02-28&personCode=${tagged.code}`)).toEqual([a.code]);
    expect(await codes(`dateInterval=2031-02-01,2031-02-28&personTagCodes=${tag.code}`)).toEqual([a.code]);
    // only late overrides the status filter
    expect(
      await codes(
        'beginDate=2021-01-01&endDate=2031-12-31&status=CONCLUDED&considerOnlyLateInteractions=true',
      ),
    ).toEqual([late.code]);
    expect(await codes('beginDate=2021-01-01&endDate=2031-12-31&requireOnlyLateContacts=true')).toEqual([
      late.code,
    ]);
    // today by default: nothing of these dates
    expect(await codes('')).toEqual([]);
    // paging and total
    const paged = await call(
      t,
      admin,
      'GET',
      '/api/people-contacts/search?beginDate=2031-02-01&endDate=2031-02-28&itemsPerPage=1&page=2',
    );
    expect(paged.body.data.total).toBe(2);
    expect(paged.body.data.list).toHaveLength(1);
    // Alice (no all-data) sees none of these people's interactions
    expect(await codes('beginDate=2031-02-01&endDate=2031-02-28', alice)).toEqual([]);
    expect(await codes('beginDate=2021-02-01&endDate=2021-02-28', alice)).toEqual([]);

    const res = await t.api.inject({
      method: 'GET',
      url: '/api/people-contacts/search/export?beginDate=2031-02-03&endDate=2031-02-03',
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain('attachment; filename="exportacao_interacao.csv"');
    const text = res.body;
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const lines = text.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Código;Situação;Início;Término;Canal;Responsável;Pessoa;Código da pessoa;Descrição',
    );
    expect(lines[1]).toBe(
      `${a.code};Aguardando;03/02/2031 10:00;03/02/2031 10:30;WhatsApp;Admin;Com Tag;${tagged.code};"Primeira; com ""aspas"""`,
    );
    expect(lines[2]).toBe(
      `${b.code};Concluída;03/02/2031 11:00;03/02/2031 11:30;WhatsApp;Alice;'=Fórmula;${plain.code};'+55 61 99999-0000`,
    );
    expect(lines).toHaveLength(3);
  });
});
