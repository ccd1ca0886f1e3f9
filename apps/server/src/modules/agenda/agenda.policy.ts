import { AGENDA_MESSAGES, type AreaRule } from '@mandato/domain';
import type { AuthContext } from '../../platform/auth/guard.ts';
import { forbidden } from '../../platform/http/errors.ts';
import type { EventRecord, ScheduleRecord } from './agenda.repository.ts';

/** The agenda is module 'schedule': any active user with at least one permission (spec 1 §6). */
export const AGENDA_RULE: AreaRule = { module: 'schedule' };

/**
 * Who does what (docs/decisions.md "Agenda"):
 * - a schedule is seen by its owner and its guests (anyone else: 404);
 * - only the owner renames, recolours, invites, removes it or regenerates its subscription URL;
 * - the owner and the guests add events to it;
 * - an event is seen by whoever sees its schedule and by the event's own guests; it is changed or
 *   removed by the schedule owner or by the event's responsible (who created it).
 */
export function isOwner(auth: AuthContext, schedule: Pick<ScheduleRecord, 'ownerId'>): boolean {
  return schedule.ownerId === auth.user.id;
}

export function assertOwner(auth: AuthContext, schedule: Pick<ScheduleRecord, 'ownerId'>) {
  if (!isOwner(auth, schedule)) throw forbidden(AGENDA_MESSAGES.onlyOwner);
}

export function canEditEvent(auth: AuthContext, event: EventRecord): boolean {
  return event.scheduleOwnerId === auth.user.id || event.responsibleId === auth.user.id;
}

export function assertCanEditEvent(auth: AuthContext, event: EventRecord) {
  if (!canEditEvent(auth, event)) throw forbidden(AGENDA_MESSAGES.cannotChangeEvent);
}
