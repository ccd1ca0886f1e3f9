import type { PageQuery, RequestsQuery } from '../api.ts';

/** Query keys of the privacy centre; invalidating `all` reloads requests, duplicates, merges and consents. */
export const privacyKeys = {
  all: ['privacy'] as const,
  requests: (query?: RequestsQuery) => [...privacyKeys.all, 'requests', ...(query ? [query] : [])] as const,
  duplicates: (query?: PageQuery) => [...privacyKeys.all, 'duplicates', ...(query ? [query] : [])] as const,
  merges: (query?: PageQuery) => [...privacyKeys.all, 'merges', ...(query ? [query] : [])] as const,
  person: (code: number) => [...privacyKeys.all, 'person', code] as const,
};
