import {
  AGENDA_MESSAGES,
  type AgendaEvent,
  type EventSaveInput,
  type ListAnswer,
  type Schedule,
  type ScheduleColor,
} from '@mandato/domain';
import { api } from '../../platform/api/api.ts';
import { asListAnswer } from '../../platform/ui/listAnswer.ts';

export interface ScheduleInput {
  name: string;
  color: ScheduleColor;
  invitedPeopleCodes: string[];
}

/** The range of events the calendar shows (dates as the API takes them). */
export interface EventRange {
  beginDate: string;
  endDate: string;
}

const saving = { errorText: AGENDA_MESSAGES.saveError };
const loading = { errorText: AGENDA_MESSAGES.loadError };
const listing = { errorText: AGENDA_MESSAGES.listError };

/** Calls of spec 2 §7 "Schedules and events". */
export const listSchedules = async (signal?: AbortSignal) =>
  asListAnswer(
    await api.get<ListAnswer<Schedule> | Schedule[]>('/schedules', undefined, { signal, ...listing }),
  ).list;

export const getSchedule = (code: number, signal?: AbortSignal) =>
  api.get<Schedule>(`/schedules/${code}`, undefined, { signal, ...loading });

export const createSchedule = (body: ScheduleInput) => api.post<Schedule>('/schedules', body, saving);

export const updateSchedule = (code: number, body: ScheduleInput) =>
  api.put<Schedule>(`/schedules/${code}`, body, saving);

export const removeSchedule = (code: number) =>
  api.delete(`/schedules/${code}`, undefined, { errorText: AGENDA_MESSAGES.removeScheduleError });

export const renewSubscribeToken = (code: number) =>
  api.put<Schedule>(`/schedules/${code}/subscribe-token`, undefined, saving);

export const listEvents = async (range: EventRange, signal?: AbortSignal) =>
  asListAnswer(
    await api.get<ListAnswer<AgendaEvent> | AgendaEvent[]>('/events', range, { signal, ...listing }),
  ).list;

export const getEvent = (code: number, signal?: AbortSignal) =>
  api.get<AgendaEvent>(`/events/${code}`, undefined, { signal, ...loading });

export const createEvent = (body: EventSaveInput) => api.post<AgendaEvent>('/events', body, saving);

export const updateEvent = (code: number, body: EventSaveInput) =>
  api.put<AgendaEvent>(`/events/${code}`, body, saving);

export const removeEvent = (code: number) =>
  api.delete(`/events/${code}`, undefined, { errorText: AGENDA_MESSAGES.removeEventError });
