import {
  AGENDA_MESSAGES,
  type AgendaEvent,
  type EventSaveInput,
  type ListAnswer,
  type Schedule,
  type ScheduleColor,
} from '@mandato/domain';
import { api } from '../../platform/api/api.ts';
import { asListAnswer } from '../people/api/listAnswer.ts';

export interface ScheduleInput {
  name: string;
  color: ScheduleColor;
  invitedPeopleCodes: string[];
}

const saving = { errorText: AGENDA_MESSAGES.saveError };
const loading = { errorText: AGENDA_MESSAGES.loadError };
const listing = { errorText: AGENDA_MESSAGES.listError };

/** Calls of spec 2 §7 "Schedules and events". */
export const agendaApi = {
  schedules: async (signal?: AbortSignal) =>
    asListAnswer(
      await api.get<ListAnswer<Schedule> | Schedule[]>('/schedules', undefined, { signal, ...listing }),
    ).list,
  schedule: (code: number, signal?: AbortSignal) =>
    api.get<Schedule>(`/schedules/${code}`, undefined, { signal, ...loading }),
  createSchedule: (body: ScheduleInput) => api.post<Schedule>('/schedules', body, saving),
  updateSchedule: (code: number, body: ScheduleInput) =>
    api.put<Schedule>(`/schedules/${code}`, body, saving),
  removeSchedule: (code: number) =>
    api.delete(`/schedules/${code}`, undefined, { errorText: AGENDA_MESSAGES.removeScheduleError }),
  newSubscribeToken: (code: number) =>
    api.put<Schedule>(`/schedules/${code}/subscribe-token`, undefined, saving),
  events: async (range: { beginDate: string; endDate: string }, signal?: AbortSignal) =>
    asListAnswer(
      await api.get<ListAnswer<AgendaEvent> | AgendaEvent[]>('/events', range, { signal, ...listing }),
    ).list,
  event: (code: number, signal?: AbortSignal) =>
    api.get<AgendaEvent>(`/events/${code}`, undefined, { signal, ...loading }),
  createEvent: (body: EventSaveInput) => api.post<AgendaEvent>('/events', body, saving),
  updateEvent: (code: number, body: EventSaveInput) => api.put<AgendaEvent>(`/events/${code}`, body, saving),
  removeEvent: (code: number) =>
    api.delete(`/events/${code}`, undefined, { errorText: AGENDA_MESSAGES.removeEventError }),
};
