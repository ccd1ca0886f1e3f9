import { describe, expect, it } from 'vitest';
import { toDate, toDay, toIso, toTime } from './dates.ts';

describe('dates', () => {
  const instant = new Date('2024-05-01T12:34:56.789Z');

  it('toDate keeps a Date and parses a string, null stays null', () => {
    expect(toDate(instant)).toBe(instant);
    expect(toDate('2024-05-01T12:34:56.789Z').getTime()).toBe(instant.getTime());
    expect(toDate('2024-05-01 09:34:56.789-03').getTime()).toBe(instant.getTime());
    expect(toDate(null)).toBeNull();
  });

  it('toIso gives the UTC ISO string of either form, null stays null', () => {
    expect(toIso(instant)).toBe('2024-05-01T12:34:56.789Z');
    expect(toIso('2024-05-01 09:34:56.789-03')).toBe('2024-05-01T12:34:56.789Z');
    expect(toIso(null)).toBeNull();
  });

  it('toIso throws on a string that is no date (never a silent "Invalid Date")', () => {
    expect(() => toIso('não é data')).toThrow(RangeError);
  });

  it('toTime gives the epoch milliseconds of either form', () => {
    expect(toTime(instant)).toBe(instant.getTime());
    expect(toTime('2024-05-01T12:34:56.789Z')).toBe(instant.getTime());
  });

  it('toDay cuts a string without moving it to another time zone', () => {
    expect(toDay('2024-05-01')).toBe('2024-05-01');
    expect(toDay('2024-12-31T23:30:00-03:00')).toBe('2024-12-31');
    expect(toDay(new Date('2024-05-01T00:00:00.000Z'))).toBe('2024-05-01');
    expect(toDay(null)).toBeNull();
  });
});
