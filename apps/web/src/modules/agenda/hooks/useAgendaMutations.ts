import { AGENDA_MESSAGES, type EventSaveInput } from '@mandato/domain';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { notifySuccess } from '../../../platform/ui/notify.ts';
import {
  createEvent,
  createSchedule,
  removeEvent,
  removeSchedule,
  renewSubscribeToken,
  type ScheduleInput,
  updateEvent,
  updateSchedule,
} from '../api.ts';
import { agendaKeys } from './agendaKeys.ts';

/** After any change: the schedules and every loaded range of events (not awaited). */
function reloadAgenda(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: agendaKeys.schedules });
  void queryClient.invalidateQueries({ queryKey: agendaKeys.events });
}

/** A write of the agenda: an optional success notice, then the agenda reloads. */
function useAgendaWrite<V, R>(write: (variables: V) => Promise<R>, done?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => {
      if (done) notifySuccess(done);
      reloadAgenda(queryClient);
    },
  });
}

/** New schedule (POST) or an edit (PUT, with the code). */
export const useSaveSchedule = () =>
  useAgendaWrite(
    ({ code, body }: { code?: number; body: ScheduleInput }) =>
      code === undefined ? createSchedule(body) : updateSchedule(code, body),
    AGENDA_MESSAGES.saved,
  );

export const useRemoveSchedule = () => useAgendaWrite((code: number) => removeSchedule(code));

/** 'Gerar novo endereço': a new subscription token (the old address stops working). */
export const useRenewSubscribeToken = () => useAgendaWrite((code: number) => renewSubscribeToken(code));

/** New event (POST) or an edit (PUT, with the code). */
export const useSaveEvent = () =>
  useAgendaWrite(
    ({ code, body }: { code?: number; body: EventSaveInput }) =>
      code === undefined ? createEvent(body) : updateEvent(code, body),
    AGENDA_MESSAGES.eventSaved,
  );

export const useRemoveEvent = () => useAgendaWrite((code: number) => removeEvent(code));
