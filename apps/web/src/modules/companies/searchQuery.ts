import type { FilterExpression } from '@mandato/domain';
import { PEOPLE_PAGE_SIZE } from '@mandato/domain';
import type { Ordering } from '../../platform/ui/list/ordering.ts';

/** Body of POST /companies/search (no type; spec 2 §7). */
export interface CompaniesQuery {
  expression: FilterExpression;
  page: number;
  itemsPerPage: number;
  orderingCriteria: 'name' | 'createDate';
  orderingAscending: boolean;
}

export function companiesQuery(
  expression: FilterExpression,
  page: number,
  ordering: Ordering,
): CompaniesQuery {
  return {
    expression,
    page,
    itemsPerPage: PEOPLE_PAGE_SIZE,
    orderingCriteria: ordering.criteria === 'createDate' ? 'createDate' : 'name',
    orderingAscending: ordering.ascending,
  };
}
