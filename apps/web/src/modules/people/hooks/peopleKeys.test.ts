import { describe, expect, it } from 'vitest';
import { DEFAULT_ORDERING } from '../../../platform/ui/list/ordering.ts';
import { peopleKeys } from './peopleKeys.ts';

describe('people query keys', () => {
  it('nests every search page under searches() and everything under all', () => {
    const key = peopleKeys.search('TEAM', [], 2, DEFAULT_ORDERING);
    expect(key).toEqual(['people', 'search', 'TEAM', [], 2, DEFAULT_ORDERING]);
    expect(key.slice(0, 2)).toEqual(peopleKeys.searches());
    expect(peopleKeys.one(7)).toEqual(['people', 'one', 7]);
  });
});
