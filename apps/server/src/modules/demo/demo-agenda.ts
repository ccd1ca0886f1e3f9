import { addDays, type EventSaveInput, EventSaveSchema, zonedDate } from '@mandato/domain';
import type { TenantContext } from '../../platform/db/tenancy.ts';
import { insertScheduleWithEvents } from '../agenda/agenda.lookup.ts';

export const DEMO_AGENDA_NAME = 'Gabinete';

/**
 * The demo agenda: one schedule of the admin with events around the day of the seed (in the
 * product's time zone), so the calendar's current week shows something on a first look.
 */
export function demoAgendaEvents(now: Date): Omit<EventSaveInput, 'scheduleCode'>[] {
  const day = (offset: number) => addDays(zonedDate(now), offset);
  return [
    {
      title: 'Reunião com lideranças do bairro',
      entireDay: false,
      beginDate: `${day(-1)} 14:00`,
      endDate: `${day(-1)} 15:30`,
      location: 'Associação de Moradores da Mooca',
    },
    {
      title: 'Despachos do gabinete',
      entireDay: false,
      beginDate: `${day(0)} 10:00`,
      endDate: `${day(0)} 11:00`,
      location: 'Gabinete',
      description: 'Assinaturas e retorno de pedidos da semana.',
    },
    {
      title: 'Audiência pública da saúde',
      entireDay: false,
      beginDate: `${day(2)} 19:00`,
      endDate: `${day(2)} 21:00`,
      location: 'Câmara Municipal',
    },
    {
      title: 'Visita às escolas',
      entireDay: true,
      beginDate: day(1),
      endDate: day(1),
      description: 'Escola Estadual Rui Barbosa e Escola Municipal Anísio Teixeira.',
    },
  ];
}

/** Seeds the demo agenda owned by `ownerId` (the demo admin), in the caller's transaction. */
export function seedDemoAgenda(ctx: TenantContext, tenantSlug: string, ownerId: string, now = new Date()) {
  const events = demoAgendaEvents(now).map((event) => EventSaveSchema.parse({ ...event, scheduleCode: 1 }));
  return insertScheduleWithEvents(
    ctx,
    tenantSlug,
    ownerId,
    { name: DEMO_AGENDA_NAME, color: 'GREEN' },
    events,
  );
}
