import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { listMerges, type PageQuery } from '../api.ts';
import { privacyKeys } from './privacyKeys.ts';

/** One page of the merges of the last 30 days ('Desfazer' is useUndoMerge, which reloads this list). */
export function useMerges(query: PageQuery) {
  return useQuery({
    queryKey: privacyKeys.merges(query),
    queryFn: ({ signal }) => listMerges(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
