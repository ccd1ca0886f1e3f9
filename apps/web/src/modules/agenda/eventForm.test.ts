import { AGENDA_MESSAGES } from '@mandato/domain';
import { describe, expect, it } from 'vitest';
import { calendarTitle, formatHour, newAllDayEvent, newEventAt, validateEvent } from './eventForm.ts';

describe('event form rules (spec 2 §4, §5, §9)', () => {
  it('cuts calendar titles at 10 characters', () => {
    expect(calendarTitle('Reunião')).toBe('Reunião');
    expect(calendarTitle('0123456789')).toBe('0123456789');
    expect(calendarTitle('Reunião com prefeito')).toBe('Reunião co…');
    expect(calendarTitle('Ação çãoãéíõú!')).toBe('Ação çãoãé…');
  });

  it('masks hours as HH:MM', () => {
    expect(formatHour('9')).toBe('9');
    expect(formatHour('09')).toBe('09');
    expect(formatHour('093')).toBe('09:3');
    expect(formatHour('0930')).toBe('09:30');
    expect(formatHour('09:30:15')).toBe('09:30');
    expect(formatHour('ab12cd45')).toBe('12:45');
  });

  it('a new event is all-day; a clicked slot opens one hour from the clicked time', () => {
    expect(newAllDayEvent('2025-03-10', 3)).toMatchObject({
      entireDay: true,
      beginDate: '2025-03-10',
      endDate: '2025-03-10',
    });
    const timed = newEventAt(new Date(2025, 2, 10, 14, 30), false, 3);
    expect(timed).toMatchObject({
      entireDay: false,
      beginDate: '2025-03-10',
      beginHour: '14:30',
      endHour: '15:30',
    });
    expect(newEventAt(new Date(2025, 2, 10, 23, 30), false).endHour).toBe('23:59');
    expect(newEventAt(new Date(2025, 2, 10), true).entireDay).toBe(true);
  });

  it('requires the hours of a timed event and checks HH:MM', () => {
    const base = { ...newAllDayEvent('2025-03-10', 1), title: 'Reunião' };
    expect(validateEvent(base).payload).toMatchObject({ beginDate: '2025-03-10', entireDay: true });
    const noHours = validateEvent({ ...base, entireDay: false });
    expect(noHours.payload).toBeUndefined();
    expect(noHours.errors.beginHour).toEqual([AGENDA_MESSAGES.hoursRequired]);
    expect(noHours.errors.endHour).toEqual([AGENDA_MESSAGES.hoursRequired]);
    expect(
      validateEvent({ ...base, entireDay: false, beginHour: '25:00', endHour: '10:00' }).errors.beginHour,
    ).toEqual([AGENDA_MESSAGES.invalidHour]);
    expect(
      validateEvent({ ...base, entireDay: false, beginHour: '09:00', endHour: '10:00' }).payload,
    ).toMatchObject({
      beginDate: '2025-03-10 09:00',
      endDate: '2025-03-10 10:00',
      entireDay: false,
    });
  });

  it('requires title and agenda', () => {
    const errors = validateEvent(newAllDayEvent('2025-03-10')).errors;
    expect(errors.title).toEqual(['Campo Obrigatório']);
    expect(errors.scheduleCode).toEqual(['Campo Obrigatório']);
  });
});
