import { useQuery } from '@tanstack/react-query';
import { type EventRange, getEvent, getSchedule, listEvents, listSchedules } from '../api.ts';
import { agendaKeys } from './agendaKeys.ts';

/** 'Minhas Agendas': the schedules the user owns or was invited to. */
export function useSchedules() {
  return useQuery({
    queryKey: agendaKeys.schedules,
    queryFn: ({ signal }) => listSchedules(signal),
  });
}

/** The events of the range the calendar shows: moving outside it loads the new range. */
export function useEvents(range: EventRange | null) {
  return useQuery({
    queryKey: agendaKeys.eventRange(range),
    queryFn: ({ signal }) => listEvents(range as EventRange, signal),
    enabled: range !== null,
    placeholderData: (previous) => previous,
  });
}

/** The schedule being edited, read fresh each time the drawer opens. */
export function useSchedule(code: number | undefined) {
  return useQuery({
    queryKey: agendaKeys.schedule(code),
    queryFn: ({ signal }) => getSchedule(code as number, signal),
    enabled: code !== undefined,
    gcTime: 0,
    staleTime: 0,
  });
}

/** The event being edited, read fresh each time the drawer opens. */
export function useEvent(code: number | undefined) {
  return useQuery({
    queryKey: agendaKeys.event(code),
    queryFn: ({ signal }) => getEvent(code as number, signal),
    enabled: code !== undefined,
    gcTime: 0,
    staleTime: 0,
  });
}
