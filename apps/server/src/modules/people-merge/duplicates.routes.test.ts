import { ROLES } from '@mandato/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../platform/db/tenancy.ts';
import { createPersonDataRegistry } from '../../platform/person-data.ts';
import { buildPerson, type Caller, call, signedIn, VALID_CPF } from '../../test/crm-factories.ts';
import { type BuiltTenant, buildTenant, createTestApp, type TestApp } from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';
import { duplicatesHandler } from './duplicates.job.ts';
import { duplicatesRepository } from './duplicates.repository.ts';
import { knownPart } from './test/merge-references.ts';

const LIST = '/api/people/duplicates';

type Group = { key: string; keys: string[]; score: number; people: { code: number; name: string | null }[] };
const names = (g: Group) => g.people.map((p) => p.name).sort();

describe(`duplicates centre (${testEngine})`, () => {
  let t: TestApp;
  let tenant: BuiltTenant;
  let other: BuiltTenant;
  let admin: Caller;
  let ownOnly: Caller;
  let crmOnly: Caller;
  let stranger: Caller;

  beforeAll(async () => {
    t = await createTestApp({}, { personData: createPersonDataRegistry([knownPart]) });
    tenant = await buildTenant(t);
    other = await buildTenant(t);
    admin = await signedIn(t, tenant, [...ROLES], 'Administradora');
    ownOnly = await signedIn(t, tenant, ['ROLE_CONFIG', 'ROLE_CRM'], 'Só os seus');
    crmOnly = await signedIn(t, tenant, ['ROLE_CRM', 'ROLE_CRM_ALL_DATA'], 'Assessora');
    stranger = await signedIn(t, other, [...ROLES], 'Outra conta');
  });
  afterAll(() => t.close());

  it('finds groups by CPF, e-mail, mobile and name + birth date, scored, after the queued search', async () => {
    await buildPerson(t, admin, { name: 'Carlos', cpf: VALID_CPF });
    await buildPerson(t, admin, { name: 'Carlos Alberto', cpf: VALID_CPF });
    await buildPerson(t, admin, { name: 'Bia', email: 'bia@exemplo.com.br', birthDate: '1990-01-02' });
    await buildPerson(t, admin, { name: 'Bia', email: 'bia@exemplo.com.br', birthDate: '1990-01-02' });
    const withCountry = await buildPerson(t, admin, { name: 'Celular Um', cellphone: '11987654321' });
    // as an older import stored it, with the country code
    await withTenant(t.db, tenant.id, ({ trx }) =>
      sql`UPDATE people SET cellphone = '5511987654321' WHERE id = ${String(withCountry.code)}`.execute(trx),
    );
    await buildPerson(t, admin, { name: 'Celular Dois', cellphone: '11987654321' });
    await buildPerson(t, admin, { name: 'João  Conceição', birthDate: '1975-03-04' });
    await buildPerson(t, admin, { name: 'joao conceicao', birthDate: '1975-03-04' });
    await buildPerson(t, admin, { name: 'joao conceicao', birthDate: '1975-03-05' });
    await buildPerson(t, ownOnly, { name: 'Própria', email: 'propria@exemplo.com.br' });
    await buildPerson(t, ownOnly, { name: 'Própria 2', email: 'propria@exemplo.com.br' });
    await buildPerson(t, stranger, { name: 'Carlos de fora', cpf: VALID_CPF });

    const first = await call(t, admin, 'GET', LIST);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toMatchObject({ items: [], total: 0, refreshing: true, refreshedAt: null });
    await t.worker.drain();

    const page = await call(t, admin, 'GET', LIST);
    expect(page.body.data.refreshing).toBe(false);
    const items = page.body.data.items as Group[];
    expect(items.map((g) => [g.key, g.keys, g.score, names(g)])).toEqual([
      ['CPF', ['CPF'], 100, ['Carlos', 'Carlos Alberto']],
      ['EMAIL', ['EMAIL', 'NAME_BIRTH'], 95, ['Bia', 'Bia']],
      ['EMAIL', ['EMAIL'], 90, ['Própria', 'Própria 2']],
      ['MOBILE', ['MOBILE'], 80, ['Celular Dois', 'Celular Um']],
      ['NAME_BIRTH', ['NAME_BIRTH'], 70, ['João  Conceição', 'joao conceicao']],
    ]);
    expect(page.body.data.total).toBe(5);
    expect(items[1]?.people[0]).toMatchObject({ email: 'bia@exemplo.com.br', birthDate: '1990-01-02' });

    const second = await call(t, admin, 'GET', `${LIST}?page=2&itemsPerPage=2`);
    expect((second.body.data.items as Group[]).map((g) => g.score)).toEqual([90, 80]);
    // a user who sees only their own contacts sees only the groups of their contacts
    const own = await call(t, ownOnly, 'GET', LIST);
    expect((own.body.data.items as Group[]).map(names)).toEqual([['Própria', 'Própria 2']]);
    expect(own.body.data.total).toBe(1);
    // the other tenant has one lonely Carlos: no group, and none of this tenant's
    await call(t, stranger, 'GET', LIST);
    await t.worker.drain();
    expect((await call(t, stranger, 'GET', LIST)).body.data).toMatchObject({ items: [], total: 0 });
  });

  it('drops a merged group at once and searches again after people change', async () => {
    const before = (await call(t, admin, 'GET', LIST)).body.data.items as Group[];
    const cpf = before.find((g) => g.key === 'CPF');
    if (!cpf) throw new Error('no CPF group');
    const [survivor, merged] = cpf.people;
    const res = await call(t, admin, 'POST', '/api/people/merge', {
      survivorCode: survivor?.code,
      mergedCodes: [merged?.code],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const after = await call(t, admin, 'GET', LIST);
    expect((after.body.data.items as Group[]).some((g) => g.key === 'CPF')).toBe(false);
    expect(after.body.data).toMatchObject({ total: 4, refreshing: true });
    await t.worker.drain();
    const rebuilt = await call(t, admin, 'GET', LIST);
    expect(rebuilt.body.data).toMatchObject({ total: 4, refreshing: false });
  });

  it('resumes a build at the step it reached', async () => {
    await buildPerson(t, admin, { name: 'Retomada', cpf: '11144477735' });
    await buildPerson(t, admin, { name: 'Retomada 2', cpf: '11144477735' });
    expect((await call(t, admin, 'GET', LIST)).body.data.refreshing).toBe(true);
    // the first step ran and committed, then the worker died: the job takes the rest
    await withTenant(t.db, tenant.id, async (ctx) => {
      const state = await duplicatesRepository.state(ctx, true);
      await duplicatesRepository.buildKey(ctx, state.building ?? '', 'CPF');
      await duplicatesRepository.setStep(ctx, 'EMAIL');
    });
    await duplicatesHandler(t.app)({ tenantId: tenant.id });
    const page = await call(t, admin, 'GET', LIST);
    expect(page.body.data.refreshing).toBe(false);
    expect((page.body.data.items as Group[]).filter((g) => g.key === 'CPF').map(names)).toEqual([
      ['Retomada', 'Retomada 2'],
    ]);
    await withTenant(t.db, tenant.id, async ({ trx }) => {
      const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM people_duplicate_keys`.execute(trx);
      expect(Number(rows[0]?.n)).toBe(0);
    });
    await t.worker.drain();
  });

  it('refuses callers without ROLE_CONFIG and bad paging with a pt-BR 400', async () => {
    expect((await call(t, crmOnly, 'GET', LIST)).status).toBe(403);
    const noToken = await t.api.inject({ method: 'GET', url: LIST, headers: { 'x-schema': tenant.slug } });
    expect(noToken.statusCode).toBe(401);
    for (const query of ['page=0', 'itemsPerPage=1000', 'page=abc', 'foo=1', '__proto__=1', 'page=1%00'])
      expect((await call(t, admin, 'GET', `${LIST}?${query}`)).status, query).toBe(400);
  });
});
