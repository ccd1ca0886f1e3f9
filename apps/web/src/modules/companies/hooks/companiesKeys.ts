import type { FilterExpression } from '@mandato/domain';
import type { Ordering } from '../../../platform/ui/list/ordering.ts';

/** Query keys of voting places; invalidating `searches()` reloads every list page. */
export const companiesKeys = {
  all: ['companies'] as const,
  searches: () => [...companiesKeys.all, 'search'] as const,
  search: (expression: FilterExpression, page: number, ordering: Ordering) =>
    [...companiesKeys.searches(), expression, page, ordering] as const,
  one: (code: number | undefined) => [...companiesKeys.all, 'one', code] as const,
};
