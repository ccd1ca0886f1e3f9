import { describe, expect, it } from 'vitest';
import { JSON_MAX_DEPTH, jsonDeeperThan } from './json-depth.ts';

const arrays = (depth: number): unknown => JSON.parse(`${'['.repeat(depth)}${']'.repeat(depth)}`);

describe('jsonDeeperThan', () => {
  it('counts levels of arrays and objects, never scalars', () => {
    expect(jsonDeeperThan('texto', 0)).toBe(false);
    expect(jsonDeeperThan(null, 0)).toBe(false);
    expect(jsonDeeperThan([], 0)).toBe(true);
    expect(jsonDeeperThan([], 1)).toBe(false);
    expect(jsonDeeperThan({ a: [1, { b: 'c' }] }, 2)).toBe(true);
    expect(jsonDeeperThan({ a: [1, { b: 'c' }] }, 3)).toBe(false);
    expect(jsonDeeperThan(arrays(JSON_MAX_DEPTH))).toBe(false);
    expect(jsonDeeperThan(arrays(JSON_MAX_DEPTH + 1))).toBe(true);
  });

  it('walks 200,000 levels without overflowing the stack, and stops at a cycle', () => {
    expect(jsonDeeperThan(arrays(200_000))).toBe(true);
    expect(jsonDeeperThan(arrays(200_000), 300_000)).toBe(false);
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    expect(jsonDeeperThan(cycle)).toBe(true);
  });
});
