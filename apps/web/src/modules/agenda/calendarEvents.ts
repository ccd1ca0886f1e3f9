import type { EventInput } from '@fullcalendar/core';
import { type AgendaEvent, addDays } from '@mandato/domain';
import { readableTextOn } from '../../platform/ui/readableText.ts';
import { localDate, wallClock } from '../../platform/ui/wallClock.ts';

/** An API event as FullCalendar shows it, in the schedule's colour with readable text (times: São Paulo wall clock). */
export function toCalendarEvent(event: AgendaEvent): EventInput {
  const color = event.schedule.colorHex;
  return {
    id: String(event.code),
    title: event.title,
    allDay: event.entireDay,
    // all-day: the API's last day is inclusive, FullCalendar's end is exclusive
    start: event.entireDay ? event.beginDate : wallClock(event.beginDate),
    end: event.entireDay ? addDays(event.endDate, 1) : wallClock(event.endDate),
    backgroundColor: color,
    borderColor: color,
    textColor: readableTextOn(color),
    extendedProps: { scheduleCode: event.schedule.code },
  };
}

/** Events of the checked schedules only ('Minhas Agendas' checkboxes). */
export function visibleEvents(events: AgendaEvent[], hidden: ReadonlySet<number>): EventInput[] {
  return events.filter((e) => !hidden.has(e.schedule.code)).map(toCalendarEvent);
}

/** GET /events query of the range FullCalendar shows (its end is exclusive; the API's inclusive). */
export function rangeQuery(start: Date, end: Date): { beginDate: string; endDate: string } {
  const last = new Date(end.getTime());
  last.setDate(last.getDate() - 1);
  return { beginDate: localDate(start), endDate: localDate(last) };
}
