import { randomBytes } from 'node:crypto';
import {
  AGENDA_MESSAGES,
  type AgendaEvent,
  type EventSave,
  formatZoned,
  type ListAnswer,
  MESSAGES,
  SCHEDULE_COLORS,
  type Schedule,
  type ScheduleColor,
  type ScheduleGuest,
  type ScheduleSave,
  SLUG_PATTERN_SOURCE,
} from '@mandato/domain';
import type { AppContext, RequestContext } from '../../platform/app-context.ts';
import type { AuthContext } from '../../platform/auth/guard.ts';
import { type TenantContext, withTenant } from '../../platform/db/tenancy.ts';
import { badRequest, notFound } from '../../platform/http/errors.ts';
import { findTenant } from '../tenants/tenants.service.ts';
import { usersByCodes } from '../users/users.lookup.ts';
import { assertCanEditEvent, assertOwner, canEditEvent, isOwner } from './agenda.policy.ts';
import {
  agendaRepository,
  type EventRecord,
  type GuestRecord,
  type ScheduleRecord,
} from './agenda.repository.ts';
import { type FeedEvent, renderCalendar } from './calendar-feed.ts';

/** '<tenant slug>.<256 random bits, base64url>': the slug finds the tenant, the rest is the secret. */
export function newSubscribeToken(slug: string): string {
  return `${slug}.${randomBytes(32).toString('base64url')}`;
}

const TOKEN = new RegExp(`^(${SLUG_PATTERN_SOURCE})\\.([A-Za-z0-9_-]{43})$`);

export function subscribeUrl(app: AppContext, token: string): string {
  return `${app.config.publicUrl.replace(/\/+$/, '')}/api/calendar/${token}.ics`;
}

const colorHex = (color: string) => `#${SCHEDULE_COLORS[color as ScheduleColor] ?? SCHEDULE_COLORS.BLUE}`;
const guest = (g: GuestRecord): ScheduleGuest => ({ code: g.code, name: g.name });

function groupGuests(guests: GuestRecord[]): Map<string, ScheduleGuest[]> {
  const byOwner = new Map<string, ScheduleGuest[]>();
  for (const g of guests) byOwner.set(g.ownerId, [...(byOwner.get(g.ownerId) ?? []), guest(g)]);
  return byOwner;
}

function presentSchedule(
  app: AppContext,
  auth: AuthContext,
  s: ScheduleRecord,
  guests: ScheduleGuest[],
): Schedule {
  return {
    code: Number(s.id),
    name: s.name,
    color: s.color as ScheduleColor,
    colorHex: colorHex(s.color),
    owner: { code: s.ownerCode, name: s.ownerName },
    isOwner: isOwner(auth, s),
    invitedPeople: guests,
    subscribeURL: subscribeUrl(app, s.subscribeToken),
    createDate: s.createdAt.toISOString(),
    updateDate: s.updatedAt.toISOString(),
  };
}

function presentEvent(auth: AuthContext, e: EventRecord, guests: ScheduleGuest[]): AgendaEvent {
  const allDay = e.entireDay && e.beginDate && e.endDate;
  return {
    code: Number(e.id),
    title: e.title,
    beginDate: allDay ? (e.beginDate as string) : formatZoned(e.beginAt),
    endDate: allDay ? (e.endDate as string) : formatZoned(e.endAt),
    entireDay: e.entireDay,
    location: e.location,
    description: e.description,
    schedule: {
      code: Number(e.scheduleId),
      name: e.scheduleName,
      color: e.scheduleColor as ScheduleColor,
      colorHex: colorHex(e.scheduleColor),
    },
    invitedPeople: guests,
    responsibleCode: e.responsibleCode,
    responsible: e.responsibleCode ? { code: e.responsibleCode, name: e.responsibleName ?? '' } : null,
    canEdit: canEditEvent(auth, e),
    revision: e.revision,
    createDate: e.createdAt.toISOString(),
    updateDate: e.updatedAt.toISOString(),
  };
}

/** Guest user codes → user ids; unknown codes are a 400 on the field; the caller is left out. */
async function guestIds(
  ctx: TenantContext,
  auth: AuthContext,
  codes: string[],
  field = 'invitedPeopleCodes',
) {
  const users = await usersByCodes(ctx, codes);
  const unknown = codes.filter((c) => !users.has(c));
  if (unknown.length > 0) {
    throw badRequest(MESSAGES.validation, {
      [field]: [`${AGENDA_MESSAGES.guestNotUser}: ${unknown.join(', ')}`],
    });
  }
  return [...users.values()].map((u) => u.id).filter((id) => id !== auth.user.id);
}

async function scheduleAnswer(ctx: RequestContext, auth: AuthContext, id: string) {
  const schedule = await agendaRepository.findVisibleSchedule(ctx, auth.user.id, id);
  if (!schedule) throw notFound(AGENDA_MESSAGES.scheduleNotFound);
  const guests = await agendaRepository.scheduleGuests(ctx, [id]);
  return presentSchedule(ctx.app, auth, schedule, guests.map(guest));
}

async function visibleSchedule(ctx: TenantContext, auth: AuthContext, id: string) {
  const schedule = await agendaRepository.findVisibleSchedule(ctx, auth.user.id, id);
  if (!schedule) throw notFound(AGENDA_MESSAGES.scheduleNotFound);
  return schedule;
}

export async function listSchedules(ctx: RequestContext, auth: AuthContext): Promise<ListAnswer<Schedule>> {
  const schedules = await agendaRepository.listSchedules(ctx, auth.user.id);
  const guests = groupGuests(
    await agendaRepository.scheduleGuests(
      ctx,
      schedules.map((s) => s.id),
    ),
  );
  const list = schedules.map((s) => presentSchedule(ctx.app, auth, s, guests.get(s.id) ?? []));
  return { list, total: list.length };
}

export function getSchedule(ctx: RequestContext, auth: AuthContext, id: string): Promise<Schedule> {
  return scheduleAnswer(ctx, auth, id);
}

export async function createSchedule(
  ctx: RequestContext,
  auth: AuthContext,
  body: ScheduleSave,
): Promise<Schedule> {
  const guests = await guestIds(ctx, auth, body.invitedPeopleCodes);
  const id = await agendaRepository.insertSchedule(ctx, {
    ownerId: auth.user.id,
    name: body.name,
    color: body.color,
    subscribeToken: newSubscribeToken(auth.tenant.slug),
  });
  await agendaRepository.setScheduleGuests(ctx, id, guests);
  return scheduleAnswer(ctx, auth, id);
}

export async function updateSchedule(
  ctx: RequestContext,
  auth: AuthContext,
  id: string,
  body: ScheduleSave,
): Promise<Schedule> {
  assertOwner(auth, await visibleSchedule(ctx, auth, id));
  const guests = await guestIds(ctx, auth, body.invitedPeopleCodes);
  await agendaRepository.updateSchedule(ctx, id, { name: body.name, color: body.color });
  await agendaRepository.setScheduleGuests(ctx, id, guests);
  return scheduleAnswer(ctx, auth, id);
}

export async function deleteSchedule(ctx: RequestContext, auth: AuthContext, id: string) {
  assertOwner(auth, await visibleSchedule(ctx, auth, id));
  const removedEvents = await agendaRepository.deleteSchedule(ctx, id);
  return { code: Number(id), removedEvents };
}

/** A new subscription URL: the old one stops working at once. */
export async function regenerateSubscribeToken(
  ctx: RequestContext,
  auth: AuthContext,
  id: string,
): Promise<Schedule> {
  assertOwner(auth, await visibleSchedule(ctx, auth, id));
  await agendaRepository.setScheduleToken(ctx, id, newSubscribeToken(auth.tenant.slug));
  return scheduleAnswer(ctx, auth, id);
}

async function eventAnswer(ctx: TenantContext, auth: AuthContext, id: string): Promise<AgendaEvent> {
  const event = await agendaRepository.findVisibleEvent(ctx, auth.user.id, id);
  if (!event) throw notFound(AGENDA_MESSAGES.eventNotFound);
  const guests = await agendaRepository.eventGuests(ctx, [id]);
  return presentEvent(auth, event, guests.map(guest));
}

export async function listEvents(
  ctx: RequestContext,
  auth: AuthContext,
  range: { beginAt: string; endAt: string },
): Promise<ListAnswer<AgendaEvent>> {
  const events = await agendaRepository.listEvents(ctx, auth.user.id, range.beginAt, range.endAt);
  const guests = groupGuests(
    await agendaRepository.eventGuests(
      ctx,
      events.map((e) => e.id),
    ),
  );
  const list = events.map((e) => presentEvent(auth, e, guests.get(e.id) ?? []));
  return { list, total: list.length };
}

export function getEvent(ctx: RequestContext, auth: AuthContext, id: string): Promise<AgendaEvent> {
  return eventAnswer(ctx, auth, id);
}

function eventValues(body: EventSave) {
  return {
    scheduleId: String(body.scheduleCode),
    title: body.title,
    entireDay: body.entireDay,
    beginAt: body.beginAt,
    endAt: body.endAt,
    beginDate: body.beginDay,
    endDate: body.endDay,
    location: body.location ?? null,
    description: body.description ?? null,
  };
}

/** The schedule must be one the caller owns or is invited to (else 404, as if it did not exist). */
async function assertCanAddTo(ctx: TenantContext, auth: AuthContext, scheduleCode: number) {
  if (!(await agendaRepository.canAddTo(ctx, auth.user.id, String(scheduleCode)))) {
    throw notFound(AGENDA_MESSAGES.scheduleNotFound);
  }
}

export async function createEvent(
  ctx: RequestContext,
  auth: AuthContext,
  body: EventSave,
): Promise<AgendaEvent> {
  await assertCanAddTo(ctx, auth, body.scheduleCode);
  const guests = await guestIds(ctx, auth, body.invitedPeopleCodes);
  const id = await agendaRepository.insertEvent(ctx, eventValues(body), auth.user.id);
  await agendaRepository.setEventGuests(ctx, id, guests);
  return eventAnswer(ctx, auth, id);
}

async function editableEvent(ctx: TenantContext, auth: AuthContext, id: string) {
  const event = await agendaRepository.findVisibleEvent(ctx, auth.user.id, id);
  if (!event) throw notFound(AGENDA_MESSAGES.eventNotFound);
  assertCanEditEvent(auth, event);
  return event;
}

export async function updateEvent(
  ctx: RequestContext,
  auth: AuthContext,
  id: string,
  body: EventSave,
): Promise<AgendaEvent> {
  const event = await editableEvent(ctx, auth, id);
  if (String(body.scheduleCode) !== event.scheduleId) await assertCanAddTo(ctx, auth, body.scheduleCode);
  const guests = await guestIds(ctx, auth, body.invitedPeopleCodes);
  await agendaRepository.updateEvent(ctx, id, eventValues(body));
  await agendaRepository.setEventGuests(ctx, id, guests);
  return eventAnswer(ctx, auth, id);
}

export async function deleteEvent(ctx: RequestContext, auth: AuthContext, id: string) {
  await editableEvent(ctx, auth, id);
  await agendaRepository.deleteEvent(ctx, id);
  return { code: Number(id) };
}

/** How far back the feed goes: events that ended within the last year, and every later one. */
const FEED_HISTORY_DAYS = 366;

/**
 * The subscription feed of a token, or undefined (unknown, revoked, malformed token or inactive
 * tenant: the route answers 404 without telling which). No user session: the token is the
 * credential, so this opens its own tenant transaction instead of going through withAuth.
 */
export async function calendarFeed(app: AppContext, token: string): Promise<string | undefined> {
  const match = TOKEN.exec(token);
  if (!match?.[1]) return undefined;
  const tenant = await findTenant(app, match[1]);
  if (!tenant?.active) return undefined;
  return withTenant(app.db, tenant.id, async (ctx) => {
    const schedule = await agendaRepository.findScheduleByToken(ctx, token);
    if (!schedule) return undefined;
    const since = new Date(Date.now() - FEED_HISTORY_DAYS * 86_400_000).toISOString();
    const events: FeedEvent[] = await agendaRepository.feedEvents(ctx, schedule.id, since);
    return renderCalendar({
      name: schedule.name,
      host: new URL(app.config.publicUrl).hostname,
      tenantId: tenant.id,
      events,
    });
  });
}
