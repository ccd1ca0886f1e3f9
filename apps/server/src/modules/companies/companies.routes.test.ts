import { MESSAGES, PERSON_MESSAGES, ROLES } from '@mandato/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildCompany,
  buildPerson,
  buildTag,
  type Caller,
  call,
  signedIn,
  VALID_CNPJ,
} from '../../test/crm-factories.ts';
import { type BuiltTenant, buildTenant, createTestApp, type TestApp } from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';

describe(`companies routes (${testEngine})`, () => {
  let t: TestApp;
  let tenant: BuiltTenant;
  let admin: Caller;
  beforeAll(async () => {
    t = await createTestApp();
    tenant = await buildTenant(t);
    admin = await signedIn(t, tenant, [...ROLES]);
  });
  afterAll(() => t.close());

  it('validates a company with the messages of spec §5', async () => {
    const res = await call(t, admin, 'POST', '/api/companies', {
      name: 5,
      cnpj: '11.111.111/1111-11',
      phone: '999',
      email: 'x@',
      tags: ['x'],
      mainContactPersonCode: 'a',
      address: { street: 'Rua A' },
      extra: 1,
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(PERSON_MESSAGES.general);
    expect(res.body.errors).toMatchObject({
      name: [PERSON_MESSAGES.text],
      cnpj: ['Cnpj Inválido!'],
      phone: [PERSON_MESSAGES.phone],
      email: [PERSON_MESSAGES.email],
      'tags.0': [PERSON_MESSAGES.integer],
      mainContactPersonCode: [PERSON_MESSAGES.integer],
      'address.state': [PERSON_MESSAGES.stateRequired],
      extra: [MESSAGES.unknownField],
    });
    expect((await call(t, admin, 'POST', '/api/companies', {})).body.errors.name).toEqual([
      MESSAGES.required,
    ]);
  });

  it('creates, reads, searches, updates and deletes a company', async () => {
    const tag = await buildTag(t, admin, 'Zona Sul');
    const contact = await buildPerson(t, admin, { name: 'Diretora' });
    const created = await buildCompany(t, admin, {
      name: 'Escola Municipal Aurora',
      cnpj: '11.222.333/0001-81',
      phone: '(81) 3222-1111',
      address: { city: 'Olinda', state: 'PE' },
      tags: [tag.code],
      mainContactPersonCode: contact.code,
    });
    expect(created).toMatchObject({
      cnpj: VALID_CNPJ,
      phone: '8132221111',
      address: { city: 'Olinda', state: 'PE' },
      tags: [{ code: tag.code, name: 'Zona Sul' }],
      mainContact: { code: contact.code, name: 'Diretora' },
    });
    expect((await call(t, admin, 'GET', `/api/companies/${created.code}`)).body.data).toEqual(created);
    await buildCompany(t, admin, { name: 'Colégio Beta' });
    const search = await call(t, admin, 'POST', '/api/companies/search', {
      expression: [{ units: [{ field: 'tags', operator: 'IN', values: [tag.code] }] }],
    });
    expect(search.body.data).toMatchObject({ total: 1, list: [{ code: created.code }] });
    const all = await call(t, admin, 'POST', '/api/companies/search', { orderingAscending: false });
    expect(all.body.data.list.map((c: { name: string }) => c.name)).toEqual([
      'Escola Municipal Aurora',
      'Colégio Beta',
    ]);
    const names = await call(t, admin, 'GET', '/api/companies/names?searchString=aurora');
    expect(names.body.data).toEqual({
      list: [{ code: created.code, name: 'Escola Municipal Aurora' }],
      total: 1,
    });
    const listed = await call(t, admin, 'GET', `/api/companies/list-names?codes=${created.code}`);
    expect(listed.body.data).toEqual([{ code: created.code, name: 'Escola Municipal Aurora' }]);
    const updated = await call(t, admin, 'PUT', `/api/companies/${created.code}`, { name: 'Escola Aurora' });
    expect(updated.body.data).toMatchObject({
      name: 'Escola Aurora',
      tags: [],
      mainContact: null,
      address: null,
    });
    // a person linked to the company keeps existing when the company goes
    const voter = await buildPerson(t, admin, { companyCode: created.code });
    expect((await call(t, admin, 'DELETE', `/api/companies/${created.code}`)).status).toBe(200);
    expect((await call(t, admin, 'GET', `/api/companies/${created.code}`)).status).toBe(404);
    expect((await call(t, admin, 'GET', `/api/people/${voter.code}`)).body.data.company).toBeNull();
  });

  it('deletes many, all or nothing, and isolates tenants', async () => {
    const a = await buildCompany(t, admin);
    const b = await buildCompany(t, admin);
    const other = await buildTenant(t);
    const stranger = await signedIn(t, other, [...ROLES]);
    const theirs = await buildCompany(t, stranger);
    const mixed = await call(t, admin, 'POST', '/api/companies/delete-many', {
      codes: [a.code, theirs.code],
    });
    expect(mixed.status).toBe(404);
    expect((await call(t, admin, 'GET', `/api/companies/${theirs.code}`)).status).toBe(404);
    expect((await call(t, admin, 'PUT', `/api/companies/${theirs.code}`, { name: 'x' })).status).toBe(404);
    expect(
      (await call(t, admin, 'POST', '/api/people', { name: 'x', companyCode: theirs.code })).status,
    ).toBe(400);
    const ok = await call(t, admin, 'POST', '/api/companies/delete-many', { codes: [a.code, b.code] });
    expect(ok.body.data).toEqual({ total: 2 });
    expect((await call(t, stranger, 'GET', `/api/companies/${theirs.code}`)).status).toBe(200);
  });

  it('needs ROLE_CRM', async () => {
    const team = await signedIn(t, tenant, ['ROLE_TEAM']);
    expect((await call(t, team, 'POST', '/api/companies/search', {})).status).toBe(403);
    expect((await call(t, team, 'GET', '/api/companies/names')).status).toBe(403);
    expect((await call(t, admin, 'GET', '/api/companies/abc')).status).toBe(400);
  });
});
