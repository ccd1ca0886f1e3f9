import type { EventRange } from '../api.ts';

/**
 * Query keys of the agenda. `schedules` is both the list of schedules and the prefix of each one;
 * `events` the prefix of every range and event.
 */
export const agendaKeys = {
  schedules: ['schedules'] as const,
  schedule: (code: number | undefined) => [...agendaKeys.schedules, 'one', code] as const,
  events: ['events'] as const,
  eventRange: (range: EventRange | null) => [...agendaKeys.events, range] as const,
  event: (code: number | undefined) => [...agendaKeys.events, 'one', code] as const,
};
