import type { CompanySave } from '@mandato/domain';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { notifySuccess } from '../../../platform/ui/notify.ts';
import { RECORD_TEXTS } from '../../../platform/ui/recordTexts.ts';
import { segmentsKeys } from '../../segments/hooks/segmentsKeys.ts';
import { createCompany, removeCompanies, removeCompany, updateCompany } from '../api.ts';
import { companiesKeys } from './companiesKeys.ts';

/** After a change: the list pages and the lists' totals (not awaited). */
function reloadLists(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: companiesKeys.searches() });
  void queryClient.invalidateQueries({ queryKey: segmentsKeys.all });
}

/** A new voting place (POST) or an edited one (PUT, with the code). */
export function useSaveCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ code, payload }: { code?: number; payload: CompanySave }) =>
      code === undefined ? createCompany(payload) : updateCompany(code, payload),
    onSuccess: () => {
      notifySuccess(RECORD_TEXTS.saved);
      reloadLists(queryClient);
    },
  });
}

export function useRemoveCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: number) => removeCompany(code),
    onSuccess: () => {
      notifySuccess(RECORD_TEXTS.removed);
      reloadLists(queryClient);
    },
  });
}

export function useRemoveCompanies() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (codes: number[]) => removeCompanies(codes),
    onSuccess: () => {
      notifySuccess(RECORD_TEXTS.removedMany);
      reloadLists(queryClient);
    },
  });
}
