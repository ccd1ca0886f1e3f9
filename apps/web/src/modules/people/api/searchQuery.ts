import type { FilterExpression, SegmentType } from '@mandato/domain';
import { PEOPLE_PAGE_SIZE } from '@mandato/domain';

export type OrderingCriteria = 'name' | 'vote' | 'influence' | 'createDate';

export interface Ordering {
  criteria: OrderingCriteria;
  ascending: boolean;
}

/** Body of POST /people/search. */
export interface PeopleQuery {
  expression: FilterExpression;
  type: 'PERSON' | 'TEAM';
  page: number;
  itemsPerPage: number;
  orderingCriteria: OrderingCriteria;
  orderingAscending: boolean;
}

/** Body of POST /companies/search (no type; spec 2 §7). */
export interface CompaniesQuery {
  expression: FilterExpression;
  page: number;
  itemsPerPage: number;
  orderingCriteria: 'name' | 'createDate';
  orderingAscending: boolean;
}

export const DEFAULT_ORDERING: Ordering = { criteria: 'name', ascending: true };

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

export const isPersonType = (type: SegmentType): type is 'PERSON' | 'TEAM' => type !== 'COMPANY';
