import type { OutboxMarkKind, ShotType } from '@mandato/domain';
import { SHOT_OUTBOX_TEXTS, SHOT_SCREEN_TEXTS } from '@mandato/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notifySuccess } from '../../../platform/ui/notify.ts';
import { getOutboxMessage, listOutbox, markOutboxMessage, replyOutboxMessage } from '../api.ts';
import { shotsKeys } from './shotsKeys.ts';

/** A page of the embedded outbox: one channel's messages. */
export function useOutbox(channel: ShotType, page: number, itemsPerPage: number) {
  return useQuery({
    queryKey: shotsKeys.outbox('list', channel, page, itemsPerPage),
    queryFn: ({ signal }) => listOutbox(channel, page, itemsPerPage, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** Whether the embedded outbox is in use (the side menu links it only then); failures stay silent. */
export function useOutboxInUse() {
  const query = useQuery({
    queryKey: shotsKeys.outbox('inUse'),
    queryFn: ({ signal }) => listOutbox(undefined, 1, 1, signal, false),
    retry: false,
    staleTime: 60_000,
  });
  return query.data?.inUse === true;
}

export function useOutboxMessage(id: string | null) {
  return useQuery({
    queryKey: shotsKeys.outbox('message', id ?? ''),
    queryFn: ({ signal }) => getOutboxMessage(id ?? '', signal),
    enabled: id !== null,
  });
}

/** Mark a message: every list, message and report reloads (the details tabs move). */
export function useMarkOutboxMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, as }: { id: string; as: OutboxMarkKind }) => markOutboxMessage(id, as),
    onSuccess: () => {
      notifySuccess(SHOT_SCREEN_TEXTS.marked);
      void client.invalidateQueries({ queryKey: shotsKeys.all });
    },
  });
}

/** Simulate an SMS reply (a 'SAIR' opts the number out): every list, message and report reloads. */
export function useReplyOutboxMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, text }: { id: string; text: string }) => replyOutboxMessage(id, text),
    onSuccess: () => {
      notifySuccess(SHOT_OUTBOX_TEXTS.replied);
      void client.invalidateQueries({ queryKey: shotsKeys.all });
    },
  });
}
