import { describe, expect, it } from 'vitest';
import { DEFAULT_ORDERING } from '../../platform/ui/list/ordering.ts';
import { companiesQuery } from './searchQuery.ts';

describe('the companies search body (spec 2 §7)', () => {
  it('searches by name or creation date only (no type), 50 a page', () => {
    expect(companiesQuery([], 1, { criteria: 'vote', ascending: false })).toEqual({
      expression: [],
      page: 1,
      itemsPerPage: 50,
      orderingCriteria: 'name',
      orderingAscending: false,
    });
    expect(companiesQuery([], 1, DEFAULT_ORDERING).orderingAscending).toBe(true);
  });
});
