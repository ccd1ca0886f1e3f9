import { DEMAND_TEXTS, type DemandCreateInput, type DemandStatus } from '@mandato/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notifySuccess } from '../../../platform/ui/notify.ts';
import {
  changeDemandStatus,
  createDemand,
  type DemandsListQuery,
  getDemand,
  listDemands,
  uploadDemandFile,
} from '../api.ts';
import { demandsKeys } from './demandsKeys.ts';

/** The list (spec 3 §8: a failed list shows as empty). */
export function useDemands(query: DemandsListQuery, enabled: boolean) {
  return useQuery({
    queryKey: demandsKeys.list(query),
    queryFn: ({ signal }) => listDemands(query, signal).catch(() => ({ list: [], total: 0 })),
    placeholderData: keepPreviousData,
    enabled,
    staleTime: 0,
  });
}

export function useDemand(code: number | undefined) {
  return useQuery({
    queryKey: demandsKeys.detail(code ?? 0),
    queryFn: ({ signal }) => getDemand(code as number, signal),
    enabled: code !== undefined,
  });
}

/** Registers the demand, then sends each attachment; one notice at the end. */
export function useCreateDemand() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ payload, files }: { payload: DemandCreateInput; files: File[] }) => {
      const demand = await createDemand(payload);
      for (const file of files) await uploadDemandFile(demand.code, file);
      return demand;
    },
    onSuccess: () => notifySuccess(DEMAND_TEXTS.saved),
    // a failed upload still leaves the demand registered: reload either way
    onSettled: () => client.invalidateQueries({ queryKey: demandsKeys.all }),
  });
}

export function useChangeDemandStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ code, status }: { code: number; status: DemandStatus }) =>
      changeDemandStatus(code, status),
    onSuccess: async () => {
      notifySuccess(DEMAND_TEXTS.statusSaved);
      await client.invalidateQueries({ queryKey: demandsKeys.all });
    },
  });
}
