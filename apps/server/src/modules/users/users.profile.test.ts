import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signedIn } from '../../test/crm-factories.ts';
import { type BuiltTenant, buildTenant, createTestApp, type TestApp } from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';

describe(`profile address and user names (${testEngine})`, () => {
  let t: TestApp;
  let tenant: BuiltTenant;
  beforeAll(async () => {
    t = await createTestApp();
    tenant = await buildTenant(t);
  });
  afterAll(() => t.close());

  const profile = { name: 'Maria', email: '', cellphone: '(61) 99999-0000' };

  it('reads and saves the address block on the team person record', async () => {
    const me = await signedIn(t, tenant, ['ROLE_TEAM'], 'Maria');
    expect((await call(t, me, 'GET', '/api/users/me')).body.data.address).toBeNull();
    const address = {
      zipCode: '70040-010',
      street: 'Esplanada dos Ministérios',
      number: '10',
      neighborhood: 'Zona Cívico-Administrativa',
      city: 'Brasília',
      state: 'DF',
    };
    const saved = await call(t, me, 'PUT', '/api/users/me', { ...profile, email: me.user.email, address });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toMatchObject({ name: 'Maria', address: { ...address, zipCode: '70040010' } });
    expect((await call(t, me, 'GET', '/api/users/me')).body.data.address).toMatchObject({ city: 'Brasília' });
    // the team person carries it (people module)
    const people = await call(t, me, 'GET', '/api/people/names?type=TEAM&searchString=Maria');
    const person = await call(t, me, 'GET', `/api/people/${people.body.data.list[0].code}`);
    expect(person.body.data.address).toMatchObject({ street: 'Esplanada dos Ministérios', state: 'DF' });
    // without `address` the stored one stays; null clears it
    await call(t, me, 'PUT', '/api/users/me', { ...profile, email: me.user.email, name: 'Maria S.' });
    expect((await call(t, me, 'GET', '/api/users/me')).body.data.address).toMatchObject({ state: 'DF' });
    const cleared = await call(t, me, 'PUT', '/api/users/me', {
      ...profile,
      email: me.user.email,
      address: null,
    });
    expect(cleared.body.data.address).toBeNull();
  });

  it('applies the address rules: state required once a field is filled, valid CEP and state', async () => {
    const me = await signedIn(t, tenant, ['ROLE_CRM'], 'João');
    const res = await call(t, me, 'PUT', '/api/users/me', {
      ...profile,
      email: me.user.email,
      address: { city: 'Goiânia' },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ 'address.state': ['Informe o estado para prosseguir'] });
    const bad = await call(t, me, 'PUT', '/api/users/me', {
      ...profile,
      email: me.user.email,
      address: { zipCode: '123', state: 'XX' },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['address.state', 'address.zipCode']);
  });

  it('lists active users by name for the guest and responsible pickers', async () => {
    const me = await signedIn(t, tenant, ['ROLE_REPORT'], 'Zuleica Picker');
    await signedIn(t, tenant, [], 'Zuleide Sem Permissão');
    const res = await call(t, me, 'GET', '/api/users/names?searchString=zule');
    expect(res.status).toBe(200);
    expect(res.body.data.list.map((u: { name: string }) => u.name)).toEqual([
      'Zuleica Picker',
      'Zuleide Sem Permissão',
    ]);
    expect(res.body.data.list[0]).toEqual({ code: me.user.code, name: 'Zuleica Picker' });
    expect((await call(t, me, 'GET', '/api/users/names?itemsPerPage=0')).status).toBe(400);
  });
});
