import { zonedParts } from '@mandato/domain';

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The agenda and the interactions live in America/Sao_Paulo (one zone per product): an instant
 * from the API becomes its São Paulo wall-clock reading, 'YYYY-MM-DDTHH:mm'.
 */
export function wallClock(instant: Date | string): string {
  const p = zonedParts(typeof instant === 'string' ? new Date(instant) : instant);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}`;
}

/** 'YYYY-MM-DD' and 'HH:mm' of a wall-clock reading. */
export function splitWallClock(value: string): { date: string; hour: string } {
  return { date: value.slice(0, 10), hour: value.slice(11, 16) };
}

/** 'YYYY-MM-DD' of a local Date (what the calendar and the pickers hand back). */
export function localDate(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** 'HH:mm' of a local Date. */
export function localHour(date: Date): string {
  return `${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** Minutes since midnight of 'HH:mm'. */
export function minutesOf(hour: string): number {
  const [h, m] = hour.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}

/** 'HH:mm' of minutes since midnight, kept within the day (00:00–23:59). */
export function hourOf(minutes: number): string {
  const clamped = Math.min(Math.max(minutes, 0), 23 * 60 + 59);
  return `${pad(Math.floor(clamped / 60))}:${pad(clamped % 60)}`;
}
