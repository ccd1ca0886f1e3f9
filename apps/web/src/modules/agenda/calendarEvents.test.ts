import type { AgendaEvent } from '@mandato/domain';
import { describe, expect, it } from 'vitest';
import { rangeQuery, toCalendarEvent, visibleEvents } from './calendarEvents.ts';

const event = (over: Partial<AgendaEvent>): AgendaEvent => ({
  code: 1,
  title: 'Reunião',
  beginDate: '2025-03-10',
  endDate: '2025-03-11',
  entireDay: true,
  location: null,
  description: null,
  schedule: { code: 7, name: 'Gabinete', color: 'RED', colorHex: '#f44336' },
  invitedPeople: [],
  responsibleCode: null,
  responsible: null,
  canEdit: true,
  revision: 1,
  createDate: '',
  updateDate: '',
  ...over,
});

describe('calendar events', () => {
  it('all-day end is exclusive for FullCalendar; timed ones in São Paulo wall clock', () => {
    expect(toCalendarEvent(event({}))).toMatchObject({
      start: '2025-03-10',
      end: '2025-03-12',
      allDay: true,
      backgroundColor: '#f44336',
    });
    const timed = toCalendarEvent(
      event({ entireDay: false, beginDate: '2025-03-10T14:00:00-03:00', endDate: '2025-03-10T15:00:00Z' }),
    );
    expect(timed).toMatchObject({ start: '2025-03-10T14:00', end: '2025-03-10T12:00', allDay: false });
  });

  it('hides the unchecked schedules', () => {
    expect(visibleEvents([event({})], new Set([7]))).toEqual([]);
    expect(visibleEvents([event({})], new Set([8]))).toHaveLength(1);
  });

  it('asks the API for the visible range with an inclusive end day', () => {
    expect(rangeQuery(new Date(2025, 2, 9), new Date(2025, 2, 16))).toEqual({
      beginDate: '2025-03-09',
      endDate: '2025-03-15',
    });
  });
});
