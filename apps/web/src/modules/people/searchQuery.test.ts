import { describe, expect, it } from 'vitest';
import { DEFAULT_ORDERING } from '../../platform/ui/list/ordering.ts';
import { peopleQuery } from './searchQuery.ts';

describe('the people search body (spec 2 §7)', () => {
  it('has the expression, type, paging (50 a page) and ordering', () => {
    expect(peopleQuery('TEAM', [], 2, { criteria: 'influence', ascending: false })).toEqual({
      expression: [],
      type: 'TEAM',
      page: 2,
      itemsPerPage: 50,
      orderingCriteria: 'influence',
      orderingAscending: false,
    });
    expect(peopleQuery('PERSON', [], 1, DEFAULT_ORDERING)).toMatchObject({ orderingCriteria: 'name' });
  });
});
