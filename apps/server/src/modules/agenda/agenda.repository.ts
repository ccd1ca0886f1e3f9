import { type ExpressionBuilder, sql } from 'kysely';
import { toDate, toDay } from '../../platform/dates.ts';
import type { DB } from '../../platform/db/schema.ts';
import type { TenantContext } from '../../platform/db/tenancy.ts';

export interface ScheduleRecord {
  id: string;
  ownerId: string;
  ownerCode: string;
  ownerName: string;
  name: string;
  color: string;
  subscribeToken: string;
  createdAt: Date;
  updatedAt: Date;
}

export interface EventRecord {
  id: string;
  scheduleId: string;
  scheduleName: string;
  scheduleColor: string;
  scheduleOwnerId: string;
  title: string;
  entireDay: boolean;
  beginAt: Date;
  endAt: Date;
  beginDate: string | null;
  endDate: string | null;
  location: string | null;
  description: string | null;
  responsibleId: string | null;
  responsibleCode: string | null;
  responsibleName: string | null;
  revision: number;
  createdAt: Date;
  updatedAt: Date;
}

export interface GuestRecord {
  /** schedule or event id */
  ownerId: string;
  userId: string;
  code: string;
  name: string;
}

export interface EventValues {
  scheduleId: string;
  title: string;
  entireDay: boolean;
  beginAt: string;
  endAt: string;
  beginDate: string | null;
  endDate: string | null;
  location: string | null;
  description: string | null;
}

function scheduleQuery(ctx: TenantContext) {
  return ctx.trx
    .selectFrom('schedules as s')
    .innerJoin('users as o', (j) =>
      j.onRef('o.tenant_id', '=', 's.tenant_id').onRef('o.id', '=', 's.owner_id'),
    )
    .select([
      's.id',
      's.owner_id',
      'o.code as owner_code',
      'o.name as owner_name',
      's.name',
      's.color',
      's.subscribe_token',
      's.created_at',
      's.updated_at',
    ])
    .where('s.tenant_id', '=', ctx.tenantId);
}
type ScheduleRow = Awaited<ReturnType<ReturnType<typeof scheduleQuery>['executeTakeFirstOrThrow']>>;

function toSchedule(r: ScheduleRow): ScheduleRecord {
  return {
    id: String(r.id),
    ownerId: String(r.owner_id),
    ownerCode: r.owner_code,
    ownerName: r.owner_name,
    name: r.name,
    color: r.color,
    subscribeToken: r.subscribe_token,
    createdAt: toDate(r.created_at),
    updatedAt: toDate(r.updated_at),
  };
}

type SEB = ExpressionBuilder<DB & { s: DB['schedules'] }, 's'>;

/** Schedules the user owns or is invited to. */
function scheduleVisibleTo(userId: string) {
  return (eb: SEB) =>
    eb.or([
      eb('s.owner_id', '=', userId),
      eb.exists(
        eb
          .selectFrom('schedule_guests as g')
          .select(sql`1`.as('one'))
          .whereRef('g.tenant_id', '=', 's.tenant_id')
          .whereRef('g.schedule_id', '=', 's.id')
          .where('g.user_id', '=', userId),
      ),
    ]);
}

function eventQuery(ctx: TenantContext) {
  return ctx.trx
    .selectFrom('events as e')
    .innerJoin('schedules as s', (j) =>
      j.onRef('s.tenant_id', '=', 'e.tenant_id').onRef('s.id', '=', 'e.schedule_id'),
    )
    .leftJoin('users as r', (j) =>
      j.onRef('r.tenant_id', '=', 'e.tenant_id').onRef('r.id', '=', 'e.responsible_id'),
    )
    .select([
      'e.id',
      'e.schedule_id',
      's.name as schedule_name',
      's.color as schedule_color',
      's.owner_id as schedule_owner_id',
      'e.title',
      'e.entire_day',
      'e.begin_at',
      'e.end_at',
      'e.begin_date',
      'e.end_date',
      'e.location',
      'e.description',
      'e.responsible_id',
      'r.code as responsible_code',
      'r.name as responsible_name',
      'e.revision',
      'e.created_at',
      'e.updated_at',
    ])
    .where('e.tenant_id', '=', ctx.tenantId);
}
type EventRow = Awaited<ReturnType<ReturnType<typeof eventQuery>['executeTakeFirstOrThrow']>>;
type EEB = ExpressionBuilder<DB & { e: DB['events']; s: DB['schedules'] }, 'e' | 's'>;

/** Events of schedules the user owns or is invited to, and events the user is a guest of. */
function eventVisibleTo(userId: string) {
  return (eb: EEB) =>
    eb.or([
      eb('s.owner_id', '=', userId),
      eb.exists(
        eb
          .selectFrom('schedule_guests as g')
          .select(sql`1`.as('one'))
          .whereRef('g.tenant_id', '=', 'e.tenant_id')
          .whereRef('g.schedule_id', '=', 'e.schedule_id')
          .where('g.user_id', '=', userId),
      ),
      eb.exists(
        eb
          .selectFrom('event_guests as eg')
          .select(sql`1`.as('one'))
          .whereRef('eg.tenant_id', '=', 'e.tenant_id')
          .whereRef('eg.event_id', '=', 'e.id')
          .where('eg.user_id', '=', userId),
      ),
    ]);
}

function toEvent(r: EventRow): EventRecord {
  return {
    id: String(r.id),
    scheduleId: String(r.schedule_id),
    scheduleName: r.schedule_name,
    scheduleColor: r.schedule_color,
    scheduleOwnerId: String(r.schedule_owner_id),
    title: r.title,
    entireDay: r.entire_day,
    beginAt: toDate(r.begin_at),
    endAt: toDate(r.end_at),
    beginDate: toDay(r.begin_date),
    endDate: toDay(r.end_date),
    location: r.location,
    description: r.description,
    responsibleId: r.responsible_id === null ? null : String(r.responsible_id),
    responsibleCode: r.responsible_code,
    responsibleName: r.responsible_name,
    revision: Number(r.revision),
    createdAt: toDate(r.created_at),
    updatedAt: toDate(r.updated_at),
  };
}

/** Events overlapping [from, to): begin before the end, and end after the start (or an instant inside). */
function overlapping(fromIso: string, toIso: string) {
  const [from, to] = [new Date(fromIso), new Date(toIso)];
  return (eb: EEB) =>
    eb.and([eb('e.begin_at', '<', to), eb.or([eb('e.end_at', '>', from), eb('e.begin_at', '>=', from)])]);
}

const MAX_EVENTS = 5000;

/** Guests of schedules and of events live in twin tables: (tenant_id, <owner>_id, user_id). */
const GUEST_TABLES = {
  schedule: { table: 'schedule_guests', owner: 'schedule_id' },
  event: { table: 'event_guests', owner: 'event_id' },
} as const;
type GuestKind = keyof typeof GUEST_TABLES;

// The queries are written against schedule_guests for the types; both tables have the same shape.
async function guestsOf(
  ctx: TenantContext,
  kind: GuestKind,
  ownerIds: readonly string[],
): Promise<GuestRecord[]> {
  if (ownerIds.length === 0) return [];
  const { table, owner } = GUEST_TABLES[kind];
  const rows = await ctx.trx
    .selectFrom(`${table} as g` as 'schedule_guests as g')
    .innerJoin('users as u', (j) =>
      j.onRef('u.tenant_id', '=', 'g.tenant_id').onRef('u.id', '=', 'g.user_id'),
    )
    .select([`g.${owner} as owner_id` as 'g.schedule_id as owner_id', 'g.user_id', 'u.code', 'u.name'])
    .where('g.tenant_id', '=', ctx.tenantId)
    .where(`g.${owner}` as 'g.schedule_id', 'in', [...ownerIds])
    .orderBy('u.name')
    .execute();
  return rows.map((r) => ({
    ownerId: String(r.owner_id),
    userId: String(r.user_id),
    code: r.code,
    name: r.name,
  }));
}

async function setGuests(ctx: TenantContext, kind: GuestKind, ownerId: string, userIds: readonly string[]) {
  const { table, owner } = GUEST_TABLES[kind];
  await ctx.trx
    .deleteFrom(table as 'schedule_guests')
    .where('tenant_id', '=', ctx.tenantId)
    .where(owner as 'schedule_id', '=', ownerId)
    .execute();
  if (userIds.length === 0) return;
  await ctx.trx
    .insertInto(table as 'schedule_guests')
    .values(
      userIds.map((userId) => ({ tenant_id: ctx.tenantId, [owner]: ownerId, user_id: userId }) as never),
    )
    .execute();
}

export const agendaRepository = {
  async listSchedules(ctx: TenantContext, userId: string): Promise<ScheduleRecord[]> {
    const rows = await scheduleQuery(ctx)
      .where(scheduleVisibleTo(userId))
      .orderBy('s.name')
      .orderBy('s.id')
      .execute();
    return rows.map(toSchedule);
  },

  async findVisibleSchedule(
    ctx: TenantContext,
    userId: string,
    id: string,
  ): Promise<ScheduleRecord | undefined> {
    const row = await scheduleQuery(ctx)
      .where('s.id', '=', id)
      .where(scheduleVisibleTo(userId))
      .executeTakeFirst();
    return row && toSchedule(row);
  },

  async findScheduleByToken(ctx: TenantContext, token: string): Promise<ScheduleRecord | undefined> {
    const row = await scheduleQuery(ctx).where('s.subscribe_token', '=', token).executeTakeFirst();
    return row && toSchedule(row);
  },

  async insertSchedule(
    ctx: TenantContext,
    values: { ownerId: string; name: string; color: string; subscribeToken: string },
  ): Promise<string> {
    const row = await ctx.trx
      .insertInto('schedules')
      .values({
        tenant_id: ctx.tenantId,
        owner_id: values.ownerId,
        name: values.name,
        color: values.color,
        subscribe_token: values.subscribeToken,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return String(row.id);
  },

  async updateSchedule(ctx: TenantContext, id: string, values: { name: string; color: string }) {
    await ctx.trx
      .updateTable('schedules')
      .set({ name: values.name, color: values.color, updated_at: sql`now()` })
      .where('tenant_id', '=', ctx.tenantId)
      .where('id', '=', id)
      .execute();
  },

  async setScheduleToken(ctx: TenantContext, id: string, token: string) {
    await ctx.trx
      .updateTable('schedules')
      .set({ subscribe_token: token, updated_at: sql`now()` })
      .where('tenant_id', '=', ctx.tenantId)
      .where('id', '=', id)
      .execute();
  },

  /** Removes the schedule; its events and guests go with it (ON DELETE CASCADE). */
  async deleteSchedule(ctx: TenantContext, id: string): Promise<number> {
    const events = await ctx.trx
      .deleteFrom('events')
      .where('tenant_id', '=', ctx.tenantId)
      .where('schedule_id', '=', id)
      .executeTakeFirst();
    await ctx.trx
      .deleteFrom('schedules')
      .where('tenant_id', '=', ctx.tenantId)
      .where('id', '=', id)
      .execute();
    return Number(events.numDeletedRows);
  },

  /** Whether the user may add events to the schedule: its owner or one of its guests. */
  async canAddTo(ctx: TenantContext, userId: string, scheduleId: string): Promise<boolean> {
    const row = await ctx.trx
      .selectFrom('schedules as s')
      .select('s.id')
      .where('s.tenant_id', '=', ctx.tenantId)
      .where('s.id', '=', scheduleId)
      .where(scheduleVisibleTo(userId))
      .executeTakeFirst();
    return !!row;
  },

  async listEvents(ctx: TenantContext, userId: string, from: string, to: string): Promise<EventRecord[]> {
    const rows = await eventQuery(ctx)
      .where(eventVisibleTo(userId))
      .where(overlapping(from, to))
      .orderBy('e.begin_at')
      .orderBy('e.id')
      .limit(MAX_EVENTS)
      .execute();
    return rows.map(toEvent);
  },

  async findVisibleEvent(ctx: TenantContext, userId: string, id: string): Promise<EventRecord | undefined> {
    const row = await eventQuery(ctx).where('e.id', '=', id).where(eventVisibleTo(userId)).executeTakeFirst();
    return row && toEvent(row);
  },

  /** The events of one schedule for its subscription feed: the ones ending after `since`. */
  async feedEvents(ctx: TenantContext, scheduleId: string, since: string): Promise<EventRecord[]> {
    const rows = await eventQuery(ctx)
      .where('e.schedule_id', '=', scheduleId)
      .where('e.end_at', '>=', new Date(since))
      .orderBy('e.begin_at')
      .orderBy('e.id')
      .limit(MAX_EVENTS)
      .execute();
    return rows.map(toEvent);
  },

  async insertEvent(ctx: TenantContext, values: EventValues, responsibleId: string): Promise<string> {
    const row = await ctx.trx
      .insertInto('events')
      .values({
        tenant_id: ctx.tenantId,
        schedule_id: values.scheduleId,
        title: values.title,
        entire_day: values.entireDay,
        begin_at: values.beginAt,
        end_at: values.endAt,
        begin_date: values.beginDate,
        end_date: values.endDate,
        location: values.location,
        description: values.description,
        responsible_id: responsibleId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return String(row.id);
  },

  /** Saves the event's new values and bumps its revision (the feed's SEQUENCE). */
  async updateEvent(ctx: TenantContext, id: string, values: EventValues) {
    await ctx.trx
      .updateTable('events')
      .set({
        schedule_id: values.scheduleId,
        title: values.title,
        entire_day: values.entireDay,
        begin_at: values.beginAt,
        end_at: values.endAt,
        begin_date: values.beginDate,
        end_date: values.endDate,
        location: values.location,
        description: values.description,
        revision: sql`revision + 1`,
        updated_at: sql`now()`,
      })
      .where('tenant_id', '=', ctx.tenantId)
      .where('id', '=', id)
      .execute();
  },

  async deleteEvent(ctx: TenantContext, id: string) {
    await ctx.trx.deleteFrom('events').where('tenant_id', '=', ctx.tenantId).where('id', '=', id).execute();
  },

  scheduleGuests: (ctx: TenantContext, scheduleIds: readonly string[]) =>
    guestsOf(ctx, 'schedule', scheduleIds),
  eventGuests: (ctx: TenantContext, eventIds: readonly string[]) => guestsOf(ctx, 'event', eventIds),
  setScheduleGuests: (ctx: TenantContext, scheduleId: string, userIds: readonly string[]) =>
    setGuests(ctx, 'schedule', scheduleId, userIds),
  setEventGuests: (ctx: TenantContext, eventId: string, userIds: readonly string[]) =>
    setGuests(ctx, 'event', eventId, userIds),
};
