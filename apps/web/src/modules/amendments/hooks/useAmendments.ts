import { AMENDMENT_TEXTS, type AmendmentSave } from '@mandato/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { saveBlob } from '../../../platform/ui/download.ts';
import { notifySuccess } from '../../../platform/ui/notify.ts';
import {
  AMENDMENT_EXPORT_FILE,
  type AmendmentFilters,
  type AmendmentPageQuery,
  exportAmendments,
  listAmendments,
  removeAmendment,
  saveAmendment,
  searchMunicipalities,
} from '../api.ts';
import { amendmentsKeys } from './amendmentsKeys.ts';

export function useAmendments(query: AmendmentPageQuery) {
  return useQuery({
    queryKey: amendmentsKeys.list(query),
    queryFn: ({ signal }) => listAmendments(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useSaveAmendment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (payload: AmendmentSave) => saveAmendment(payload),
    onSuccess: async () => {
      notifySuccess(AMENDMENT_TEXTS.saved);
      await client.invalidateQueries({ queryKey: amendmentsKeys.all });
    },
  });
}

export function useRemoveAmendment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: number) => removeAmendment(code),
    onSuccess: async () => {
      notifySuccess(AMENDMENT_TEXTS.removed);
      await client.invalidateQueries({ queryKey: amendmentsKeys.all });
    },
  });
}

export function useExportAmendments() {
  return useMutation({
    mutationFn: (filters: AmendmentFilters) => exportAmendments(filters),
    onSuccess: (blob) => {
      saveBlob(blob, AMENDMENT_EXPORT_FILE);
      notifySuccess(AMENDMENT_TEXTS.exported);
    },
  });
}

/** Municipalities starting with `q` (already debounced by the caller); nothing under 2 letters. */
export function useMunicipalities(q: string) {
  const text = q.trim();
  return useQuery({
    queryKey: amendmentsKeys.municipalities(text),
    queryFn: ({ signal }) => searchMunicipalities(text, signal),
    enabled: text.length >= 2,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
