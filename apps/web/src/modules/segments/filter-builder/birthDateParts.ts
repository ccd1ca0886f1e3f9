import type { BirthDateParts } from '@mandato/domain';

export const MONTH_NAMES = [
  'Janeiro',
  'Fevereiro',
  'Março',
  'Abril',
  'Maio',
  'Junho',
  'Julho',
  'Agosto',
  'Setembro',
  'Outubro',
  'Novembro',
  'Dezembro',
] as const;

export const MIN_BIRTH_YEAR = 1900;

/** Days offered for a month (spec 2 §5: the day list follows the month); 29/02 without a year. */
export function daysInMonth(month?: number, year?: number): number {
  if (!month) return 31;
  if (month === 2) return year === undefined ? 29 : new Date(year, 2, 0).getDate();
  return new Date(2001, month, 0).getDate();
}

/** Sets one part; a day beyond the new month's last day is cleared. */
export function setPart(parts: BirthDateParts, key: keyof BirthDateParts, value?: number): BirthDateParts {
  const next: BirthDateParts = { ...parts };
  if (value === undefined || value === null || Number.isNaN(value)) delete next[key];
  else next[key] = value;
  if (next.day !== undefined && next.day > daysInMonth(next.month, next.year)) delete next.day;
  return next;
}

export const hasAnyPart = (p: BirthDateParts) =>
  p.day !== undefined || p.month !== undefined || p.year !== undefined;

/** Year input: 4 digits only (1900 up to the current year is checked by birthDateError). */
export function parseYear(text: string): number | undefined {
  const digits = text.replace(/\D/g, '').slice(0, 4);
  return digits.length === 4 ? Number(digits) : undefined;
}
