import { SHOT_SCREEN_TEXTS, SHOT_TEXTS, type Shot, type ShotListView, type ShotType } from '@mandato/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notifySuccess } from '../../../platform/ui/notify.ts';
import { cloneShot, getShot, listEmailsToStartFrom, listShots, removeShot, unscheduleShot } from '../api.ts';
import { shotsKeys } from './shotsKeys.ts';

/** While a shot is being sent its counts move: reload every few seconds until it ends. */
const SENDING_REFRESH_MS = 5_000;

/** A list view of a channel (spec 3 §2.1): page 1, 100 items, the view's statuses and order. */
export function useShotList(type: ShotType, view: ShotListView) {
  return useQuery({
    queryKey: shotsKeys.lists(type, view),
    queryFn: ({ signal }) => listShots(type, view, signal),
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.data?.list.some((s) => s.status === 'SENDING') ? SENDING_REFRESH_MS : false,
  });
}

/** The newest e-mails a new one may start from (issue 40 item 2). */
export function useEmailsToStartFrom() {
  return useQuery({
    queryKey: shotsKeys.lists('EMAIL', 'start-from'),
    queryFn: ({ signal }) => listEmailsToStartFrom(signal),
    staleTime: 0,
  });
}

/** One shot (the details header). */
export function useShot(type: ShotType, code: number | null) {
  return useQuery({
    queryKey: shotsKeys.shot(type, code ?? 0),
    queryFn: ({ signal }) => getShot(type, code ?? 0, signal),
    enabled: code !== null,
    retry: false,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.status === 'SENDING' ? SENDING_REFRESH_MS : false),
  });
}

function useInvalidateLists() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: shotsKeys.lists() });
}

export function useRemoveShot() {
  const invalidate = useInvalidateLists();
  return useMutation({
    mutationFn: (shot: Pick<Shot, 'type' | 'code'>) => removeShot(shot.type, shot.code),
    onSuccess: (_answer, shot) => {
      notifySuccess(shot.type === 'SMS' ? SHOT_SCREEN_TEXTS.smsRemoved : SHOT_TEXTS.removed);
      void invalidate();
    },
  });
}

/** Clone: the caller opens the clone's editor with the answer. */
export function useCloneShot() {
  const invalidate = useInvalidateLists();
  return useMutation({
    mutationFn: (shot: Pick<Shot, 'type' | 'code'>) => cloneShot(shot.type, shot.code),
    onSuccess: (_answer, shot) => {
      notifySuccess(shot.type === 'SMS' ? SHOT_SCREEN_TEXTS.smsCloned : SHOT_TEXTS.cloned);
      void invalidate();
    },
  });
}

export function useUnscheduleShot() {
  const invalidate = useInvalidateLists();
  return useMutation({
    mutationFn: (shot: Pick<Shot, 'type' | 'code'>) => unscheduleShot(shot.type, shot.code),
    onSuccess: () => {
      notifySuccess(SHOT_TEXTS.unscheduled);
      void invalidate();
    },
  });
}
