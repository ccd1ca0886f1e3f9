import type { DemandsListQuery } from '../api.ts';

/** Query keys of the demands; invalidating `all` reloads every page and detail. */
export const demandsKeys = {
  all: ['demands'] as const,
  list: (query: DemandsListQuery) => [...demandsKeys.all, 'list', query] as const,
  detail: (code: number) => [...demandsKeys.all, 'detail', code] as const,
};
