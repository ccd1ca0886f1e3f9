import { birthDateError, EXPRESSION_MESSAGES } from '@mandato/domain';
import { describe, expect, it } from 'vitest';
import { daysInMonth, parseYear, setPart } from './birthDateParts.ts';

describe('birth date parts (spec 2 §5)', () => {
  it('offers the days of the chosen month', () => {
    expect(daysInMonth()).toBe(31);
    expect(daysInMonth(4)).toBe(30);
    expect(daysInMonth(2)).toBe(29);
    expect(daysInMonth(2, 2023)).toBe(28);
    expect(daysInMonth(2, 2024)).toBe(29);
  });
  it('clears a day the new month does not have', () => {
    expect(setPart({ day: 31, month: 1 }, 'month', 4)).toEqual({ month: 4 });
    expect(setPart({ day: 29, month: 2 }, 'year', 2023)).toEqual({ month: 2, year: 2023 });
    expect(setPart({ day: 3 }, 'day', undefined)).toEqual({});
  });
  it('reads the year only with 4 digits', () => {
    expect(parseYear('19')).toBeUndefined();
    expect(parseYear('1985x')).toBe(1985);
  });
  it('shows the spec messages for the year bounds and invalid dates', () => {
    expect(birthDateError({ year: 1899 })).toBe(EXPRESSION_MESSAGES.birthYearMin);
    expect(birthDateError({ year: new Date().getFullYear() + 1 })).toBe(EXPRESSION_MESSAGES.birthYearMax);
    expect(birthDateError({ day: 31, month: 4 })).toBe('Informe uma data válida');
    expect(birthDateError({ day: 29, month: 2 })).toBeUndefined();
    expect(birthDateError('today')).toBeUndefined();
  });
});
