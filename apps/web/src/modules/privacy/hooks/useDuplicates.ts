import { PRIVACY_WEB_TEXTS as T } from '@mandato/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notifySuccess } from '../../../platform/ui/notify.ts';
import { listDuplicates, mergePeople, type PageQuery, undoMerge } from '../api.ts';
import type { MergeRequest } from '../privacyTypes.ts';
import { privacyKeys } from './privacyKeys.ts';

/** One page of the duplicate candidate groups. */
export function useDuplicates(query: PageQuery) {
  return useQuery({
    queryKey: privacyKeys.duplicates(query),
    queryFn: ({ signal }) => listDuplicates(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** Merging or undoing changes the groups, the merges and the people's consents: all read again. */
function useInvalidatePrivacy() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: privacyKeys.all });
}

/** 'Mesclar': answers the merge's code (the caller offers 'Desfazer' with it). */
export function useMergePeople() {
  const invalidate = useInvalidatePrivacy();
  return useMutation({
    mutationFn: (body: MergeRequest) => mergePeople(body),
    onSuccess: () => void invalidate(),
  });
}

export function useUndoMerge() {
  const invalidate = useInvalidatePrivacy();
  return useMutation({
    mutationFn: (code: number | string) => undoMerge(code),
    onSuccess: () => {
      notifySuccess(T.undone);
      void invalidate();
    },
  });
}
