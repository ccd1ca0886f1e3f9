import { ROLES } from '@mandato/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTag, type Caller, call, signedIn } from '../../test/crm-factories.ts';
import { type BuiltTenant, buildTenant, createTestApp, type TestApp } from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';

describe(`tags routes (${testEngine})`, () => {
  let t: TestApp;
  let tenant: BuiltTenant;
  let admin: Caller;
  beforeAll(async () => {
    t = await createTestApp();
    tenant = await buildTenant(t);
    admin = await signedIn(t, tenant, [...ROLES]);
  });
  afterAll(() => t.close());

  it('creates tags, returning the existing one for a name in another case', async () => {
    const saude = await buildTag(t, admin, '  Saúde ');
    expect(saude).toEqual({ code: expect.any(Number), name: 'Saúde' });
    expect(await buildTag(t, admin, 'SAÚDE')).toEqual(saude);
    const educacao = await buildTag(t, admin, 'Educação');
    const search = await call(t, admin, 'GET', '/api/tags?searchString=sa&itemsPerPage=10');
    expect(search.body.data).toEqual({ list: [saude], total: 1 });
    const all = await call(t, admin, 'GET', '/api/tags');
    expect(all.body.data).toEqual({ list: [educacao, saude], total: 2 });
    const list = await call(t, admin, 'GET', `/api/tags/list?codes=${saude.code}&codes=${educacao.code}`);
    expect(list.body.data).toEqual([educacao, saude]);
  });

  it('validates the name and keeps tenants apart', async () => {
    const empty = await call(t, admin, 'POST', '/api/tags', { name: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.body.errors.name).toEqual(['Campo Obrigatório']);
    expect((await call(t, admin, 'POST', '/api/tags', { name: 'x'.repeat(61) })).status).toBe(400);
    expect((await call(t, admin, 'POST', '/api/tags', { name: 'ok', code: 1 })).body.errors.code).toEqual([
      'Campo informado não existe',
    ]);
    const other = await buildTenant(t);
    const stranger = await signedIn(t, other, [...ROLES]);
    const theirs = await buildTag(t, stranger, 'Saúde');
    expect((await call(t, admin, 'GET', `/api/tags/list?codes=${theirs.code}`)).body.data).toEqual([]);
    const nobody = await signedIn(t, tenant, ['ROLE_REPORT']);
    expect((await call(t, nobody, 'GET', '/api/tags')).status).toBe(403);
  });
});
