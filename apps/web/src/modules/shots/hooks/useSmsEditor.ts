import type { ShotSchedule, SmsShotSave } from '@mandato/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getSmsListInfo, saveSmsShot, scheduleSmsShot, sendSmsShotNow } from '../smsApi.ts';
import { shotsKeys } from './shotsKeys.ts';
import { smsKeys } from './smsKeys.ts';

/** The list's reachable people, longest merge values and sample (undefined while unknown). */
export function useSmsListInfo(segmentCode: number | undefined) {
  return useQuery({
    queryKey: smsKeys.listInfo(segmentCode ?? 0),
    queryFn: ({ signal }) => getSmsListInfo(segmentCode as number, signal),
    enabled: segmentCode !== undefined,
    staleTime: 0,
  });
}

function useInvalidateShots() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: shotsKeys.all });
}

export function useSaveSmsShot() {
  const invalidate = useInvalidateShots();
  return useMutation({
    mutationFn: ({ body, code }: { body: SmsShotSave; code?: number }) => saveSmsShot(body, code),
    onSuccess: () => void invalidate(),
  });
}

export function useScheduleSmsShot() {
  const invalidate = useInvalidateShots();
  return useMutation({
    mutationFn: ({ code, body }: { code: number; body: ShotSchedule }) => scheduleSmsShot(code, body),
    onSuccess: () => void invalidate(),
  });
}

export function useSendSmsShotNow() {
  const invalidate = useInvalidateShots();
  return useMutation({
    mutationFn: (code: number) => sendSmsShotNow(code),
    onSuccess: () => void invalidate(),
  });
}
