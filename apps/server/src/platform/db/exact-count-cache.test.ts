import { describe, expect, it } from 'vitest';
import { ExactCountCache } from './exact-count-cache.ts';

describe('ExactCountCache', () => {
  it('returns a total only for the version it was counted at', () => {
    const cache = new ExactCountCache();
    cache.set('1', '7', 'q', 42);
    expect(cache.get('1', '7', 'q')).toBe(42);
    expect(cache.get('1', '8', 'q')).toBeUndefined();
    expect(cache.get('1', '6', 'q')).toBeUndefined();
    expect(cache.get('2', '7', 'q')).toBeUndefined();
    expect(cache.get('1', '7', 'other')).toBeUndefined();
  });

  it('drops the totals of older versions and ignores totals counted at an older one', () => {
    const cache = new ExactCountCache();
    cache.set('1', '7', 'a', 1);
    cache.set('1', '9', 'b', 2);
    expect(cache.get('1', '7', 'a')).toBeUndefined();
    cache.set('1', '8', 'a', 3);
    expect(cache.get('1', '8', 'a')).toBeUndefined();
    expect(cache.get('1', '9', 'b')).toBe(2);
    // versions compare as numbers, not as text
    cache.set('1', '10', 'c', 4);
    expect(cache.get('1', '10', 'c')).toBe(4);
  });

  it('keeps at most the configured totals and tenants, the least recently used go first', () => {
    const cache = new ExactCountCache({ tenants: 2, totalsPerTenant: 2 });
    cache.set('1', '1', 'a', 1);
    cache.set('1', '1', 'b', 2);
    expect(cache.get('1', '1', 'a')).toBe(1);
    cache.set('1', '1', 'c', 3);
    expect(cache.get('1', '1', 'b')).toBeUndefined();
    expect(cache.get('1', '1', 'a')).toBe(1);
    cache.set('2', '1', 'a', 5);
    cache.set('3', '1', 'a', 6);
    expect(cache.get('1', '1', 'a')).toBeUndefined();
    expect(cache.get('2', '1', 'a')).toBe(5);
    expect(cache.get('3', '1', 'a')).toBe(6);
  });
});
