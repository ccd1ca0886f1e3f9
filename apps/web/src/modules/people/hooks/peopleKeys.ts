import type { FilterExpression } from '@mandato/domain';
import type { Ordering } from '../../../platform/ui/list/ordering.ts';

/** Query keys of people and team members; invalidating `searches()` reloads every list page. */
export const peopleKeys = {
  all: ['people'] as const,
  searches: () => [...peopleKeys.all, 'search'] as const,
  search: (type: 'PERSON' | 'TEAM' | null, expression: FilterExpression, page: number, ordering: Ordering) =>
    [...peopleKeys.searches(), type, expression, page, ordering] as const,
  one: (code: number | undefined) => [...peopleKeys.all, 'one', code] as const,
};
