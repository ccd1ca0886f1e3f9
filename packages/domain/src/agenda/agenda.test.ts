import { describe, expect, it } from 'vitest';
import { formatZoned, parseDateTime, zonedToInstant } from '../common/zoned-time.ts';
import {
  DEFAULT_SCHEDULE_COLOR,
  EventFormSchema,
  EventRangeQuerySchema,
  EventSaveSchema,
  eventFormToPayload,
  SCHEDULE_COLORS,
  ScheduleSaveSchema,
} from './agenda.schemas.ts';

const USER = '5B7C3F5E-1D2A-4C1E-9B8E-2F0A6D4C8E11';

describe('schedule', () => {
  it('has the 18 colours of the spec and BLUE by default', () => {
    expect(Object.keys(SCHEDULE_COLORS)).toHaveLength(18);
    expect(SCHEDULE_COLORS.BLUE).toBe('2196f3');
    expect(SCHEDULE_COLORS.GRAY).toBe('607d8b');
    expect(DEFAULT_SCHEDULE_COLOR).toBe('BLUE');
    const out = ScheduleSaveSchema.parse({
      name: ' Gabinete ',
      invitedPeopleCodes: [USER, USER.toLowerCase()],
    });
    expect(out).toEqual({ name: 'Gabinete', color: 'BLUE', invitedPeopleCodes: [USER.toLowerCase()] });
  });
  it('requires the name and a known colour', () => {
    expect(ScheduleSaveSchema.safeParse({ name: '' }).error?.issues[0]?.message).toBe('Campo Obrigatório');
    expect(ScheduleSaveSchema.safeParse({ name: 'x', color: 'CYAN' }).error?.issues[0]?.message).toBe(
      'Valor não permitido',
    );
    expect(ScheduleSaveSchema.safeParse({ name: 'x', invitedPeopleCodes: ['12'] }).success).toBe(false);
  });
});

describe('event', () => {
  const base = { title: 'Reunião', scheduleCode: 3 };
  it('all-day (default): inclusive days, instants from midnight to the midnight after the last day', () => {
    const out = EventSaveSchema.parse({ ...base, beginDate: '2025-03-10', endDate: '2025-03-11' });
    expect(out).toMatchObject({
      entireDay: true,
      beginDay: '2025-03-10',
      endDay: '2025-03-11',
      beginAt: '2025-03-10T03:00:00.000Z',
      endAt: '2025-03-12T03:00:00.000Z',
    });
  });
  it("timed events need both hours: 'Informe o horário de início e término'", () => {
    const r = EventSaveSchema.safeParse({
      ...base,
      entireDay: false,
      beginDate: '2025-03-10',
      endDate: '2025-03-10 10:00',
    });
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['beginDate', 'Informe o horário de início e término'],
    ]);
    const out = EventSaveSchema.parse({
      ...base,
      entireDay: false,
      beginDate: '2025-03-10T09:00',
      endDate: '2025-03-10T10:30:00-03:00',
    });
    expect(out.beginAt).toBe('2025-03-10T12:00:00.000Z');
    expect(out.endAt).toBe('2025-03-10T13:30:00.000Z');
  });
  it('refuses an end before the begin, a missing title or schedule, and unknown fields', () => {
    expect(
      EventSaveSchema.safeParse({
        ...base,
        entireDay: false,
        beginDate: '2025-03-10 10:00',
        endDate: '2025-03-10 09:00',
      }).success,
    ).toBe(false);
    expect(
      EventSaveSchema.safeParse({ ...base, beginDate: '2025-03-10', endDate: '2025-03-09' }).success,
    ).toBe(false);
    const r = EventSaveSchema.safeParse({ beginDate: '2025-03-10', endDate: '2025-03-10', foo: 1 });
    const paths = r.error?.issues.map((i) => i.path.join('.') || (i as { keys?: string[] }).keys?.join());
    expect(paths).toEqual(expect.arrayContaining(['title', 'scheduleCode', 'foo']));
  });
  it('the drawer form requires HH:MM hours unless all-day and builds the payload', () => {
    const form = { title: 'Visita', beginDate: '2025-03-10', endDate: '2025-03-10', scheduleCode: 1 };
    expect(EventFormSchema.safeParse({ ...form, entireDay: false }).error?.issues[0]?.message).toBe(
      'Informe o horário de início e término',
    );
    const parsed = EventFormSchema.parse({ ...form, entireDay: false, beginHour: '09:00', endHour: '10:00' });
    const payload = eventFormToPayload(parsed);
    expect(payload).toMatchObject({
      beginDate: '2025-03-10 09:00',
      endDate: '2025-03-10 10:00',
      entireDay: false,
    });
    expect(EventSaveSchema.safeParse(payload).success).toBe(true);
  });
  it('range query: a bare end day covers the whole day', () => {
    expect(EventRangeQuerySchema.parse({ beginDate: '2025-03-09', endDate: '2025-03-15' })).toEqual({
      beginAt: '2025-03-09T03:00:00.000Z',
      endAt: '2025-03-16T03:00:00.000Z',
    });
    expect(EventRangeQuerySchema.safeParse({ beginDate: '2025-01-01', endDate: '2027-01-01' }).success).toBe(
      false,
    );
  });
});

describe('zoned time (America/Sao_Paulo)', () => {
  it('converts wall-clock times both ways, DST of 2018 included', () => {
    expect(
      zonedToInstant({ year: 2025, month: 7, day: 1, hour: 12, minute: 0, second: 0 }).toISOString(),
    ).toBe('2025-07-01T15:00:00.000Z');
    // 2018-12-01 was summer time (-02:00)
    expect(
      zonedToInstant({ year: 2018, month: 12, day: 1, hour: 12, minute: 0, second: 0 }).toISOString(),
    ).toBe('2018-12-01T14:00:00.000Z');
    expect(formatZoned(new Date('2025-03-10T17:00:00Z'))).toBe('2025-03-10T14:00:00-03:00');
    expect(parseDateTime('2025-03-10 14:00Z')?.instant.toISOString()).toBe('2025-03-10T14:00:00.000Z');
    expect(parseDateTime('2025-13-10')).toBeUndefined();
    expect(parseDateTime('2025-03-10 24:00')).toBeUndefined();
  });
});
