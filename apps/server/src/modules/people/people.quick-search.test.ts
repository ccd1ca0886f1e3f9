import { MESSAGES, ROLES } from '@mandato/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPerson, type Caller, call, signedIn } from '../../test/crm-factories.ts';
import { type BuiltTenant, buildTenant, createTestApp, type TestApp } from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';

/**
 * The main menu's quick search (issues 13 and 28): GET /people/quick-search finds by name, the start
 * of the e-mail, the start of the cellphone or the tail of any phone (typed with or without a mask),
 * with the ROLE_CRM_ALL_DATA visibility rule and the tenant boundary of every search.
 */
describe(`people quick search (${testEngine})`, () => {
  let t: TestApp;
  let tenant: BuiltTenant;
  let admin: Caller;
  let alice: Caller;
  let bob: Caller;
  beforeAll(async () => {
    t = await createTestApp();
    tenant = await buildTenant(t);
    admin = await signedIn(t, tenant, [...ROLES], 'Admin');
    alice = await signedIn(t, tenant, ['ROLE_CRM'], 'Alice');
    bob = await signedIn(t, tenant, ['ROLE_CRM'], 'Bob');
    await buildPerson(t, alice, {
      name: 'Joana Quitéria',
      email: 'joana@exemplo.com',
      cellphone: '61988776655',
    });
    await buildPerson(t, bob, {
      name: 'Bruno Quintas',
      email: 'bq@correio.org',
      cellphone: '11977665544',
      phoneTwo: '1133334562',
    });
    await buildPerson(t, bob, { name: null, email: 'sem.nome@quinta.org' });
  });
  afterAll(() => t.close());

  const quick = async (caller: Caller, text: string) => {
    const answer = await call(
      t,
      caller,
      'GET',
      `/api/people/quick-search?searchString=${encodeURIComponent(text)}`,
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const names = (list: { name: string | null; email: string | null }[]) =>
      list.map((p) => p.name ?? p.email).sort();
    return names(answer.body.data.list);
  };

  it('finds by part of the name (accents and case ignored), the start of the e-mail or of the phone', async () => {
    expect(await quick(admin, 'quiteria')).toEqual(['Joana Quitéria']);
    expect(await quick(admin, 'QUIN')).toEqual(['Bruno Quintas']);
    expect(await quick(admin, 'Sem.Nome@')).toEqual(['sem.nome@quinta.org']);
    expect(await quick(admin, 'bq@corr')).toEqual(['Bruno Quintas']);
    expect(await quick(admin, 'jo')).toEqual(['Joana Quitéria']);
    expect(await quick(admin, '(61) 98877')).toEqual(['Joana Quitéria']);
    expect(await quick(admin, '1197')).toEqual(['Bruno Quintas']);
    // the middle of an e-mail or of a phone is not searched (an index answers only a start or a tail)
    expect(await quick(admin, 'correio.org')).toEqual([]);
    expect(await quick(admin, '7766')).toEqual([]);
    expect(await quick(admin, 'ninguém assim')).toEqual([]);
  });

  it('finds by any tail of 4 digits or more of any phone, with or without mask, +55 too', async () => {
    await buildPerson(t, admin, { name: 'Tereza Final', cellphone: '61984984562' });
    await buildPerson(t, admin, { name: 'Fixo Sozinho', phoneTwo: '6132214562' });
    expect(await quick(admin, '98498-4562')).toEqual(['Tereza Final']);
    expect(await quick(admin, '984984562')).toEqual(['Tereza Final']);
    expect(await quick(admin, '(61) 98498-4562')).toEqual(['Tereza Final']);
    expect(await quick(admin, '+55 61 98498-4562')).toEqual(['Tereza Final']);
    expect(await quick(admin, '5561984984562')).toEqual(['Tereza Final']);
    expect(await quick(admin, '4562')).toEqual(['Bruno Quintas', 'Fixo Sozinho', 'Tereza Final']);
    expect(await quick(admin, '45-62')).toEqual(['Bruno Quintas', 'Fixo Sozinho', 'Tereza Final']);
    expect(await quick(admin, '2214-562')).toEqual(['Fixo Sozinho']);
    expect(await quick(admin, '+55 (61) 3221-4562')).toEqual(['Fixo Sozinho']);
    expect(await quick(admin, '6655')).toEqual(['Joana Quitéria']);
    expect(await quick(admin, '5544')).toEqual(['Bruno Quintas']);
    // three digits are no phone: neither a tail nor a start is looked up
    expect(await quick(admin, '562')).toEqual([]);
    expect(await quick(admin, '619')).toEqual([]);
    // digits inside a name or an e-mail are not a phone
    expect(await quick(admin, 'tereza4562')).toEqual([]);
  });

  it('answers the phone a person was found by', async () => {
    const answer = await call(t, admin, 'GET', '/api/people/quick-search?searchString=3333-4562');
    expect(answer.body.data).toEqual({
      list: [
        {
          code: expect.any(Number),
          name: 'Bruno Quintas',
          email: 'bq@correio.org',
          cellphone: '11977665544',
          phoneTwo: '1133334562',
        },
      ],
      more: false,
    });
  });

  it('lists a person found by name and by e-mail once', async () => {
    await buildPerson(t, admin, { name: 'Duplo Achado', email: 'duplo@achado.com' });
    expect(await quick(admin, 'duplo')).toEqual(['Duplo Achado']);
  });

  it('without ROLE_CRM_ALL_DATA finds only the contacts the user created', async () => {
    expect(await quick(alice, 'qui')).toEqual(['Joana Quitéria']);
    expect(await quick(alice, '11977')).toEqual([]);
    expect(await quick(alice, '5544')).toEqual([]);
    expect(await quick(alice, '3333-4562')).toEqual([]);
    expect(await quick(alice, '6655')).toEqual(['Joana Quitéria']);
    expect(await quick(bob, 'joana')).toEqual([]);
  });

  it('refuses a user without ROLE_CRM and never crosses tenants', async () => {
    const teamOnly = await signedIn(t, tenant, ['ROLE_TEAM'], 'Equipe');
    expect((await call(t, teamOnly, 'GET', '/api/people/quick-search?searchString=joana')).status).toBe(403);
    expect((await call(t, admin, 'GET', '/api/people/quick-search?searchString=%20')).status).toBe(400);
    expect((await call(t, admin, 'GET', '/api/people/quick-search')).status).toBe(400);
    expect((await call(t, admin, 'GET', '/api/people/quick-search?searchString=a&x=1')).status).toBe(400);
    for (const query of [
      'searchString=4562%00',
      'searchString=98498%0B4562',
      `searchString=${'4'.repeat(101)}`,
      'searchString=4562&searchString=1234',
      'searchString=4562&__proto__=1',
      'searchString=4562&constructor=1',
    ]) {
      const hostile = await call(t, admin, 'GET', `/api/people/quick-search?${query}`);
      expect(hostile.status, query).toBe(400);
      expect(hostile.body.message, query).toBe(MESSAGES.validation);
    }
    const other = await buildTenant(t);
    const stranger = await signedIn(t, other, [...ROLES], 'Estranho');
    expect(await quick(stranger, 'joana')).toEqual([]);
    expect(await quick(stranger, '61988')).toEqual([]);
    expect(await quick(stranger, '6655')).toEqual([]);
    expect(await quick(stranger, '98877-6655')).toEqual([]);
    expect(await quick(stranger, '4562')).toEqual([]);
  });

  it('answers 20 by name and tells there are more', async () => {
    for (let i = 0; i < 21; i++)
      await buildPerson(t, admin, { name: `Lote Rápido ${String(i).padStart(2, '0')}` });
    const answer = await call(t, admin, 'GET', '/api/people/quick-search?searchString=lote%20rapido');
    expect(answer.body.data.list).toHaveLength(20);
    expect(answer.body.data.list[0]).toMatchObject({ name: 'Lote Rápido 00', email: null, cellphone: null });
    expect(answer.body.data.more).toBe(true);
    const one = await call(t, admin, 'GET', '/api/people/quick-search?searchString=lote%20rapido%2020');
    expect(one.body.data).toMatchObject({ more: false, list: [{ name: 'Lote Rápido 20' }] });
  });
});
