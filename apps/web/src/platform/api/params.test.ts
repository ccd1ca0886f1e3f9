import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { serializeParams, toQueryString } from './params.ts';

describe('serializeParams', () => {
  it('trims strings and formats dates recursively', () => {
    const date = new Date(2024, 1, 16, 9, 5, 7);
    const value = serializeParams({
      name: '  Maria  ',
      when: date,
      range: [dayjs('2024-03-01T08:00:00'), '  x '],
      nested: { deep: { text: ' a ', at: dayjs('2024-12-31T23:59:59') } },
      keep: 3,
      flag: false,
      empty: null,
      skipped: undefined,
    });
    expect(value).toEqual({
      name: 'Maria',
      when: '2024-02-16 09:05:07',
      range: ['2024-03-01 08:00:00', 'x'],
      nested: { deep: { text: 'a', at: '2024-12-31 23:59:59' } },
      keep: 3,
      flag: false,
      empty: null,
    });
  });

  it('turns invalid dates and non-finite numbers into null', () => {
    expect(serializeParams({ a: new Date('nope'), b: Number.NaN, c: dayjs('nope') })).toEqual({
      a: null,
      b: null,
      c: null,
    });
  });
});

describe('toQueryString', () => {
  it('puts GET params in the query, repeating array keys', () => {
    expect(toQueryString({ q: ' ana ', page: 1, ids: [1, 2], none: null })).toBe('?q=ana&page=1&ids=1&ids=2');
  });

  it('returns an empty string without params', () => {
    expect(toQueryString(undefined)).toBe('');
    expect(toQueryString({})).toBe('');
  });

  it('formats dates in the query', () => {
    expect(toQueryString({ from: new Date(2024, 0, 2, 3, 4, 5) })).toBe('?from=2024-01-02+03%3A04%3A05');
  });
});
