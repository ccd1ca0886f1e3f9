/**
 * Dates as the drivers hand them back: node-postgres gives `Date`, PGlite and raw `sql` selects
 * may give the ISO string. One place turns either into what the contract needs.
 */
export type DateValue = Date | string;

export function toDate(value: DateValue): Date;
export function toDate(value: DateValue | null): Date | null;
export function toDate(value: DateValue | null): Date | null {
  if (value === null) return null;
  return value instanceof Date ? value : new Date(value);
}

/** The instant as an ISO 8601 string (`2024-05-01T12:00:00.000Z`). */
export function toIso(value: DateValue): string;
export function toIso(value: DateValue | null): string | null;
export function toIso(value: DateValue | null): string | null {
  return value === null ? null : toDate(value).toISOString();
}

/** Milliseconds since the epoch, for comparing instants. */
export const toTime = (value: DateValue): number => toDate(value).getTime();

/**
 * A calendar day (`YYYY-MM-DD`) of a `date` column. A string is cut, not parsed, so the day
 * never moves with the server's time zone.
 */
export function toDay(value: DateValue): string;
export function toDay(value: DateValue | null): string | null;
export function toDay(value: DateValue | null): string | null {
  if (value === null) return null;
  return value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10);
}
