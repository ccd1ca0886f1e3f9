import type { FilterExpression } from '@mandato/domain';
import { PEOPLE_PAGE_SIZE } from '@mandato/domain';
import type { Ordering, OrderingCriteria } from '../../platform/ui/list/ordering.ts';

/** Body of POST /people/search. */
export interface PeopleQuery {
  expression: FilterExpression;
  type: 'PERSON' | 'TEAM';
  page: number;
  itemsPerPage: number;
  orderingCriteria: OrderingCriteria;
  orderingAscending: boolean;
}

export function peopleQuery(
  type: 'PERSON' | 'TEAM',
  expression: FilterExpression,
  page: number,
  ordering: Ordering,
): PeopleQuery {
  return {
    expression,
    type,
    page,
    itemsPerPage: PEOPLE_PAGE_SIZE,
    orderingCriteria: ordering.criteria,
    orderingAscending: ordering.ascending,
  };
}
