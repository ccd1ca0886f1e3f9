import { ROLES } from '@mandato/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, call, signedIn } from '../../test/crm-factories.ts';
import { type BuiltTenant, buildTenant, createTestApp, type TestApp } from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';

const PATH = '/api/sys-admin/politicians';

const ana = {
  name: 'Ana Souza',
  ballotName: 'Ana do Povo',
  cpf: '529.982.247-25',
  rg: '1234567',
  idDispatchingAgency: 'SSP/DF',
  voterRegistration: '0043 5687 0906',
  birthday: '10/05/1970',
  email: 'ANA@exemplo.com',
  politicalOffice: 'DEPUTADO_FEDERAL',
  politicalParty: 'PT',
  candidateNumber: 1310,
  electoralState: 'DF',
  mobilePhone: '(61) 98877-6655',
  address: { zipCode: '70040-010', street: 'Esplanada', city: 'Brasília', state: 'DF' },
};

describe(`sys-admin politicians (${testEngine})`, () => {
  let t: TestApp;
  let tenant: BuiltTenant;
  let admin: Caller;
  beforeAll(async () => {
    t = await createTestApp();
    tenant = await buildTenant(t);
    admin = await signedIn(t, tenant, ['ROLE_CONFIG'], 'Config');
  });
  afterAll(() => t.close());

  it('creates, lists and updates a politician with documents as digits', async () => {
    const created = await call(t, admin, 'POST', PATH, ana);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const code = created.body.data.code;
    expect(created.body.data).toMatchObject({
      name: 'Ana Souza',
      cpf: '52998224725',
      voterRegistration: '004356870906',
      birthday: '1970-05-10',
      email: 'ana@exemplo.com',
      mobilePhone: '61988776655',
      candidateNumber: 1310,
      active: true,
      address: { zipCode: '70040010', city: 'Brasília', state: 'DF' },
      phone: null,
    });
    await call(t, admin, 'POST', PATH, {
      name: 'Bruno Lima',
      cpf: '111.444.777-35',
      politicalOffice: 'VEREADOR',
      politicalParty: 'MDB',
      active: false,
    });

    const list = await call(t, admin, 'GET', PATH);
    expect(list.status).toBe(200);
    expect(list.body.data.total).toBe(2);
    expect(list.body.data.list.map((p: { name: string }) => p.name)).toEqual(['Ana Souza', 'Bruno Lima']);
    const paged = await call(t, admin, 'GET', `${PATH}?page=2&itemsPerPage=1`);
    expect(paged.body.data).toMatchObject({ total: 2, list: [{ name: 'Bruno Lima' }] });
    expect((await call(t, admin, 'GET', `${PATH}?searchString=povo`)).body.data.list[0].code).toBe(code);
    expect((await call(t, admin, 'GET', `${PATH}?searchString=529.982`)).body.data.total).toBe(1);
    expect((await call(t, admin, 'GET', `${PATH}?active=true`)).body.data.total).toBe(1);

    const updated = await call(t, admin, 'PUT', `${PATH}/${code}`, {
      ...ana,
      politicalOffice: 'SENADOR',
      candidateNumber: 131,
      address: null,
      active: false,
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.data).toMatchObject({
      code,
      politicalOffice: 'SENADOR',
      address: null,
      active: false,
    });
    expect((await call(t, admin, 'GET', `${PATH}?active=false`)).body.data.total).toBe(2);
  });

  it('refuses a bad CPF, título or ballot number, unknown keys and a duplicate CPF, in pt-BR', async () => {
    const badCpf = await call(t, admin, 'POST', PATH, { ...ana, cpf: '111.111.111-11' });
    expect(badCpf.status).toBe(400);
    expect(badCpf.body.errors.cpf).toEqual(['Cpf Inválido']);
    const badVoter = await call(t, admin, 'POST', PATH, {
      ...ana,
      cpf: '390.533.447-05',
      voterRegistration: '004356870907',
    });
    expect(badVoter.body.errors.voterRegistration).toEqual(['Título de eleitor inválido']);
    const badNumber = await call(t, admin, 'POST', PATH, {
      ...ana,
      cpf: '390.533.447-05',
      candidateNumber: 4510,
    });
    expect(badNumber.body.errors.candidateNumber).toEqual([
      'O número de urna deve começar pelo número do partido PT (13)',
    ]);
    // issue 39 item 11: a state deputy's number has 5 digits (TSE), a federal deputy's 4
    const shortState = await call(t, admin, 'POST', PATH, {
      ...ana,
      cpf: '390.533.447-05',
      politicalOffice: 'DEPUTADO_ESTADUAL',
      candidateNumber: 1310,
    });
    expect(shortState.status).toBe(400);
    expect(shortState.body.errors.candidateNumber).toEqual(['O número de urna deste cargo tem 5 dígitos']);
    const longFederal = await call(t, admin, 'POST', PATH, {
      ...ana,
      cpf: '390.533.447-05',
      candidateNumber: 13101,
    });
    expect(longFederal.status).toBe(400);
    expect(longFederal.body.errors.candidateNumber).toEqual(['O número de urna deste cargo tem 4 dígitos']);
    const unknown = await call(t, admin, 'POST', PATH, { ...ana, tenantId: 1 });
    expect(unknown.status).toBe(400);
    const proto = await t.api.inject({
      method: 'POST',
      url: PATH,
      headers: { ...admin.headers, 'content-type': 'application/json' },
      payload: `{"__proto__":{"admin":true},"name":"X","cpf":"39053344705","politicalOffice":"VEREADOR","politicalParty":"PT"}`,
    });
    expect(proto.statusCode).toBe(400);
    const missing = await call(t, admin, 'POST', PATH, {});
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toMatchObject({ name: ['Campo Obrigatório'], cpf: ['Campo Obrigatório'] });
    expect((await call(t, admin, 'GET', `${PATH}?itemsPerPage=0`)).status).toBe(400);
    expect((await call(t, admin, 'GET', `${PATH}?hack=1`)).status).toBe(400);

    const duplicate = await call(t, admin, 'POST', PATH, { ...ana, name: 'Outra Ana' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.errors.cpf).toEqual(['Já existe um político com este CPF']);
    const other = await call(t, admin, 'POST', PATH, {
      ...ana,
      cpf: '390.533.447-05',
      candidateNumber: null,
    });
    expect(other.status).toBe(200);
    const stolen = await call(t, admin, 'PUT', `${PATH}/${other.body.data.code}`, ana);
    expect(stolen.status).toBe(409);
  });

  it('needs ROLE_CONFIG and a session', async () => {
    const crm = await signedIn(
      t,
      tenant,
      ['ROLE_CRM', 'ROLE_CRM_ALL_DATA', 'ROLE_TEAM', 'ROLE_DONATION'],
      'CRM',
    );
    expect((await call(t, crm, 'GET', PATH)).status).toBe(403);
    expect((await call(t, crm, 'POST', PATH, ana)).status).toBe(403);
    const list = await call(t, admin, 'GET', PATH);
    const code = list.body.data.list[0].code;
    expect((await call(t, crm, 'PUT', `${PATH}/${code}`, ana)).status).toBe(403);
    const anonymous = await t.api.inject({ method: 'GET', url: PATH, headers: { 'x-schema': tenant.slug } });
    expect(anonymous.statusCode).toBe(401);
  });

  it("never shows or changes another tenant's politician", async () => {
    const list = await call(t, admin, 'GET', PATH);
    const code = list.body.data.list[0].code;
    const other = await buildTenant(t);
    const stranger = await signedIn(t, other, [...ROLES], 'Estranho');
    expect((await call(t, stranger, 'GET', PATH)).body.data).toEqual({ list: [], total: 0 });
    const put = await call(t, stranger, 'PUT', `${PATH}/${code}`, { ...ana, name: 'Tomado' });
    expect(put.status).toBe(404);
    // the same CPF is free in another tenant
    expect((await call(t, stranger, 'POST', PATH, ana)).status).toBe(200);
    const mine = await call(t, admin, 'GET', `${PATH}?searchString=Ana`);
    expect(mine.body.data.list.map((p: { name: string }) => p.name)).not.toContain('Tomado');
    expect((await call(t, admin, 'PUT', `${PATH}/999999999`, ana)).status).toBe(404);
    expect((await call(t, admin, 'PUT', `${PATH}/abc`, ana)).status).toBe(400);
  });
});
