import '../common/zod-locale.ts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../common/field-errors.ts';
import type { SegmentType } from '../crm/enums.ts';
import { CRM_MESSAGES } from '../crm/visibility.ts';
import {
  birthDateError,
  EXPRESSION_MESSAGES,
  expressionErrors,
  type FilterExpression,
  FilterExpressionSchema,
  type FilterGroup,
  type FilterUnit,
  type FilterValue,
  isUnitComplete,
  MAX_EXPRESSION_VALUES,
  operatorsFor,
  unitError,
} from './expression.ts';
import {
  COMPARE_OPERATORS,
  type CompareOperator,
  FILTER_FIELDS,
  fieldDef,
  OPERATORS_BY_KIND,
} from './fields.ts';

const u = (field: string, operator: CompareOperator, values: FilterValue[]): FilterUnit => ({
  field,
  operator,
  values,
});
const one = (...units: (FilterUnit | 'AND' | 'OR')[]): FilterExpression => [{ units }];
/** Errors of a single-unit expression. */
const check = (unit: FilterUnit, type: SegmentType = 'PERSON') => expressionErrors(type, one(unit));
/** The messages the API answers (fieldErrors digs into the union option meant). */
const messagesOf = (value: unknown) => {
  const result = FilterExpressionSchema.safeParse(value);
  if (result.success) throw new Error('expected a failure');
  return Object.values(fieldErrors(result.error.issues)).flat();
};

describe('FilterExpressionSchema (shape)', () => {
  it('takes groups and logic operators; an empty list is valid', () => {
    const expression = [
      { units: [u('name', 'CONTAINS', ['ana']), 'OR', u('influence', '>', [3])] },
      'AND',
      { units: [u('birthDate', '=', [{ day: 1, month: 2 }])] },
    ];
    expect(FilterExpressionSchema.parse(expression)).toEqual(expression);
    expect(FilterExpressionSchema.parse([])).toEqual([]);
  });

  it('refuses unknown operators, logic words, long or too many values and unknown keys', () => {
    expect(messagesOf(one(u('name', 'LIKE' as CompareOperator, ['a'])))).toContain('Operador inválido');
    expect(messagesOf([{ units: [u('name', '=', ['a'])] }, 'XOR', { units: [] }])).toContain(
      'Operador lógico inválido',
    );
    expect(messagesOf(one(u('name', '=', ['a'.repeat(201)])))).toContain('Valor com mais de 200 caracteres');
    expect(
      messagesOf(
        one(
          u(
            'tags',
            'IN',
            Array.from({ length: 501 }, (_, i) => i + 1),
          ),
        ),
      ),
    ).toContain('Uma condição aceita no máximo 500 valores');
    const units = Array.from({ length: 61 }, (_, i) => (i % 2 ? 'AND' : u('name', '=', ['a'])));
    expect(messagesOf([{ units }])).toContain('Um grupo aceita no máximo 30 condições');
    const groups = Array.from({ length: 31 }, (_, i) => (i % 2 ? 'OR' : { units: [u('name', '=', ['a'])] }));
    expect(messagesOf(groups)).toContain('A expressão aceita no máximo 15 grupos');
    expect(
      FilterExpressionSchema.safeParse([{ units: [{ ...u('name', '=', ['a']), not: true }] }]).success,
    ).toBe(false);
    expect(FilterExpressionSchema.safeParse('name = ana').success).toBe(false);
    // a condition compares with at least one value, whatever the operator (an empty IN is no SQL)
    for (const operator of COMPARE_OPERATORS)
      expect(messagesOf(one(u('vote', operator, [])))).toEqual([EXPRESSION_MESSAGES.noValues]);
    expect(messagesOf([{ units: [u('name', '=', ['a']), 'AND', u('tags', 'IN_ALL', [])] }])).toEqual([
      EXPRESSION_MESSAGES.noValues,
    ]);
    expect(FilterExpressionSchema.safeParse(one(u('name', '=', ['a\u0000']))).success).toBe(false);
    expect(
      FilterExpressionSchema.safeParse(one(u('influence', '=', [Number.POSITIVE_INFINITY]))).success,
    ).toBe(false);
  });

  it(`caps the values of the whole expression at ${MAX_EXPRESSION_VALUES}`, () => {
    const group = (n: number): FilterGroup => ({
      units: [
        u(
          'tags',
          'IN',
          Array.from({ length: n }, (_, i) => i + 1),
        ),
      ],
    });
    // nine groups of 500 values (the most one condition takes) and one of 499, then one more group
    const expression = (last: number) => [
      ...Array.from({ length: 10 }, (_, i) => [group(i < 9 ? 500 : 499), 'OR'] as const).flat(),
      group(last),
    ];
    expect(FilterExpressionSchema.safeParse(expression(1)).success).toBe(true);
    expect(messagesOf(expression(2))).toEqual(['A expressão aceita no máximo 5.000 valores no total']);
  });
});

describe('expressionErrors (alternation and whitelist)', () => {
  const g = { units: [u('name', '=', ['Ana'])] };

  it('groups and logic operators must alternate, starting and ending with a group', () => {
    expect(expressionErrors('PERSON', [])).toEqual([]);
    expect(expressionErrors('PERSON', [g, 'AND', g, 'OR', g])).toEqual([]);
    for (const bad of [[g, g], [g, 'AND'], ['OR', g], ['AND'], [g, 'AND', 'OR', g]] as FilterExpression[])
      expect(expressionErrors('PERSON', bad), JSON.stringify(bad)).toEqual([EXPRESSION_MESSAGES.alternation]);
    const unit = u('name', '=', ['Ana']);
    for (const units of [[], [unit, unit], [unit, 'OR'], ['AND', unit]] as FilterGroup['units'][])
      expect(expressionErrors('PERSON', [{ units }]), JSON.stringify(units)).toEqual([
        EXPRESSION_MESSAGES.alternation,
      ]);
  });

  it('names an unknown field once, for the type it is not in', () => {
    expect(check(u('password', '=', ['x']))).toEqual(['Campo de filtro não permitido: password']);
    expect(check(u('vote', '=', ['LOST']), 'COMPANY')).toEqual([EXPRESSION_MESSAGES.unknownField('vote')]);
    expect(check(u('cnpj', '=', ['1']), 'TEAM')).toEqual([EXPRESSION_MESSAGES.unknownField('cnpj')]);
    expect(expressionErrors('PERSON', one(u('x', '=', ['a']), 'OR', u('x', '=', ['b'])))).toEqual([
      EXPRESSION_MESSAGES.unknownField('x'),
    ]);
  });

  it('a well-formed expression of valid units has no errors (property)', () => {
    const validUnits = fc.constantFrom<FilterUnit>(
      u('name', 'STARTS_WITH', ['Ma']),
      u('influence', 'BETWEEN', [5, 1]),
      u('createDate', '>=', ['2024-01-01']),
      u('birthDate', '=', ['current-month']),
      u('state', 'IN', ['SP', 'RJ']),
      u('tags', 'IN_ALL', [1, 2]),
      u('godfatherCode', '=', [7]),
    );
    const logic = fc.constantFrom<'AND' | 'OR'>('AND', 'OR');
    const interleave = <T>(items: T[], ops: ('AND' | 'OR')[]) =>
      items.flatMap((item, i) => (i === 0 ? [item] : [ops[i - 1] as 'AND' | 'OR', item]));
    const group = fc
      .tuple(
        fc.array(validUnits, { minLength: 1, maxLength: 5 }),
        fc.array(logic, { minLength: 4, maxLength: 4 }),
      )
      .map(([units, ops]): FilterGroup => ({ units: interleave(units, ops) }));
    const expression = fc
      .tuple(fc.array(group, { minLength: 1, maxLength: 6 }), fc.array(logic, { minLength: 5, maxLength: 5 }))
      .map(([groups, ops]) => interleave(groups, ops) as FilterExpression);
    fc.assert(
      fc.property(expression, (e) => {
        expect(FilterExpressionSchema.safeParse(e).success).toBe(true);
        expect(expressionErrors('PERSON', e)).toEqual([]);
        // dropping the logic operator after the first group breaks the alternation
        if (e.length >= 3)
          expect(expressionErrors('PERSON', [e[0], ...e.slice(2)] as FilterExpression)).toContain(
            EXPRESSION_MESSAGES.alternation,
          );
      }),
    );
  });
});

describe('unitError by operator family', () => {
  it('every field refuses exactly the operators its kind does not offer', () => {
    for (const type of ['PERSON', 'COMPANY'] as const)
      for (const def of FILTER_FIELDS[type])
        for (const op of COMPARE_OPERATORS) {
          const error = unitError(def, u(def.field, op, []));
          if (OPERATORS_BY_KIND[def.kind].includes(op))
            expect(error).not.toBe(EXPRESSION_MESSAGES.operator(def.field, op));
          else
            expect(error, `${def.field} ${op}`).toBe(
              `Operador ${op} não permitido para o campo ${def.field}`,
            );
        }
  });

  it('strings (=, CONTAINS, STARTS_WITH): one non-blank text', () => {
    for (const op of ['=', 'CONTAINS', 'STARTS_WITH'] as const)
      expect(check(u('city', op, ['Santos']))).toEqual([]);
    expect(check(u('cpf', '=', ['529.982.247-25']))).toEqual([]);
    for (const values of [[], ['  '], [3], ['a', 'b']] as FilterValue[][])
      expect(check(u('name', 'CONTAINS', values)), JSON.stringify(values)).toEqual([
        EXPRESSION_MESSAGES.values('name'),
      ]);
  });

  it('numbers (=, >, >=, <, <=, BETWEEN): one number, two for BETWEEN', () => {
    for (const op of ['=', '>', '>=', '<', '<='] as const) expect(check(u('influence', op, [3]))).toEqual([]);
    expect(check(u('influence', 'BETWEEN', [10, 1]))).toEqual([]);
    for (const [op, values] of [
      ['=', ['3']],
      ['>', [1, 2]],
      ['BETWEEN', [1]],
      ['BETWEEN', [1, 2, 3]],
      ['<=', []],
    ] as [CompareOperator, FilterValue[]][])
      expect(check(u('influence', op, values)), `${op} ${values}`).toEqual([
        EXPRESSION_MESSAGES.values('influence'),
      ]);
  });

  it('dates (createDate): real YYYY-MM-DD days, a time after the day is ignored', () => {
    expect(check(u('createDate', '=', ['2024-02-29']))).toEqual([]);
    expect(check(u('createDate', '<', ['2024-02-29 23:59:59']))).toEqual([]);
    expect(check(u('createDate', 'BETWEEN', ['2024-01-01', '2023-12-31']))).toEqual([]);
    expect(check(u('createDate', '>=', ['2024-01-01']), 'COMPANY')).toEqual([]);
    for (const values of [
      ['2023-02-29'],
      ['01/02/2024'],
      [20240101],
      ['2024-01-01', '2024-02-01'],
    ] as FilterValue[][])
      expect(check(u('createDate', '=', values)), JSON.stringify(values)).toEqual([
        EXPRESSION_MESSAGES.values('createDate'),
      ]);
  });

  it('enums (=, IN): listed values, one for =', () => {
    expect(check(u('gender', '=', ['FEMALE']))).toEqual([]);
    expect(check(u('vote', 'IN', ['LOST', 'CONQUERED']))).toEqual([]);
    expect(check(u('state', 'IN', ['SP']), 'COMPANY')).toEqual([]);
    for (const [op, values] of [
      ['=', ['FEMALE', 'MALE']],
      ['IN', []],
      ['IN', ['female']],
      ['=', [1]],
    ] as [CompareOperator, FilterValue[]][])
      expect(check(u('gender', op, values)), `${op} ${values}`).toEqual([
        EXPRESSION_MESSAGES.values('gender'),
      ]);
    expect(check(u('emailStatus', 'CONTAINS', ['VAL']))).toEqual([
      EXPRESSION_MESSAGES.operator('emailStatus', 'CONTAINS'),
    ]);
  });

  it('autocompletes and tags (=, IN, and IN_ALL for tags): positive codes or non-empty code strings', () => {
    expect(check(u('godfatherCode', '=', [12]))).toEqual([]);
    expect(check(u('companyCode', 'IN', [1, '2']))).toEqual([]);
    expect(check(u('createPersonCode', '=', ['0b6f1d1e-3c59-4d1b-9f51-5a3f7c1b2a10']))).toEqual([]);
    expect(check(u('tags', 'IN_ALL', [1, 2, 3]))).toEqual([]);
    expect(check(u('tags', '=', [4]), 'COMPANY')).toEqual([]);
    for (const [op, values] of [
      ['=', [1, 2]],
      ['IN', []],
      ['IN', [0]],
      ['IN', [1.5]],
      ['IN', ['']],
      ['=', [{ day: 1 }]],
    ] as [CompareOperator, FilterValue[]][])
      expect(check(u('tags', op, values)), `${op} ${JSON.stringify(values)}`).toEqual([
        EXPRESSION_MESSAGES.values('tags'),
      ]);
    expect(check(u('godfatherCode', 'IN_ALL', [1]))).toEqual([
      EXPRESSION_MESSAGES.operator('godfatherCode', 'IN_ALL'),
    ]);
  });

  it('birth dates (=, BETWEEN): parts or quick values; a range has the same parts on both sides', () => {
    for (const value of [
      'today',
      'tomorrow',
      'current-week',
      'current-month',
      { day: 29, month: 2 },
      { year: 1990 },
    ])
      expect(check(u('birthDate', '=', [value])), JSON.stringify(value)).toEqual([]);
    expect(
      check(
        u('birthDate', 'BETWEEN', [
          { month: 12, day: 20 },
          { month: 1, day: 10 },
        ]),
      ),
    ).toEqual([]);
    expect(check(u('birthDate', 'BETWEEN', [{ month: 1 }, { day: 3, month: 3 }]))).toEqual([
      EXPRESSION_MESSAGES.birthBetweenParts,
    ]);
    expect(check(u('birthDate', 'BETWEEN', ['today', 'tomorrow']))).toEqual([
      EXPRESSION_MESSAGES.values('birthDate'),
    ]);
    expect(check(u('birthDate', 'BETWEEN', [{ year: 1990 }]))).toEqual([
      EXPRESSION_MESSAGES.values('birthDate'),
    ]);
    expect(check(u('birthDate', '=', ['yesterday']))).toEqual([EXPRESSION_MESSAGES.birthDate]);
    expect(check(u('birthDate', '=', [{ day: 31, month: 4 }]))).toEqual(['Informe uma data válida']);
    expect(check(u('birthDate', 'IN', ['today']))).toEqual([EXPRESSION_MESSAGES.operator('birthDate', 'IN')]);
  });
});

describe('birthDateError', () => {
  it('checks years, days of the month and leap years against the given current year', () => {
    expect(birthDateError({ year: 1900 }, 2025)).toBeUndefined();
    expect(birthDateError({ year: 1899 }, 2025)).toBe('Informe um ano maior ou igual a 1900');
    expect(birthDateError({ year: 2026 }, 2025)).toBe('Informe um ano menor ou igual ao atual');
    expect(birthDateError({ year: 2025 }, 2025)).toBeUndefined();
    expect(birthDateError({}, 2025)).toBe(EXPRESSION_MESSAGES.birthDate);
    expect(birthDateError({ day: 31 }, 2025)).toBeUndefined();
    expect(birthDateError({ day: 29, month: 2 }, 2025)).toBeUndefined();
    expect(birthDateError({ day: 29, month: 2, year: 2023 }, 2025)).toBe(EXPRESSION_MESSAGES.birthDate);
    expect(birthDateError({ day: 29, month: 2, year: 2024 }, 2025)).toBeUndefined();
    expect(birthDateError({ day: 30, month: 2 }, 2025)).toBe(EXPRESSION_MESSAGES.birthDate);
    expect(birthDateError(7, 2025)).toBe(EXPRESSION_MESSAGES.birthDate);
  });
});

describe('isUnitComplete and operatorsFor', () => {
  it('a unit is complete with field, operator and valid values', () => {
    expect(isUnitComplete('PERSON', { field: 'name' })).toBe(false);
    expect(isUnitComplete('PERSON', { field: 'name', operator: '=' })).toBe(false);
    expect(isUnitComplete('PERSON', { field: 'name', operator: '=', values: [] })).toBe(false);
    expect(isUnitComplete('PERSON', u('name', '=', ['Ana']))).toBe(true);
    expect(isUnitComplete('COMPANY', u('vote', '=', ['LOST']))).toBe(false);
    expect(isUnitComplete('PERSON', u('influence', 'BETWEEN', [1]))).toBe(false);
  });

  it('offers the operators of the field kind, none for an unknown field', () => {
    expect(operatorsFor('PERSON', 'tags')).toEqual(['=', 'IN', 'IN_ALL']);
    expect(operatorsFor('COMPANY', 'cnpj')).toEqual(['=', 'CONTAINS', 'STARTS_WITH']);
    expect(operatorsFor('COMPANY', 'vote')).toEqual([]);
    expect(operatorsFor('TEAM', 'birthDate')).toBe(OPERATORS_BY_KIND.birthDate);
    expect(fieldDef('TEAM', 'birthDate')).toBeDefined();
  });

  it('the invalid-expression headline is the one the server answers', () => {
    expect(CRM_MESSAGES.invalidExpression).toBe('Expressão de filtro inválida');
    expect(EXPRESSION_MESSAGES.operator('vote', 'CONTAINS')).toBe(
      'Operador CONTAINS não permitido para o campo vote',
    );
  });
});
