import type { AmendmentPageQuery } from '../api.ts';

/** Query keys of the amendments screen; invalidating `all` reloads every page and summary. */
export const amendmentsKeys = {
  all: ['amendments'] as const,
  list: (query: AmendmentPageQuery) => [...amendmentsKeys.all, 'list', query] as const,
  municipalities: (q: string) => ['municipalities', q] as const,
};
