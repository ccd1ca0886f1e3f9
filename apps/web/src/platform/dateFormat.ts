import { type LocalDateTime, parseDateTime, TIME_ZONE, zonedDate, zonedParts } from '@mandato/domain';

/**
 * Every date and time on screen, in the tenant's time zone whatever the browser's (issue 39 item
 * 12). A tenant has no zone of its own: the product's, America/Sao_Paulo (packages/domain
 * `TIME_ZONE`), which the server also uses for the agenda, the reports and the shots' schedules.
 * No screen formats a date with dayjs(…).format, toLocale…String or the browser's getHours/getDate:
 * `dateFormat.test.ts` refuses them in apps/web/src.
 */
export const SCREEN_TIME_ZONE = TIME_ZONE;

type Moment = string | Date | null | undefined;

/** A calendar date written alone: a day, not an instant (a birth date, a filter's day). */
const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The wall-clock reading of a value of the API in the zone, or undefined when unreadable. */
export function screenParts(value: Moment, timeZone: string = SCREEN_TIME_ZONE): LocalDateTime | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  if (typeof value === 'string') {
    const day = CALENDAR_DATE.exec(value.trim());
    if (day)
      return {
        year: Number(day[1]),
        month: Number(day[2]),
        day: Number(day[3]),
        hour: 0,
        minute: 0,
        second: 0,
      };
  }
  // an instant: with Z or an offset as the API writes it; without, a wall-clock time of the zone
  // (a date that does not exist, 2025-02-30, is unreadable rather than rolled over to March)
  const instant = typeof value === 'string' ? parseDateTime(value, timeZone)?.instant : value;
  if (!instant || Number.isNaN(instant.getTime())) return undefined;
  return zonedParts(instant, timeZone);
}

const two = (n: number) => String(n).padStart(2, '0');
const dayOf = (p: LocalDateTime) => `${two(p.day)}/${two(p.month)}/${String(p.year).padStart(4, '0')}`;
const hourOf = (p: LocalDateTime) => `${two(p.hour)}:${two(p.minute)}`;

/** 'DD/MM/AAAA' ('' when not set or unreadable). */
export function formatDate(value: Moment): string {
  const p = screenParts(value);
  return p ? dayOf(p) : '';
}

/** 'DD/MM/AAAA HH:mm' ('' when not set or unreadable). */
export function formatDateTime(value: Moment): string {
  const p = screenParts(value);
  return p ? `${dayOf(p)} ${hourOf(p)}` : '';
}

/** 'DD/MM/AAAA HH:mm:ss' ('' when not set or unreadable). */
export function formatDateTimeSeconds(value: Moment): string {
  const p = screenParts(value);
  return p ? `${dayOf(p)} ${hourOf(p)}:${two(p.second)}` : '';
}

/** 'DD/MM HH:mm' ('' when not set or unreadable). */
export function formatDayMonthTime(value: Moment): string {
  const p = screenParts(value);
  return p ? `${two(p.day)}/${two(p.month)} ${hourOf(p)}` : '';
}

/** 'AAAA-MM-DD' of today in the tenant's zone (not the browser's: at 22:00 in Lisbon it is still 19:00 in Brasília). */
export function screenToday(now: Date = new Date()): string {
  return zonedDate(now, SCREEN_TIME_ZONE);
}
