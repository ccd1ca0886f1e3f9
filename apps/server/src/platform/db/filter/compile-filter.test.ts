import type { FilterExpression, FilterUnit } from '@mandato/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFilterFixture, type FilterFixture } from '../../../test/filter/filter-fixture.ts';
import { createTestDatabase, testEngine } from '../../../test/test-database.ts';
import { AppError } from '../../http/errors.ts';
import type { Database } from '../engine.ts';
import { withTenant } from '../tenancy.ts';
import { compileFilter } from './compile-filter.ts';

// Sunday 29/12/2024 23:30 in São Paulo (already Monday 30/12 in UTC)
const NOW = new Date('2024-12-30T02:30:00Z');

const unit = (
  field: string,
  operator: FilterUnit['operator'],
  ...values: FilterUnit['values']
): FilterUnit => ({
  field,
  operator,
  values,
});
const one = (u: FilterUnit): FilterExpression => [{ units: [u] }];

describe(`compileFilter (${testEngine})`, () => {
  let db: Database;
  let cleanup: () => Promise<void>;
  let fx: FilterFixture;
  let p: string[];

  beforeAll(async () => {
    ({ db, cleanup } = await createTestDatabase());
    fx = await buildFilterFixture(db);
    p = await fx.insertPeople([
      {
        name: 'José da Silva',
        email: 'jose@exemplo.com',
        city: 'São Paulo',
        state: 'SP',
        vote: 'CONQUERED',
        influence: 10,
        gender: 'MALE',
        birthDate: '1980-12-29',
        tags: [0, 1],
        createdAt: '2024-12-01T02:00:00Z', // 30/11 23:00 in São Paulo
        createdBy: 0,
        cpf: '52998224725',
        cellphone: '11987654321',
        company: 0,
        profession: 'Professor',
        votingZone: '123',
        votingSection: '0045',
        neighborhood: 'Água Branca',
        street: 'Rua das Flores',
        emailStatus: 'VALID',
      },
      {
        name: 'Maria José Souza',
        email: 'maria@exemplo.com',
        city: 'Campinas',
        state: 'SP',
        influence: 3,
        gender: 'FEMALE',
        birthDate: '1992-02-29',
        tags: [1],
        createdAt: '2024-12-01T03:00:00Z', // 01/12 00:00 in São Paulo
        createdBy: 1,
        godfather: 0,
        company: 1,
        smsStatus: 'INVALID',
      },
      {
        name: 'JOAO PEREIRA',
        city: 'Rio de Janeiro',
        state: 'RJ',
        vote: 'LOST',
        birthDate: '2000-01-02',
        tags: [2, 3],
        createdAt: '2024-06-15T12:00:00Z',
        godfather: 0,
        cellphone: '21912345678',
        gender: 'OTHER',
      },
      { email: 'sem.nome@exemplo.com', createdAt: '2023-01-10T12:00:00Z' },
      {
        name: 'Ana 100% Silva_Costa',
        city: 'Belo Horizonte',
        state: 'MG',
        birthDate: '1975-12-23',
        tags: [0, 1, 2],
        influence: 25,
        createdAt: '2024-12-29T15:00:00Z',
      },
      { name: 'Carla Equipe', isTeam: true, email: 'carla@exemplo.com', birthDate: '1990-12-30' },
    ]);
  });
  afterAll(() => cleanup());

  const people = (...idx: number[]) => idx.map((i) => p[i] as string).sort((a, b) => Number(a) - Number(b));
  const find = (expression: FilterExpression, type: 'PERSON' | 'TEAM' = 'PERSON') =>
    fx.query(expression, type, NOW);

  it('search_norm folds case and accents under any collation', async () => {
    const [row] = await withTenant(db, fx.tenantId, ({ trx }) =>
      sql<{ n: string }>`SELECT search_norm(${'ÁÀÂÃÄ ÉÊ ÍÎ ÓÔÕÖ ÚÜ Ç Ñ áàâãä éê íî óôõö úü ç ñ Ab-1_%'}) AS n`
        .execute(trx)
        .then((r) => r.rows),
    );
    expect(row?.n).toBe('aaaaa ee ii oooo uu c n aaaaa ee ii oooo uu c n ab-1_%');
  });

  it('an empty expression matches every row of the type', async () => {
    expect(await find([])).toEqual(people(0, 1, 2, 3, 4));
  });

  it('strings: = CONTAINS STARTS_WITH ignore case and accents; LIKE characters are literal', async () => {
    expect(await find(one(unit('name', '=', ' jose da silva ')))).toEqual(people(0));
    expect(await find(one(unit('name', '=', 'jose')))).toEqual([]);
    expect(await find(one(unit('name', 'CONTAINS', 'jose')))).toEqual(people(0, 1));
    expect(await find(one(unit('name', 'CONTAINS', 'JOÃO')))).toEqual(people(2));
    expect(await find(one(unit('name', 'STARTS_WITH', 'maria')))).toEqual(people(1));
    expect(await find(one(unit('name', 'STARTS_WITH', 'silva')))).toEqual([]);
    expect(await find(one(unit('name', 'CONTAINS', '100%')))).toEqual(people(4));
    expect(await find(one(unit('name', 'CONTAINS', '%')))).toEqual(people(4));
    expect(await find(one(unit('name', 'CONTAINS', '_')))).toEqual(people(4));
    expect(await find(one(unit('name', 'CONTAINS', 'a_c')))).toEqual(people(4));
    expect(await find(one(unit('email', 'STARTS_WITH', 'MARIA')))).toEqual(people(1));
    expect(await find(one(unit('city', '=', 'sao paulo')))).toEqual(people(0));
    expect(await find(one(unit('neighborhood', 'CONTAINS', 'agua')))).toEqual(people(0));
    expect(await find(one(unit('street', 'STARTS_WITH', 'rua d')))).toEqual(people(0));
    expect(await find(one(unit('profession', '=', 'PROFESSOR')))).toEqual(people(0));
    expect(await find(one(unit('votingZone', '=', '123')))).toEqual(people(0));
    expect(await find(one(unit('votingSection', 'STARTS_WITH', '00')))).toEqual(people(0));
    // an injection attempt is only a value
    expect(await find(one(unit('name', '=', "'; DROP TABLE people; --")))).toEqual([]);
    expect(await find([])).toHaveLength(5);
  });

  it('cpf and cellphone compare digits, with or without mask', async () => {
    expect(await find(one(unit('cpf', '=', '529.982.247-25')))).toEqual(people(0));
    expect(await find(one(unit('cpf', 'STARTS_WITH', '529')))).toEqual(people(0));
    expect(await find(one(unit('cellphone', 'STARTS_WITH', '(11)')))).toEqual(people(0));
    expect(await find(one(unit('cellphone', 'CONTAINS', '9876-54')))).toEqual(people(0));
    expect(await find(one(unit('cellphone', 'CONTAINS', '()')))).toEqual([]);
  });

  it('numbers: comparisons and an inclusive BETWEEN in any order', async () => {
    expect(await find(one(unit('influence', '>', 3)))).toEqual(people(0, 4));
    expect(await find(one(unit('influence', '>=', 3)))).toEqual(people(0, 1, 4));
    expect(await find(one(unit('influence', '<', 3)))).toEqual(people(2, 3));
    expect(await find(one(unit('influence', '<=', 3)))).toEqual(people(1, 2, 3));
    expect(await find(one(unit('influence', '=', 10)))).toEqual(people(0));
    expect(await find(one(unit('influence', 'BETWEEN', 25, 3)))).toEqual(people(0, 1, 4));
    expect(await find(one(unit('influence', '=', 2.5)))).toEqual([]);
    expect(await find(one(unit('influence', '>', 2.5)))).toEqual(people(0, 1, 4));
    expect(await find(one(unit('influence', '<', 1e30)))).toEqual(people(0, 1, 2, 3, 4));
    expect(await find(one(unit('influence', '>', 1e30)))).toEqual([]);
  });

  it('createDate compares the calendar day in São Paulo', async () => {
    expect(await find(one(unit('createDate', '=', '2024-11-30')))).toEqual(people(0));
    expect(await find(one(unit('createDate', '=', '2024-12-01')))).toEqual(people(1));
    expect(await find(one(unit('createDate', 'BETWEEN', '2024-12-29', '2024-12-01')))).toEqual(people(1, 4));
    expect(await find(one(unit('createDate', '<', '2024-01-01')))).toEqual(people(3));
    expect(await find(one(unit('createDate', '>', '2024-12-01')))).toEqual(people(4));
    expect(await find(one(unit('createDate', '<=', '2024-11-30')))).toEqual(people(0, 2, 3));
    expect(await find(one(unit('createDate', '>=', '2024-12-01T10:00:00')))).toEqual(people(1, 4));
  });

  it('enums: = and IN; NULL never matches', async () => {
    expect(await find(one(unit('vote', '=', 'CONQUERED')))).toEqual(people(0));
    expect(await find(one(unit('vote', 'IN', 'LOST', 'CONQUERED')))).toEqual(people(0, 2));
    expect(await find(one(unit('gender', 'IN', 'MALE', 'FEMALE', 'NOT_BINARY')))).toEqual(people(0, 1));
    expect(await find(one(unit('state', '=', 'SP')))).toEqual(people(0, 1));
    expect(await find(one(unit('emailStatus', '=', 'VALID')))).toEqual(people(0));
    expect(await find(one(unit('smsStatus', 'IN', 'INVALID')))).toEqual(people(1));
  });

  it('tags: = has the tag, IN has any, IN_ALL has all', async () => {
    const [t0, t1, t2, t3] = fx.tags as [string, string, string, string];
    expect(await find(one(unit('tags', '=', Number(t0))))).toEqual(people(0, 4));
    expect(await find(one(unit('tags', 'IN', t2, Number(t3))))).toEqual(people(2, 4));
    expect(await find(one(unit('tags', 'IN_ALL', t0, t1)))).toEqual(people(0, 4));
    expect(await find(one(unit('tags', 'IN_ALL', t1, t2)))).toEqual(people(4));
    expect(await find(one(unit('tags', 'IN_ALL', t0, 'x')))).toEqual([]);
    expect(await find(one(unit('tags', 'IN', t3, 'x')))).toEqual(people(2));
    // three tags: two joins; more than eight: grouped (and no one holds tags that do not exist)
    expect(await find(one(unit('tags', 'IN_ALL', t0, t1, t2)))).toEqual(people(4));
    const missing = Array.from({ length: 7 }, (_, i) => 900_000 + i);
    expect(await find(one(unit('tags', 'IN_ALL', t0, t1, t2, ...missing)))).toEqual([]);
    expect(await find(one(unit('tags', 'IN', t2, ...missing)))).toEqual(people(2, 4));
  });

  it('autocomplete codes: godfather, company, and the creator by user code or team person code', async () => {
    expect(await find(one(unit('godfatherCode', '=', Number(p[0]))))).toEqual(people(1, 2));
    expect(
      await find(one(unit('companyCode', 'IN', fx.companies[0] as string, Number(fx.companies[1])))),
    ).toEqual(people(0, 1));
    const [a, b] = fx.users as [FilterFixture['users'][0], FilterFixture['users'][0]];
    expect(await find(one(unit('createPersonCode', '=', a.code)))).toEqual(people(0));
    expect(await find(one(unit('createPersonCode', '=', Number(b.personId))))).toEqual(people(1));
    expect(await find(one(unit('createPersonCode', 'IN', a.code.toUpperCase(), b.personId)))).toEqual(
      people(0, 1),
    );
    expect(await find(one(unit('createPersonCode', '=', 'não-é-um-código')))).toEqual([]);
  });

  it('birth date parts with = and BETWEEN, including ranges across the year end', async () => {
    expect(await find(one(unit('birthDate', '=', { day: 29, month: 12 })))).toEqual(people(0));
    expect(await find(one(unit('birthDate', '=', { year: 1992 })))).toEqual(people(1));
    expect(await find(one(unit('birthDate', '=', { month: 12 })))).toEqual(people(0, 4));
    expect(await find(one(unit('birthDate', '=', { day: 29, month: 2 })))).toEqual(people(1));
    expect(await find(one(unit('birthDate', '=', { day: 29, month: 12, year: 1980 })))).toEqual(people(0));
    expect(await find(one(unit('birthDate', '=', { day: 2 })))).toEqual(people(2));
    expect(await find(one(unit('birthDate', '=', { month: 12, year: 1975 })))).toEqual(people(4));
    expect(
      await find(one(unit('birthDate', 'BETWEEN', { month: 12, day: 20 }, { month: 1, day: 5 }))),
    ).toEqual(people(0, 2, 4));
    expect(await find(one(unit('birthDate', 'BETWEEN', { year: 1990 }, { year: 1975 })))).toEqual(
      people(0, 4),
    );
    expect(await find(one(unit('birthDate', 'BETWEEN', { month: 2 }, { month: 2 })))).toEqual(people(1));
    expect(await find(one(unit('birthDate', 'BETWEEN', { month: 11 }, { month: 1 })))).toEqual(
      people(0, 2, 4),
    );
    expect(await find(one(unit('birthDate', 'BETWEEN', { day: 28 }, { day: 2 })))).toEqual(people(0, 1, 2));
    expect(
      await find(one(unit('birthDate', 'BETWEEN', { year: 1980, month: 12 }, { year: 1992, month: 2 }))),
    ).toEqual(people(0, 1));
  });

  it('birth date quick values follow the São Paulo calendar and a Monday–Sunday week', async () => {
    expect(await find(one(unit('birthDate', '=', 'today')))).toEqual(people(0));
    expect(await find(one(unit('birthDate', '=', 'tomorrow')))).toEqual([]);
    expect(await find(one(unit('birthDate', '=', 'tomorrow')), 'TEAM')).toEqual(people(5));
    expect(await find(one(unit('birthDate', '=', 'current-week')))).toEqual(people(0, 4));
    expect(await find(one(unit('birthDate', '=', 'current-month')))).toEqual(people(0, 4));
  });

  it('AND binds tighter than OR, inside a group and between groups', async () => {
    const lost = unit('vote', '=', 'LOST');
    const conquered = unit('vote', '=', 'CONQUERED');
    const sp = unit('state', '=', 'SP');
    expect(await find([{ units: [lost, 'OR', conquered, 'AND', sp] }])).toEqual(people(0, 2));
    expect(await find([{ units: [lost, 'OR', conquered] }, 'AND', { units: [sp] }])).toEqual(people(0));
    expect(
      await find([{ units: [lost] }, 'OR', { units: [sp] }, 'AND', { units: [unit('influence', '>', 5)] }]),
    ).toEqual(people(0, 2));
  });

  it('an invalid expression is a 400 with the reasons, never a SQL error', () => {
    const bad = (expression: unknown, type: 'PERSON' | 'COMPANY' = 'PERSON') => {
      try {
        compileFilter(expression as FilterExpression, { type, now: NOW });
      } catch (error) {
        expect(error).toBeInstanceOf(AppError);
        expect((error as AppError).status).toBe(400);
        expect((error as AppError).message).toBe('Expressão de filtro inválida');
        return (error as AppError).errors;
      }
      throw new Error('aceitou uma expressão inválida');
    };
    expect(bad(one(unit('name; DROP TABLE people', '=', 'x')))).toEqual([
      'Campo de filtro não permitido: name; DROP TABLE people',
    ]);
    expect(bad(one(unit('mainContactCode', '=', 1)))).toEqual([
      'Campo de filtro não permitido: mainContactCode',
    ]);
    expect(bad(one(unit('name', '>', 'x')))).toEqual(['Operador > não permitido para o campo name']);
    expect(bad(one(unit('influence', 'BETWEEN', 1)))).toEqual(['Valores inválidos para o campo influence']);
    expect(bad(one(unit('birthDate', '=', { month: 2, day: 30 })))).toEqual(['Informe uma data válida']);
    expect(bad(one(unit('birthDate', 'BETWEEN', { month: 2 }, { year: 1990 })))).toEqual([
      'As duas datas do intervalo devem ter as mesmas partes preenchidas',
    ]);
    expect(bad([{ units: [unit('vote', '=', 'LOST')] }, 'AND'])).toHaveLength(1);
    expect(bad([{ units: [unit('vote', '=', 'LOST'), unit('vote', '=', 'WON')] }])).toHaveLength(2);
    expect(bad([{ units: [{ field: 'name', operator: 'LIKE', values: ['x'] }] }])).toBeDefined();
    expect(bad('DROP TABLE people')).toBeDefined();
    expect(bad(one(unit('cpf', '=', 'x')), 'COMPANY')).toEqual(['Campo de filtro não permitido: cpf']);
  });

  it('companies: codes are the company itself, cnpj by digits, main contact', async () => {
    await withTenant(db, fx.tenantId, ({ trx }) =>
      trx
        .updateTable('companies')
        .set({ main_contact_id: p[1] as string, tag_ids: sql`ARRAY[${fx.tags[4]}::bigint]` as never })
        .where('id', '=', fx.companies[2] as string)
        .execute(),
    );
    const companies = async (expression: FilterExpression) =>
      (
        await withTenant(db, fx.tenantId, ({ trx }) =>
          trx
            .selectFrom('companies as c')
            .select('c.id')
            .where(compileFilter(expression, { type: 'COMPANY', now: NOW }))
            .orderBy('c.id')
            .execute(),
        )
      ).map((r) => String(r.id));
    const [c0, c1, c2] = fx.companies as [string, string, string];
    expect(await companies(one(unit('companyCode', '=', Number(c1))))).toEqual([c1]);
    expect(await companies(one(unit('name', 'CONTAINS', 'SAO JOSE')))).toEqual([c1]);
    expect(await companies(one(unit('cnpj', '=', '45.997.418/0001-53')))).toEqual([c1]);
    expect(await companies(one(unit('mainContactCode', 'IN', p[1] as string)))).toEqual([c2]);
    expect(await companies(one(unit('tags', 'IN_ALL', fx.tags[4] as string)))).toEqual([c2]);
    expect(await companies(one(unit('city', 'STARTS_WITH', 'sa')))).toEqual([c0, c2]);
    expect(await companies([])).toEqual([c0, c1, c2]);
  });
  it('tags and name words follow updates and deletes of people (migration 0006 triggers)', async () => {
    const [t0, t1, t2] = fx.tags as [string, string, string];
    const [id] = await fx.insertPeople([{ name: 'Wilsonclecio Tavares', tags: [0, 1] }]);
    const person = [id as string];
    const update = (values: { name?: string; tag_ids?: never }) =>
      withTenant(db, fx.tenantId, ({ trx }) =>
        trx
          .updateTable('people')
          .set(values)
          .where('id', '=', id as string)
          .execute(),
      );
    expect(await find(one(unit('tags', 'IN_ALL', t0, t1)))).toContain(id);
    expect(await find(one(unit('name', 'CONTAINS', 'clecio tav')))).toEqual(person);
    await update({ name: 'Wilsonclécio Borges', tag_ids: sql`${`{${t1},${t2}}`}::bigint[]` as never });
    expect(await find(one(unit('tags', 'IN_ALL', t1, t2)))).toContain(id);
    expect(await find(one(unit('tags', '=', t0)))).not.toContain(id);
    expect(await find(one(unit('name', 'CONTAINS', 'clecio tav')))).toEqual([]);
    expect(await find(one(unit('name', 'CONTAINS', 'CLÉCIO BOR')))).toEqual(person);
    await withTenant(db, fx.tenantId, ({ trx }) =>
      trx
        .deleteFrom('people')
        .where('id', '=', id as string)
        .execute(),
    );
    const left = await withTenant(db, fx.tenantId, ({ trx }) =>
      sql<{ n: number }>`SELECT (SELECT count(*) FROM person_tags WHERE person_id = ${id})
        + (SELECT count(*) FROM person_name_words WHERE person_id = ${id}) AS n`.execute(trx),
    );
    expect(Number(left.rows[0]?.n)).toBe(0);
  });
});
