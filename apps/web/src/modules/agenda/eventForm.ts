import {
  AGENDA_NEW_EVENT_MINUTES,
  AGENDA_TITLE_MAX_CHARS_IN_CALENDAR,
  type AgendaEvent,
  EventFormSchema,
  type EventSaveInput,
  eventFormToPayload,
  fieldErrors,
  type Schedule,
} from '@mandato/domain';
import {
  hourOf,
  localDate,
  localHour,
  minutesOf,
  splitWallClock,
  wallClock,
} from '../../platform/ui/wallClock.ts';

/** The event drawer 'Evento' as it edits the event (dates 'YYYY-MM-DD', hours 'HH:MM'). */
export interface EventFormValues {
  title: string;
  scheduleCode?: number;
  entireDay: boolean;
  beginDate: string;
  endDate: string;
  beginHour: string;
  endHour: string;
  location: string;
  description: string;
  guests: string[];
}

/**
 * The agenda a new event starts in: the first own agenda that is shown, else the first one (so
 * with exactly one agenda, that one).
 */
export function suggestedSchedule(
  schedules: readonly Pick<Schedule, 'code' | 'isOwner'>[],
  hidden: ReadonlySet<number>,
): number | undefined {
  return (schedules.find((s) => s.isOwner && !hidden.has(s.code)) ?? schedules[0])?.code;
}

/** A new event from 'Novo Evento': all-day (spec 2 §4) on `day`. */
export function newAllDayEvent(day: string, scheduleCode?: number): EventFormValues {
  return {
    title: '',
    scheduleCode,
    entireDay: true,
    beginDate: day,
    endDate: day,
    beginHour: '',
    endHour: '',
    location: '',
    description: '',
    guests: [],
  };
}

/**
 * A click on the calendar (spec 2 §9): on a time slot, a timed event starting at the clicked
 * time and lasting one hour (ending at 23:59 at the latest); on the all-day row, an all-day event.
 */
export function newEventAt(clicked: Date, allDay: boolean, scheduleCode?: number): EventFormValues {
  const day = localDate(clicked);
  if (allDay) return newAllDayEvent(day, scheduleCode);
  const begin = localHour(clicked);
  return {
    ...newAllDayEvent(day, scheduleCode),
    entireDay: false,
    beginHour: begin,
    endHour: hourOf(minutesOf(begin) + AGENDA_NEW_EVENT_MINUTES),
  };
}

/** The form of an event the API answered. */
export function eventFormOf(event: AgendaEvent): EventFormValues {
  const base = {
    title: event.title,
    scheduleCode: event.schedule.code,
    entireDay: event.entireDay,
    location: event.location ?? '',
    description: event.description ?? '',
    guests: event.invitedPeople.map((g) => g.code),
  };
  if (event.entireDay) {
    return { ...base, beginDate: event.beginDate, endDate: event.endDate, beginHour: '', endHour: '' };
  }
  const begin = splitWallClock(wallClock(event.beginDate));
  const end = splitWallClock(wallClock(event.endDate));
  return { ...base, beginDate: begin.date, endDate: end.date, beginHour: begin.hour, endHour: end.hour };
}

export interface EventValidation {
  payload?: EventSaveInput;
  errors: Record<string, string[]>;
}

/** The shared rules of spec 2 §5 (title, dates, agenda; hours unless all-day, HH:MM). */
export function validateEvent(values: EventFormValues): EventValidation {
  const parsed = EventFormSchema.safeParse({
    ...values,
    beginHour: values.entireDay ? null : values.beginHour,
    endHour: values.entireDay ? null : values.endHour,
    scheduleCode: values.scheduleCode,
  });
  if (!parsed.success) return { errors: fieldErrors(parsed.error.issues) };
  return { payload: eventFormToPayload(parsed.data), errors: {} };
}

/** HH:MM mask: digits only, a colon after the hours, at most 5 characters. */
export function formatHour(typed: string): string {
  const digits = typed.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}:${digits.slice(2)}` : digits;
}

/** Titles in the calendar grid are cut at 10 characters (spec 2 §9), with an ellipsis. */
export function calendarTitle(title: string): string {
  const chars = Array.from(title);
  return chars.length > AGENDA_TITLE_MAX_CHARS_IN_CALENDAR
    ? `${chars.slice(0, AGENDA_TITLE_MAX_CHARS_IN_CALENDAR).join('')}…`
    : title;
}
