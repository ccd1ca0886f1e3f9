import { POLITICIAN_TEXTS, type PoliticianSave } from '@mandato/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notifySuccess } from '../../../platform/ui/notify.ts';
import { listPoliticians, type PoliticiansListQuery, savePolitician } from '../api.ts';
import { politiciansKeys } from './politiciansKeys.ts';

export function usePoliticians(query: PoliticiansListQuery) {
  return useQuery({
    queryKey: politiciansKeys.list(query),
    queryFn: ({ signal }) => listPoliticians(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useSavePolitician() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ code, payload }: { code?: number; payload: PoliticianSave }) =>
      savePolitician(code, payload),
    onSuccess: () => {
      notifySuccess(POLITICIAN_TEXTS.saved);
      void client.invalidateQueries({ queryKey: politiciansKeys.all });
    },
  });
}
