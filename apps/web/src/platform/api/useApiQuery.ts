import { type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api.ts';
import type { RequestOptions } from './client.ts';

type ExtraOptions<T> = Omit<UseQueryOptions<T, Error, T, QueryKey>, 'queryKey' | 'queryFn'>;

/**
 * GET through the api client inside TanStack Query. The query's AbortSignal is passed along,
 * so a key change cancels the previous request during its 100 ms debounce (never issued).
 */
export function useApiQuery<T>(
  queryKey: QueryKey,
  path: string,
  params?: unknown,
  options?: ExtraOptions<T> & { request?: Omit<RequestOptions, 'path' | 'params' | 'method' | 'signal'> },
) {
  const { request, ...queryOptions } = options ?? {};
  return useQuery<T, Error, T, QueryKey>({
    queryKey,
    queryFn: ({ signal }) => api.get<T>(path, params, { ...request, signal }),
    ...queryOptions,
  });
}
