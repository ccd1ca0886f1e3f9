import { describe, expect, it } from 'vitest';
import { agendaKeys } from './agendaKeys.ts';

describe('agenda query keys', () => {
  it('puts every schedule under schedules and every range and event under events', () => {
    const range = { beginDate: '2024-01-07', endDate: '2024-01-14' };
    expect(agendaKeys.schedule(4)).toEqual(['schedules', 'one', 4]);
    expect(agendaKeys.eventRange(range)).toEqual(['events', range]);
    expect(agendaKeys.event(5)).toEqual(['events', 'one', 5]);
  });
});
