import { describe, expect, it } from 'vitest';
import { TIME_ZONE } from './constants.ts';
import { daysInMonth, toIsoDate, zonedDate, zonedParts } from './zoned-time.ts';

describe('calendar helpers', () => {
  it('toIsoDate pads to YYYY-MM-DD', () => {
    expect(toIsoDate(2025, 3, 9)).toBe('2025-03-09');
    expect(toIsoDate(999, 12, 31)).toBe('0999-12-31');
  });

  it('daysInMonth knows leap years', () => {
    expect([1, 2, 3, 4].map((m) => daysInMonth(2024, m))).toEqual([31, 29, 31, 30]);
    expect(daysInMonth(2023, 2)).toBe(28);
    expect(daysInMonth(1900, 2)).toBe(28);
    expect(daysInMonth(2000, 2)).toBe(29);
    expect(daysInMonth(2025, 12)).toBe(31);
  });
});

describe('the day in the time zone', () => {
  it('is São Paulo by default: 02:00 UTC is still the evening before', () => {
    expect(TIME_ZONE).toBe('America/Sao_Paulo');
    const instant = new Date('2025-03-10T02:00:00Z');
    expect(zonedDate(instant)).toBe('2025-03-09');
    expect(zonedParts(instant)).toMatchObject({ year: 2025, month: 3, day: 9, hour: 23 });
    expect(zonedDate(instant, 'UTC')).toBe('2025-03-10');
    expect(zonedDate(new Date('2024-12-31T23:30:00-03:00'), TIME_ZONE)).toBe('2024-12-31');
  });
});
