import { describe, expect, it } from 'vitest';
import { centsToReais, formatBrlCents, reaisToCents } from './donations.money.ts';

describe('reais ↔ cents without floats', () => {
  it('reads the provider decimal text and its JSON numbers exactly', () => {
    expect(reaisToCents('1064.00')).toBe(106_400);
    expect(reaisToCents(1064)).toBe(106_400);
    expect(reaisToCents('5')).toBe(500);
    expect(reaisToCents('10.5')).toBe(1050);
    expect(reaisToCents(10.5)).toBe(1050);
    expect(reaisToCents(0)).toBe(0);
    // the classic float traps: 19.99 * 100 = 1998.9999999999998, 1.15 * 100 = 114.99999999999999
    expect(reaisToCents(19.99)).toBe(1999);
    expect(reaisToCents(1.15)).toBe(115);
    expect(reaisToCents(0.1) + reaisToCents(0.2)).toBe(30);
  });

  it('refuses what is not an amount of at most two decimals', () => {
    // 0.1 + 0.2 is 0.30000000000000004: a computed float, not a provider amount
    expect(() => reaisToCents(0.1 + 0.2)).toThrow(RangeError);
    for (const bad of ['1.005', '-5.00', '1e3', '', 'abc', '10,50', ' . ']) {
      expect(() => reaisToCents(bad)).toThrow(RangeError);
    }
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, -1, 1e21]) {
      expect(() => reaisToCents(bad)).toThrow(RangeError);
    }
  });

  it('writes cents as the provider decimal text', () => {
    expect(centsToReais(106_400)).toBe('1064.00');
    expect(centsToReais(500)).toBe('5.00');
    expect(centsToReais(5)).toBe('0.05');
    expect(centsToReais(0)).toBe('0.00');
    expect(centsToReais(10 + 20)).toBe('0.30');
    expect(reaisToCents(centsToReais(123_456_789))).toBe(123_456_789);
    for (const bad of [1.5, -1, Number.NaN, 2 ** 60]) expect(() => centsToReais(bad)).toThrow(RangeError);
  });

  it('formats pt-BR currency from cents', () => {
    expect(formatBrlCents(106_400)).toBe('R$ 1.064,00');
    expect(formatBrlCents(500)).toBe('R$ 5,00');
    expect(formatBrlCents(5)).toBe('R$ 0,05');
    expect(formatBrlCents(123_456_789)).toBe('R$ 1.234.567,89');
    // a total summed in cents stays exact however many donations add up
    const total = Array.from({ length: 1000 }, () => 10).reduce((a, b) => a + b, 0);
    expect(formatBrlCents(total)).toBe('R$ 100,00');
  });
});
