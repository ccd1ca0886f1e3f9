import { isValidIsoDate } from '../crm/validators.ts';
import { TIME_ZONE } from './constants.ts';

/**
 * Wall-clock times of one IANA time zone (America/Sao_Paulo by default) ↔ instants, with Intl
 * only (server and browser). Agenda and interactions take local times ("2025-03-10 14:30") and
 * answer ISO 8601 with the zone's offset ("2025-03-10T14:30:00-03:00").
 */
export interface LocalDateTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string) {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall-clock reading of `instant` in the zone. */
export function zonedParts(instant: Date, timeZone: string = TIME_ZONE): LocalDateTime {
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(instant)) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 0,
    day: parts.day ?? 0,
    hour: (parts.hour ?? 0) % 24,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

/** Offset of the zone at `instant`, in minutes east of UTC (São Paulo: -180). */
export function zoneOffsetMinutes(instant: Date, timeZone: string = TIME_ZONE): number {
  const p = zonedParts(instant, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/** The instant a wall-clock time of the zone names (a time skipped by a DST jump moves forward). */
export function zonedToInstant(local: LocalDateTime, timeZone: string = TIME_ZONE): Date {
  const guess = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute, local.second);
  const first = zoneOffsetMinutes(new Date(guess), timeZone);
  let time = guess - first * 60_000;
  const second = zoneOffsetMinutes(new Date(time), timeZone);
  if (second !== first) time = guess - second * 60_000;
  return new Date(time);
}

const pad = (n: number, size = 2) => String(n).padStart(size, '0');

/** 'YYYY-MM-DD' of a calendar date (month 1–12); no check that the date exists. */
export function toIsoDate(year: number, month: number, day: number): string {
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** Days of a month (1–12) of a year: 28 to 31. */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** 'YYYY-MM-DD' of the instant in the zone (the day's parts: `zonedParts`). */
export function zonedDate(instant: Date, timeZone: string = TIME_ZONE): string {
  const p = zonedParts(instant, timeZone);
  return toIsoDate(p.year, p.month, p.day);
}

/** ISO 8601 with the zone's offset: '2025-03-10T14:30:00-03:00'. */
export function formatZoned(instant: Date, timeZone: string = TIME_ZONE): string {
  const p = zonedParts(instant, timeZone);
  const offset = zoneOffsetMinutes(instant, timeZone);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** 'YYYY-MM-DD' plus `days` (calendar arithmetic, no time zone involved). */
export function addDays(isoDate: string, days: number): string {
  const [y, m, d] = isoDate.split('-').map(Number);
  const date = new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + days));
  return date.toISOString().slice(0, 10);
}

/** Midnight starting the given day in the zone. */
export function startOfZonedDay(isoDate: string, timeZone: string = TIME_ZONE): Date {
  const [year, month, day] = isoDate.split('-').map(Number);
  return zonedToInstant(
    { year: year ?? 1970, month: month ?? 1, day: day ?? 1, hour: 0, minute: 0, second: 0 },
    timeZone,
  );
}

export interface ParsedDateTime {
  /** the day as written: 'YYYY-MM-DD' */
  date: string;
  /** whether a time of day was given */
  hasTime: boolean;
  /** the instant: with a time, the time (in the zone unless an offset or Z is given); else midnight */
  instant: Date;
}

const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?\s*(Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * 'YYYY-MM-DD', 'YYYY-MM-DD HH:mm', 'YYYY-MM-DDTHH:mm[:ss[.sss]]' (local time of the zone) or the
 * same followed by 'Z' or an offset; undefined when it is none of these or not a real date/time.
 */
export function parseDateTime(value: string, timeZone: string = TIME_ZONE): ParsedDateTime | undefined {
  const m = DATE_TIME.exec(value.trim());
  if (!m) return undefined;
  const date = `${m[1]}-${m[2]}-${m[3]}`;
  if (!isValidIsoDate(date)) return undefined;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < 1900 || year > 2999) return undefined;
  if (m[4] === undefined) return { date, hasTime: false, instant: startOfZonedDay(date, timeZone) };
  const hour = Number(m[4]);
  const minute = Number(m[5]);
  const second = Number(m[6] ?? 0);
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  const zone = m[7];
  if (zone) {
    const offset =
      zone === 'Z'
        ? 0
        : (zone.startsWith('-') ? -1 : 1) * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(-2)));
    if (Math.abs(offset) > 14 * 60) return undefined;
    const instant = new Date(Date.UTC(year, month - 1, day, hour, minute, second) - offset * 60_000);
    return { date, hasTime: true, instant };
  }
  return {
    date,
    hasTime: true,
    instant: zonedToInstant({ year, month, day, hour, minute, second }, timeZone),
  };
}
