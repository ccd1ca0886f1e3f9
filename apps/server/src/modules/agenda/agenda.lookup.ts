import type { EventSave, ScheduleColor } from '@mandato/domain';
import type { TenantContext } from '../../platform/db/tenancy.ts';
import { agendaRepository } from './agenda.repository.ts';
import { newSubscribeToken } from './agenda.service.ts';

/**
 * Operator path (demo sample): a schedule owned by `ownerId` with its events (the owner is their
 * responsible), in the caller's transaction. Events come as `EventSaveSchema` outputs (their
 * instants already computed); their schedule code is ignored. Returns the schedule's id.
 */
export async function insertScheduleWithEvents(
  ctx: TenantContext,
  tenantSlug: string,
  ownerId: string,
  schedule: { name: string; color: ScheduleColor },
  events: readonly EventSave[],
): Promise<string> {
  const scheduleId = await agendaRepository.insertSchedule(ctx, {
    ownerId,
    name: schedule.name,
    color: schedule.color,
    subscribeToken: newSubscribeToken(tenantSlug),
  });
  for (const event of events) {
    await agendaRepository.insertEvent(
      ctx,
      {
        scheduleId,
        title: event.title,
        entireDay: event.entireDay,
        beginAt: event.beginAt,
        endAt: event.endAt,
        beginDate: event.beginDay,
        endDate: event.endDay,
        location: event.location ?? null,
        description: event.description ?? null,
      },
      ownerId,
    );
  }
  return scheduleId;
}
