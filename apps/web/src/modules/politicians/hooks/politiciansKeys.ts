import type { PoliticiansListQuery } from '../api.ts';

/** Query keys of the politicians' record; invalidating `all` reloads every page. */
export const politiciansKeys = {
  all: ['politicians'] as const,
  list: (query: PoliticiansListQuery) => [...politiciansKeys.all, 'list', query] as const,
};
