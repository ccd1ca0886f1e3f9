import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, call, signedIn } from '../../test/crm-factories.ts';
import { buildTenant, createTestApp, type TestApp } from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';
import { searchMunicipalities } from './municipalities.routes.ts';

describe('searchMunicipalities', () => {
  it('matches the start of the name, accents and case ignored, exact names first', () => {
    const sao = searchMunicipalities('sao jose dos c');
    expect(sao.map((m) => `${m.name}/${m.uf}`)).toContain('São José dos Campos/SP');
    expect(sao.every((m) => m.name.startsWith('São José dos C'))).toBe(true);
    expect(searchMunicipalities('RECIFE')[0]).toMatchObject({ name: 'Recife', uf: 'PE' });
    expect(searchMunicipalities('Bom Jesus')[0]?.name).toBe('Bom Jesus');
    expect(searchMunicipalities('s')).toHaveLength(20);
    expect(searchMunicipalities('xyzw')).toEqual([]);
    expect(searchMunicipalities('  ')).toEqual([]);
  });
});

describe(`GET /api/geo/municipalities (${testEngine})`, () => {
  let t: TestApp;
  let crm: Caller;
  let team: Caller;
  let slug: string;
  beforeAll(async () => {
    t = await createTestApp();
    const tenant = await buildTenant(t);
    slug = tenant.slug;
    crm = await signedIn(t, tenant, ['ROLE_CRM']);
    team = await signedIn(t, tenant, ['ROLE_TEAM']);
  });
  afterAll(() => t.close());

  it('answers up to 20 municipalities with name and UF to a CRM user', async () => {
    const res = await call(t, crm, 'GET', '/api/geo/municipalities?q=olind');
    expect(res.status).toBe(200);
    expect(res.body.data).toContainEqual({ name: 'Olinda', uf: 'PE', ibge: 2609600 });
    expect((await call(t, crm, 'GET', '/api/geo/municipalities?q=a')).body.data).toHaveLength(20);
  });

  it('refuses bad queries, other roles and anonymous calls', async () => {
    expect((await call(t, crm, 'GET', '/api/geo/municipalities')).status).toBe(400);
    expect((await call(t, crm, 'GET', `/api/geo/municipalities?q=${'a'.repeat(61)}`)).status).toBe(400);
    expect((await call(t, crm, 'GET', '/api/geo/municipalities?q=a&x=1')).status).toBe(400);
    expect((await call(t, crm, 'GET', '/api/geo/municipalities?q=%01')).status).toBe(400);
    expect((await call(t, team, 'GET', '/api/geo/municipalities?q=a')).status).toBe(403);
    expect(
      (
        await t.api.inject({
          method: 'GET',
          url: '/api/geo/municipalities?q=a',
          headers: { 'x-schema': slug },
        })
      ).statusCode,
    ).toBe(401);
  });
});
