import { describe, expect, it } from 'vitest';
import { queryList } from './query-string.ts';

describe('queryList', () => {
  it('reads the comma, repeated, [] and indexed forms alike, blank parts dropped', () => {
    expect(queryList(undefined)).toBeUndefined();
    expect(queryList(null)).toBeUndefined();
    expect(queryList('1,2')).toEqual(['1', '2']);
    expect(queryList(['1', '2,3', ' ', ''])).toEqual(['1', '2', '3']);
    expect(queryList('')).toEqual([]);
  });

  it('hands an object or a non-text item to the schema as it is, never as text', () => {
    const object = Object.assign(Object.create(null), { x: '1' });
    expect(queryList(object)).toBe(object);
    expect(queryList(['1', object])).toEqual(['1', object]);
    expect(queryList(7)).toBe(7);
  });
});
