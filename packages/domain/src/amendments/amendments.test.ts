import { describe, expect, it } from 'vitest';
import {
  AMENDMENT_TEXTS,
  AmendmentListQuerySchema,
  AmendmentSaveSchema,
  amendmentLastYear,
} from './amendments.schemas.ts';
import {
  canonicalMoney,
  formatBrDecimal,
  formatBrl,
  formatCsvDecimal,
  isNotPositive,
  parseBrMoney,
} from './money.ts';

const valid = { year: 2024, title: ' Recife ', value: '1500.5', status: 'PAID' };

const errorsOf = (input: unknown) => {
  const r = AmendmentSaveSchema.safeParse(input);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('money', () => {
  it('keeps amounts as exact canonical strings', () => {
    expect(canonicalMoney('0010.5')).toBe('10.50');
    expect(canonicalMoney('-0')).toBe('0.00');
    expect(canonicalMoney('999999999999.99')).toBe('999999999999.99');
    expect(canonicalMoney('1000000000000')).toBeUndefined();
    expect(canonicalMoney('1.234')).toBeUndefined();
    expect(canonicalMoney('1e3')).toBeUndefined();
    expect(canonicalMoney('abc')).toBeUndefined();
  });

  it('reads pt-BR input', () => {
    expect(parseBrMoney('R$ 1.234,56')).toBe('1234.56');
    expect(parseBrMoney('1.234')).toBe('1234.00');
    expect(parseBrMoney('10.5')).toBe('10.50');
    expect(parseBrMoney('-5,5')).toBe('-5.50');
    expect(parseBrMoney('')).toBeUndefined();
    expect(parseBrMoney('dez')).toBeUndefined();
  });

  it('formats pt-BR currency without floats', () => {
    expect(formatBrl('1234567.8')).toBe('R$ 1.234.567,80');
    expect(formatBrl('0.30')).toBe('R$ 0,30');
    expect(formatBrl('-3')).toBe('-R$ 3,00');
    expect(formatBrl('12345678901234567890.10')).toBe('R$ 12.345.678.901.234.567.890,10');
    expect(formatBrDecimal('1000')).toBe('1.000,00');
    expect(formatCsvDecimal('1000.1')).toBe('1000,10');
    expect(isNotPositive('0.00')).toBe(true);
    expect(isNotPositive('-1')).toBe(true);
    expect(isNotPositive('0.01')).toBe(false);
  });
});

describe('AmendmentSaveSchema', () => {
  it('accepts a new amendment and normalises it', () => {
    expect(AmendmentSaveSchema.parse(valid)).toEqual({
      code: null,
      year: 2024,
      title: 'Recife',
      description: null,
      receiver: null,
      value: '1500.50',
      status: 'PAID',
      contact: null,
    });
    expect(AmendmentSaveSchema.parse({ ...valid, value: 0.1, code: 3, contact: 7 }).value).toBe('0.10');
  });

  it("takes the spec client's empty code for a new amendment and digit strings for codes", () => {
    expect(AmendmentSaveSchema.parse({ ...valid, code: '', contact: '' })).toMatchObject({
      code: null,
      contact: null,
    });
    expect(AmendmentSaveSchema.parse({ ...valid, code: '12', contact: '7' })).toMatchObject({
      code: 12,
      contact: 7,
    });
    for (const code of [' ', '0', '-1', '1.5', '12a', '1'.repeat(16), 0, 1.5, true, {}])
      expect(errorsOf({ ...valid, code }).code, JSON.stringify(code)).toBeDefined();
  });

  it('refuses absurd values, years and statuses in pt-BR', () => {
    expect(errorsOf({ ...valid, value: '1e12' }).value).toBe(AMENDMENT_TEXTS.value);
    expect(errorsOf({ ...valid, value: 1e12 }).value).toBe(AMENDMENT_TEXTS.value);
    expect(errorsOf({ ...valid, value: Number.NaN }).value).toBe(AMENDMENT_TEXTS.value);
    expect(errorsOf({ ...valid, value: 'mil' }).value).toBe(AMENDMENT_TEXTS.value);
    expect(errorsOf({ ...valid, value: '1.001' }).value).toBe(AMENDMENT_TEXTS.value);
    expect(errorsOf({ ...valid, year: 1987 }).year).toMatch(/^Ano deve estar entre 1988/);
    expect(errorsOf({ ...valid, year: amendmentLastYear() + 1 }).year).toMatch(/^Ano deve/);
    expect(errorsOf({ ...valid, status: 'LOST' }).status).toBe(AMENDMENT_TEXTS.status);
    expect(Object.keys(errorsOf({ ...valid, extra: 1 }))).toEqual(['']);
    expect(errorsOf({ ...valid, title: '  ' }).title).toBe('Campo Obrigatório');
  });
});

describe('AmendmentListQuerySchema', () => {
  it('reads the filters from a query string', () => {
    expect(AmendmentListQuerySchema.parse({ year: '2023', status: 'ANALISYS', contact: '12' })).toMatchObject(
      {
        year: 2023,
        status: 'ANALISYS',
        contact: '12',
        page: 1,
        itemsPerPage: 10,
      },
    );
    expect(AmendmentListQuerySchema.safeParse({ itemsPerPage: '51' }).success).toBe(false);
    expect(AmendmentListQuerySchema.safeParse({ year: '1900' }).success).toBe(false);
    expect(AmendmentListQuerySchema.safeParse({ contact: '-1' }).success).toBe(false);
  });

  it("takes the spec client's filters object, in bracket form or as JSON, cleared fields as no filter", () => {
    const bracket = { filters: { title: 'Recife', status: 'PAID', year: '2024', contact: '' }, page: '2' };
    expect(AmendmentListQuerySchema.parse(bracket)).toEqual({
      title: 'Recife',
      status: 'PAID',
      year: 2024,
      page: 2,
      itemsPerPage: 10,
    });
    const json = JSON.stringify({ title: '', receiver: null, status: 'ANALISYS', year: 2023, contact: 12 });
    expect(AmendmentListQuerySchema.parse({ filters: json })).toEqual({
      status: 'ANALISYS',
      year: 2023,
      contact: '12',
      page: 1,
      itemsPerPage: 10,
    });
    expect(AmendmentListQuerySchema.parse({ filters: { year: '2023' }, year: '2024' }).year).toBe(2024);
  });

  it('refuses a malformed filters object: unknown or prototype keys, wrong types, not JSON', () => {
    const refused = [
      { filters: { title: 'x', other: '1' } },
      { filters: JSON.parse('{"__proto__": "x"}') },
      { filters: '{"constructor": 1}' },
      { filters: { year: '1900' } },
      { filters: { year: 2024.5 } },
      { filters: { contact: '-1' } },
      { filters: { status: 'LOST' } },
      { filters: { title: 'x'.repeat(151) } },
      { filters: '{not json' },
      { filters: '[1]' },
      { filters: ['a'] },
      { filters: { title: ['a', 'b'] } },
    ];
    for (const query of refused)
      expect(AmendmentListQuerySchema.safeParse(query).success, JSON.stringify(query)).toBe(false);
  });

  it('says the summary with plural', () => {
    expect(AMENDMENT_TEXTS.summary(1, 'R$ 1,00')).toBe('1 emenda · total R$ 1,00');
    expect(AMENDMENT_TEXTS.summary(2, 'R$ 1,00')).toBe('2 emendas · total R$ 1,00');
  });
});
