import {
  CONTACT_STATUSES,
  expressionErrors,
  type FilterExpression,
  type FilterGroup,
  type FilterUnit,
  type FilterValue,
  GENDERS,
  VOTES,
} from '@mandato/domain';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evaluateFilter, type FilterRow } from '../../../test/filter/evaluate-filter.ts';
import {
  buildFilterFixture,
  byId,
  type FilterFixture,
  type NewPerson,
} from '../../../test/filter/filter-fixture.ts';
import { createTestDatabase, testEngine } from '../../../test/test-database.ts';
import { AppError } from '../../http/errors.ts';
import type { Database } from '../engine.ts';
import { compileFilter, usesNameWords } from './compile-filter.ts';

/**
 * Property: for random valid expressions, the compiled SQL returns exactly the rows the in-memory
 * evaluator accepts; random invalid expressions are always a 400 AppError, never a SQL error.
 * One tenant dataset (random but seeded) is shared by every run.
 */

const RUNS = Number(process.env.FILTER_PROPERTY_RUNS ?? 150);
const SEED = Number(process.env.FILTER_PROPERTY_SEED ?? 20240216);

// instants of interest: year end on a Sunday night in São Paulo (already Monday in UTC), a leap
// day, a month end, an ordinary Wednesday
const NOWS = [
  new Date('2024-12-30T02:30:00Z'),
  new Date('2024-03-01T01:00:00Z'),
  new Date('2025-01-31T23:59:00Z'),
  new Date('2024-07-17T15:00:00Z'),
];

const WORDS = [
  'José',
  'MARIA',
  'joão',
  'Conceição',
  'Silva',
  'souza',
  'Ana',
  'Ângela',
  'Inês',
  '100%',
  'a_b',
  'x\\y',
  'de',
];
const CITIES = ['São Paulo', 'SAO PAULO', 'Campinas', 'Belém', 'Goiânia', 'Rio de Janeiro', 'Ribeirão Preto'];
const NEIGHBORHOODS = ['Água Branca', 'Centro', 'Vila Nova', 'Jardim São José'];
const PROFESSIONS = ['Professor', 'professora', 'Médica', 'Advogado', 'Estudante'];
const TEXT_CHARS = [...'aeiouAEIOUáéíóúãõâêôçÇÃÉ sjmr%_\\-.1290'];

const pick = <T>(items: readonly T[]) => fc.constantFrom(...items);
const maybe = <T>(arb: fc.Arbitrary<T>, nullShare = 0.2) =>
  fc.oneof(
    { weight: Math.round(nullShare * 10), arbitrary: fc.constant(null) },
    { weight: 10 - Math.round(nullShare * 10), arbitrary: arb },
  );
const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** Month-days near the instants above, so quick values and wrapped ranges have hits. */
const birthDate = fc
  .tuple(
    fc.integer({ min: 1940, max: 2012 }),
    fc.oneof(
      pick([
        '12-22',
        '12-23',
        '12-28',
        '12-29',
        '12-30',
        '12-31',
        '01-01',
        '01-05',
        '02-28',
        '02-29',
        '03-01',
      ]),
      pick(['01-31', '02-01', '07-15', '07-17', '07-21', '07-22']),
      fc
        .tuple(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 28 }))
        .map(([m, d]) => `${pad(m)}-${pad(d)}`),
    ),
  )
  .map(([y, md]) => (md === '02-29' && y % 4 !== 0 ? `${y}-02-28` : `${y}-${md}`));

/** Instants around São Paulo midnights near the dates used by createDate filters. */
const createdAt = fc
  .tuple(
    fc.constantFrom('2024-12-29', '2024-12-30', '2024-12-31', '2025-01-01', '2024-02-29'),
    fc.integer({ min: -6, max: 30 }),
  )
  .map(([day, hour]) =>
    new Date(new Date(`${day}T03:00:00Z`).getTime() + hour * 3_600_000 - 60_000).toISOString(),
  );

const text = (pool: readonly string[]) =>
  fc.oneof(
    pick(pool),
    fc.tuple(pick(pool), pick(WORDS)).map(([a, b]) => `${a} ${b}`),
  );

const personArb = (teamShare: number): fc.Arbitrary<NewPerson> =>
  fc.record({
    name: maybe(
      fc.array(pick(WORDS), { minLength: 1, maxLength: 3 }).map((w) => w.join(' ')),
      0.1,
    ),
    gender: maybe(pick(GENDERS)),
    influence: fc.integer({ min: 0, max: 20 }),
    vote: pick(VOTES),
    birthDate: maybe(birthDate),
    email: maybe(
      fc
        .tuple(pick(['ana', 'jose', 'maria.souza', 'x_y', 'joao']), fc.integer({ min: 1, max: 9 }))
        .map(([a, n]) => `${a}${n}@exemplo.com.br`),
    ),
    emailStatus: pick(CONTACT_STATUSES),
    smsStatus: pick(CONTACT_STATUSES),
    cellphone: maybe(
      fc
        .tuple(pick(['11', '21', '61']), fc.integer({ min: 10_000_000, max: 99_999_999 }))
        .map(([ddd, n]) => `${ddd}9${n}`),
    ),
    street: maybe(text(['Rua das Flores', 'Avenida Paulista', 'Rua São Bento'])),
    city: maybe(pick(CITIES)),
    neighborhood: maybe(pick(NEIGHBORHOODS)),
    state: maybe(pick(['SP', 'RJ', 'MG', 'PA', 'GO'])),
    tags: fc.uniqueArray(fc.integer({ min: 0, max: 4 }), { maxLength: 3 }),
    godfather: maybe(fc.integer({ min: 0, max: 4 }), 0.6),
    createdAt,
    createdBy: maybe(fc.integer({ min: 0, max: 1 }), 0.3),
    cpf: maybe(pick(['52998224725', '11144477735', '39053344705', '12345678909'])),
    profession: maybe(pick(PROFESSIONS)),
    company: maybe(fc.integer({ min: 0, max: 2 }), 0.5),
    votingZone: maybe(pick(['001', '123', '250'])),
    votingSection: maybe(pick(['0001', '0045', '0450'])),
    isTeam: fc.boolean().map(() => Math.random() < teamShare),
  });

// ---------- expression generators (valid by construction) ----------

interface Ids {
  tags: string[];
  companies: string[];
  people: string[];
  users: FilterFixture['users'];
}

function unitArb(ids: Ids): fc.Arbitrary<FilterUnit> {
  const str = (field: string, pool: readonly string[]) =>
    fc.record({
      field: fc.constant(field),
      operator: pick(['=', 'CONTAINS', 'STARTS_WITH'] as const),
      values: fc
        .oneof(
          pick(pool),
          fc
            .constantFrom(...pool)
            .chain((s) =>
              fc
                .tuple(fc.nat(s.length), fc.nat(s.length))
                .map(([a, b]) => s.slice(Math.min(a, b), Math.max(a, b) + 1)),
            ),
          fc.string({ unit: pick(TEXT_CHARS), minLength: 1, maxLength: 4 }),
        )
        .map((s) => (s.trim() === '' ? 'a' : s))
        .map((s) => [s]),
    });
  const enumeration = (field: string, values: readonly string[]) =>
    fc.oneof(
      fc.record({
        field: fc.constant(field),
        operator: fc.constant('=' as const),
        values: pick(values).map((v) => [v]),
      }),
      fc.record({
        field: fc.constant(field),
        operator: fc.constant('IN' as const),
        values: fc.uniqueArray(pick(values), { minLength: 1, maxLength: 3 }),
      }),
    );
  const codeValue = (pool: readonly string[]): fc.Arbitrary<FilterValue> =>
    fc.oneof(
      { weight: 6, arbitrary: pick(pool) },
      { weight: 3, arbitrary: pick(pool).map((v) => (/^\d+$/.test(v) ? Number(v) : v)) },
      { weight: 1, arbitrary: pick(['999999', 'x', ' 7 ', '0']) },
    );
  const codes = (field: string, pool: readonly string[], operators: readonly ('=' | 'IN' | 'IN_ALL')[]) =>
    pick(operators).chain((operator) =>
      fc.record({
        field: fc.constant(field),
        operator: fc.constant(operator),
        values:
          operator === '='
            ? codeValue(pool).map((v) => [v])
            : fc.array(codeValue(pool), { minLength: 1, maxLength: 3 }),
      }),
    );
  const number = pick(['=', '>', '>=', '<', '<=', 'BETWEEN'] as const).chain((operator) =>
    fc.record({
      field: fc.constant('influence'),
      operator: fc.constant(operator),
      values: fc.array(
        fc.oneof(
          { weight: 8, arbitrary: fc.integer({ min: -2, max: 22 }) },
          { weight: 1, arbitrary: pick([2.5, -0.5, 1e12, -1e12]) },
        ),
        {
          minLength: operator === 'BETWEEN' ? 2 : 1,
          maxLength: operator === 'BETWEEN' ? 2 : 1,
        },
      ),
    }),
  );
  const day = pick([
    '2024-12-29',
    '2024-12-30',
    '2024-12-31',
    '2025-01-01',
    '2025-01-02',
    '2024-02-29',
    '2024-03-01',
  ]);
  const date = pick(['=', '>', '>=', '<', '<=', 'BETWEEN'] as const).chain((operator) =>
    fc.record({
      field: fc.constant('createDate'),
      operator: fc.constant(operator),
      values: fc.array(day, {
        minLength: operator === 'BETWEEN' ? 2 : 1,
        maxLength: operator === 'BETWEEN' ? 2 : 1,
      }),
    }),
  );
  const parts = (keys: readonly ('day' | 'month' | 'year')[]) =>
    fc
      .record({
        day: fc.integer({ min: 1, max: 31 }),
        month: fc.integer({ min: 1, max: 12 }),
        year: fc.integer({ min: 1940, max: 2012 }),
      })
      .map((p) => {
        const out: { day?: number; month?: number; year?: number } = {};
        for (const k of keys) out[k] = p[k];
        if (out.day !== undefined && out.month !== undefined) {
          const max = new Date(Date.UTC(out.year ?? 2024, out.month, 0)).getUTCDate();
          out.day = Math.min(out.day, max);
        }
        return out;
      });
  const partSets = [
    ['day'],
    ['month'],
    ['year'],
    ['day', 'month'],
    ['month', 'year'],
    ['day', 'year'],
    ['day', 'month', 'year'],
  ] as const;
  const birth = fc.oneof(
    fc.record({
      field: fc.constant('birthDate'),
      operator: fc.constant('=' as const),
      values: fc
        .oneof(
          { weight: 3, arbitrary: pick(['today', 'tomorrow', 'current-week', 'current-month']) },
          { weight: 2, arbitrary: pick(partSets).chain(parts) },
        )
        .map((v) => [v]),
    }),
    pick(partSets).chain((keys) =>
      fc.record({
        field: fc.constant('birthDate'),
        operator: fc.constant('BETWEEN' as const),
        values: parts(keys).chain((a) =>
          fc.oneof(
            fc.constant([a, a]),
            parts(keys).map((b) => [a, b]),
          ),
        ),
      }),
    ),
  );
  const users = ids.users.flatMap((u) => [u.code, u.code.toUpperCase(), u.personId]);
  return fc.oneof(
    { weight: 1, arbitrary: str('name', WORDS) },
    { weight: 1, arbitrary: str('email', ['jose', 'maria.souza', 'x_y', '@exemplo', '.com']) },
    { weight: 1, arbitrary: str('city', CITIES) },
    { weight: 1, arbitrary: str('neighborhood', NEIGHBORHOODS) },
    { weight: 1, arbitrary: str('street', ['Rua', 'Flores', 'são bento']) },
    { weight: 1, arbitrary: str('profession', PROFESSIONS) },
    { weight: 1, arbitrary: str('cpf', ['529.982', '11144477735', '447', '909']) },
    { weight: 1, arbitrary: str('cellphone', ['(11) 9', '9', '61', '98']) },
    { weight: 1, arbitrary: str('votingZone', ['001', '123', '2']) },
    { weight: 1, arbitrary: str('votingSection', ['0001', '45', '04']) },
    { weight: 1, arbitrary: enumeration('gender', GENDERS) },
    { weight: 1, arbitrary: enumeration('vote', VOTES) },
    { weight: 1, arbitrary: enumeration('emailStatus', CONTACT_STATUSES) },
    { weight: 1, arbitrary: enumeration('smsStatus', CONTACT_STATUSES) },
    { weight: 1, arbitrary: enumeration('state', ['SP', 'RJ', 'MG', 'BA', 'PA']) },
    { weight: 1, arbitrary: codes('tags', ids.tags, ['=', 'IN', 'IN_ALL']) },
    { weight: 1, arbitrary: codes('godfatherCode', ids.people, ['=', 'IN']) },
    { weight: 1, arbitrary: codes('companyCode', ids.companies, ['=', 'IN']) },
    { weight: 1, arbitrary: codes('createPersonCode', users, ['=', 'IN']) },
    { weight: 2, arbitrary: number },
    { weight: 2, arbitrary: date },
    { weight: 6, arbitrary: birth },
  ) as fc.Arbitrary<FilterUnit>;
}

function alternate<T>(items: fc.Arbitrary<T>, maxLength: number): fc.Arbitrary<(T | 'AND' | 'OR')[]> {
  return fc
    .tuple(
      fc.array(items, { minLength: 1, maxLength }),
      fc.array(pick(['AND', 'OR'] as const), { minLength: maxLength, maxLength }),
    )
    .map(([units, ops]) => units.flatMap((u, i) => (i === 0 ? [u] : [ops[i - 1] as 'AND' | 'OR', u])));
}

const expressionArb = (ids: Ids): fc.Arbitrary<FilterExpression> =>
  fc.oneof(
    { weight: 1, arbitrary: fc.constant<FilterExpression>([]) },
    {
      weight: 12,
      arbitrary: alternate(
        alternate(unitArb(ids), 4).map((units): FilterGroup => ({ units })),
        3,
      ) as fc.Arbitrary<FilterExpression>,
    },
  );

// ---------- invalid expressions ----------

const invalidUnitArb: fc.Arbitrary<unknown> = fc.oneof(
  // a field outside the whitelist
  fc.record({
    field: fc.oneof(
      pick(['cnpj', 'mainContactCode', 'tenant_id', 'id', 'name;--', '']),
      fc.string({ maxLength: 8 }),
    ),
    operator: fc.constant('='),
    values: fc.constant(['x']),
  }),
  // an operator the kind does not take
  fc.oneof(
    fc.record({
      field: pick(['name', 'email', 'city', 'cpf']),
      operator: pick(['>', '<', 'BETWEEN', 'IN', 'IN_ALL']),
      values: fc.constant(['a']),
    }),
    fc.record({
      field: pick(['influence', 'createDate']),
      operator: pick(['CONTAINS', 'IN', 'STARTS_WITH', 'IN_ALL']),
      values: fc.constant([1]),
    }),
    fc.record({
      field: pick(['vote', 'gender', 'godfatherCode']),
      operator: pick(['>', 'CONTAINS', 'BETWEEN', 'IN_ALL']),
      values: fc.constant(['LOST']),
    }),
    fc.record({
      field: fc.constant('birthDate'),
      operator: pick(['>', '<=', 'IN', 'CONTAINS']),
      values: fc.constant([{ month: 1 }]),
    }),
    fc.record({
      field: fc.constant('name'),
      operator: fc.string({ maxLength: 6 }),
      values: fc.constant(['a']),
    }),
  ),
  // wrong values for a right operator
  fc.oneof(
    fc.record({
      field: pick(['name', 'city']),
      operator: fc.constant('='),
      values: fc.oneof(fc.constant([]), fc.constant(['  ']), fc.constant([1]), fc.constant(['a', 'b'])),
    }),
    fc.record({
      field: fc.constant('influence'),
      operator: pick(['=', 'BETWEEN']),
      values: fc.oneof(
        fc.constant([]),
        fc.constant(['1']),
        fc.constant([1, 2, 3]),
        fc.constant([{ day: 1 }]),
      ),
    }),
    fc.record({
      field: fc.constant('createDate'),
      operator: fc.constant('='),
      values: fc.oneof(fc.constant(['2024-02-30']), fc.constant(['ontem']), fc.constant([20240101])),
    }),
    fc.record({
      field: fc.constant('vote'),
      operator: pick(['=', 'IN']),
      values: fc.oneof(fc.constant([]), fc.constant(['WON']), fc.constant(['LOST', 'LOST', 'x'])),
    }),
    fc.record({
      field: fc.constant('tags'),
      operator: pick(['=', 'IN', 'IN_ALL']),
      values: fc.oneof(fc.constant([]), fc.constant([-1]), fc.constant([1.5]), fc.constant([''])),
    }),
    fc.record({
      field: fc.constant('birthDate'),
      operator: pick(['=', 'BETWEEN']),
      values: fc.oneof(
        fc.constant([{}]),
        fc.constant([{ day: 31, month: 2 }]),
        fc.constant([{ year: 1800 }]),
        fc.constant([{ year: 2999 }]),
        fc.constant(['yesterday']),
        fc.constant(['today', 'tomorrow']),
        fc.constant([{ month: 1 }, { year: 2000 }]),
        fc.constant([{ month: 13 }]),
        fc.constant([{ month: 1, hour: 2 }]),
      ),
    }),
  ),
  // anything at all
  fc.anything(),
);

const invalidExpressionArb = (ids: Ids): fc.Arbitrary<unknown> =>
  fc.oneof(
    // one bad unit among good ones
    fc.tuple(alternate(unitArb(ids), 2), invalidUnitArb, fc.nat(3)).map(([units, bad, at]) => {
      const list: unknown[] = [...units];
      const i = Math.min(at, Math.floor(list.length / 2)) * 2;
      list.splice(i, 1, bad);
      return [{ units: list }];
    }),
    // broken alternation
    unitArb(ids).map((u) => [{ units: [u, u] }]),
    unitArb(ids).map((u) => [{ units: [u, 'AND'] }]),
    unitArb(ids).map((u) => [{ units: [u] }, 'OR']),
    unitArb(ids).map((u) => ['AND', { units: [u] }]),
    fc.constant([{ units: [] }]),
    unitArb(ids).map((u) => [{ units: [u], extra: 1 }]),
    unitArb(ids).map((u) => [{ units: [u] }, 'XOR', { units: [u] }]),
    fc.anything(),
  );

describe(`compileFilter properties (${testEngine})`, () => {
  let db: Database;
  let cleanup: () => Promise<void>;
  let fx: FilterFixture;
  let rows: (FilterRow & { isTeam: boolean })[];
  let ids: Ids;

  beforeAll(async () => {
    ({ db, cleanup } = await createTestDatabase());
    fx = await buildFilterFixture(db);
    const anchors = fc
      .sample(personArb(0), { numRuns: 5, seed: SEED })
      .map((p) => ({ ...p, godfather: null }));
    const others = fc.sample(personArb(0.15), { numRuns: 85, seed: SEED + 1 });
    const people = await fx.insertPeople([...anchors, ...others]);
    rows = await fx.rows();
    ids = { tags: fx.tags, companies: fx.companies, people: people.slice(0, 6), users: fx.users };
  });
  afterAll(() => cleanup());

  it('random valid expressions: SQL returns exactly the rows of the in-memory evaluation', async () => {
    let nonTrivial = 0;
    await fc.assert(
      fc.asyncProperty(
        expressionArb(ids),
        pick(NOWS),
        pick(['PERSON', 'TEAM'] as const),
        async (expression, now, type) => {
          expect(expressionErrors(type, expression)).toEqual([]);
          const expected = rows
            .filter((r) => r.isTeam === (type === 'TEAM') && evaluateFilter(expression, r, { type, now }))
            .map((r) => r.id)
            .sort(byId);
          const actual = await fx.query(expression, type, now);
          if (expected.length > 0 && expected.length < rows.length / 2) nonTrivial++;
          expect(actual).toEqual(expected);
          // the variant pages of dense matches use (name CONTAINS without the name-words lookup)
          if (usesNameWords(expression)) {
            expect(await fx.query(expression, type, now, { nameWords: false })).toEqual(expected);
          }
        },
      ),
      { numRuns: RUNS, seed: SEED },
    );
    // the generators must produce selective expressions, not only "all" or "none"
    expect(nonTrivial).toBeGreaterThan(RUNS / 5);
  });

  it('random invalid expressions are a 400 AppError, never a SQL error', async () => {
    await fc.assert(
      fc.asyncProperty(
        invalidExpressionArb(ids),
        pick(['PERSON', 'TEAM', 'COMPANY'] as const),
        async (expression, type) => {
          let compiled: ReturnType<typeof compileFilter>;
          try {
            compiled = compileFilter(expression as FilterExpression, { type, now: NOWS[0] });
          } catch (error) {
            expect(error).toBeInstanceOf(AppError);
            expect((error as AppError).status).toBe(400);
            expect((error as AppError).errors).not.toHaveLength(0);
            return;
          }
          // the few generated cases that happen to be valid (e.g. fc.anything() giving []) must run
          const table = type === 'COMPANY' ? 'companies as c' : 'people as p';
          await db.kysely.transaction().execute(async (trx) => {
            await trx
              .selectFrom(table as 'people as p')
              .select(db.kysely.fn.countAll().as('n'))
              .where(compiled)
              .execute();
          });
        },
      ),
      { numRuns: RUNS, seed: SEED },
    );
  });
});
