import { AGENDA_MESSAGES, type EventSaveInput, type ScheduleColor } from '@mandato/domain';
import { typedApi } from '../../platform/api/api.ts';
import type { BodyOf } from '../../platform/api/typedClient.ts';
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
  asListAnswer(await typedApi.get('/schedules', { signal, ...listing })).list;

export const getSchedule = (code: number, signal?: AbortSignal) =>
  typedApi.get('/schedules/{id}', { path: { id: code }, signal, ...loading });

export const createSchedule = (body: ScheduleInput) => typedApi.post('/schedules', { body, ...saving });

export const updateSchedule = (code: number, body: ScheduleInput) =>
  typedApi.put('/schedules/{id}', { path: { id: code }, body, ...saving });

export const removeSchedule = (code: number) =>
  typedApi.delete('/schedules/{id}', { path: { id: code }, errorText: AGENDA_MESSAGES.removeScheduleError });

export const renewSubscribeToken = (code: number) =>
  typedApi.put('/schedules/{id}/subscribe-token', { path: { id: code }, ...saving });

export const listEvents = async (range: EventRange, signal?: AbortSignal) =>
  asListAnswer(await typedApi.get('/events', { query: range, signal, ...listing })).list;

export const getEvent = (code: number, signal?: AbortSignal) =>
  typedApi.get('/events/{id}', { path: { id: code }, signal, ...loading });

/** The domain's input type leaves scheduleCode unknown (its schema coerces it); the form sends a number. */
const eventBody = (body: EventSaveInput) => body as BodyOf<'post', '/events'>;

export const createEvent = (body: EventSaveInput) =>
  typedApi.post('/events', { body: eventBody(body), ...saving });

export const updateEvent = (code: number, body: EventSaveInput) =>
  typedApi.put('/events/{id}', { path: { id: code }, body: eventBody(body), ...saving });

export const removeEvent = (code: number) =>
  typedApi.delete('/events/{id}', { path: { id: code }, errorText: AGENDA_MESSAGES.removeEventError });
