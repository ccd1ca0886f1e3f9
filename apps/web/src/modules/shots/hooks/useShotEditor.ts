import type { EmailShotSave, ShotSchedule, ShotType } from '@mandato/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  countReachableByEmail,
  getEmailShot,
  listShotSegments,
  saveEmailShot,
  scheduleEmailShot,
  sendEmailShotNow,
} from '../editorApi.ts';
import { getSmsShot } from '../smsApi.ts';
import { shotsKeys } from './shotsKeys.ts';

/** The shot the editor opens (none for a new one); a 404 is not retried. */
/** The shot an editor opens (its channel's GET; fresh every time it opens). */
export function useEditedShot(type: ShotType, code: string | undefined) {
  return useQuery({
    queryKey: shotsKeys.shot(type, code ?? ''),
    queryFn: ({ signal }) => (type === 'EMAIL' ? getEmailShot : getSmsShot)(code as string, signal),
    enabled: code !== undefined,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}

/** The user's PERSON and TEAM lists (below the lists' keys: a saved or removed list refreshes them). */
export function useShotSegments() {
  return useQuery({
    queryKey: shotsKeys.segmentNames(),
    queryFn: ({ signal }) => listShotSegments(signal),
  });
}

/** People of the list with a valid, not opted-out e-mail (undefined while unknown). */
export function useReachableByEmail(segmentCode: number | undefined) {
  return useQuery({
    queryKey: shotsKeys.reachable(segmentCode ?? 0, 'EMAIL'),
    queryFn: ({ signal }) => countReachableByEmail(segmentCode as number, signal),
    enabled: segmentCode !== undefined,
    staleTime: 0,
  });
}

function useInvalidateShots() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: shotsKeys.all });
}

export function useSaveEmailShot() {
  const invalidate = useInvalidateShots();
  return useMutation({
    mutationFn: ({ body, code }: { body: EmailShotSave; code?: number }) => saveEmailShot(body, code),
    onSuccess: () => void invalidate(),
  });
}

export function useScheduleEmailShot() {
  const invalidate = useInvalidateShots();
  return useMutation({
    mutationFn: ({ code, body }: { code: number; body: ShotSchedule }) => scheduleEmailShot(code, body),
    onSuccess: () => void invalidate(),
  });
}

export function useSendEmailShotNow() {
  const invalidate = useInvalidateShots();
  return useMutation({
    mutationFn: (code: number) => sendEmailShotNow(code),
    onSuccess: () => void invalidate(),
  });
}
