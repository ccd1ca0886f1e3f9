import type { ShotOrdering, ShotReportKey, ShotStatus, ShotType, SmsShotReportKey } from '@mandato/domain';
import { type ExpressionBuilder, type RawBuilder, type SqlBool, sql } from 'kysely';
import { toDate } from '../../platform/dates.ts';
import { visibleTo } from '../../platform/db/filter/people-visibility.ts';
import type { DB } from '../../platform/db/schema.ts';
import type { TenantContext } from '../../platform/db/tenancy.ts';
import type { RecipientVisibility } from './shots.policy.ts';

/** A shot with its sender's name and address and its list's expression (null when gone). */
export interface ShotRecord {
  id: string;
  channel: ShotType;
  status: ShotStatus;
  name: string | null;
  subject: string | null;
  html_content: string | null;
  text_content: string | null;
  json_content: unknown;
  content: string | null;
  image_preview: string | null;
  sender_id: string | null;
  sender_name: string | null;
  sender_email: string | null;
  segment_id: string | null;
  segment_name: string | null;
  segment_type: 'PERSON' | 'TEAM' | 'COMPANY' | null;
  segment_expression: unknown;
  total_contacts: number;
  total_dropped: number;
  schedule_date: Date | null;
  start_date: Date | null;
  error_reason: string | null;
  birthday: boolean;
  sms_parts: number | null;
  paused_until: Date | null;
  created_by: string | null;
  created_at: Date;
}

/** What a save writes (both channels: e-mail fills subject/html/text/json, SMS content). */
export interface ShotContentValues {
  /** the team's name for it (issue 40); undefined: an update leaves it as it was */
  name?: string | null;
  subject: string | null;
  html_content: string | null;
  text_content: string | null;
  json_content: string | null;
  content: string | null;
  image_preview: string | null;
  /** e-mail: the sender; SMS: null (the tenant's identification goes in the text) */
  sender_id: string | null;
  segment_id: string;
  segment_name: string;
  segment_type: 'PERSON' | 'TEAM' | 'COMPANY';
  total_contacts: number;
  /** SMS: the parts the carrier bills per message; null for e-mail */
  sms_parts: number | null;
}

/** A report tab of either channel (e-mail: SHOT_REPORT_KEYS; SMS: SMS_SHOT_REPORT_KEYS). */
export type AnyShotReportKey = ShotReportKey | SmsShotReportKey;

export interface ShotTotals {
  delivered: number;
  opened: number;
  clicked: number;
}

const ORDER_COLUMN: Record<ShotOrdering, 'schedule_date' | 'start_date' | 'id'> = {
  scheduleDate: 'schedule_date',
  startDate: 'start_date',
  code: 'id',
};

type Recipients = DB & { r: DB['mkt_shot_recipients'] };

/** The recipients of a report tab (spec 3 §7.1 report keys; SMS's 'failed'). */
const REPORT_FILTER: Record<
  AnyShotReportKey,
  (eb: ExpressionBuilder<Recipients, 'r'>) => ReturnType<ExpressionBuilder<Recipients, 'r'>>
> = {
  // handed to the provider: a PENDING recipient is not processed yet
  processed: (eb) => eb('r.status', 'in', ['SENT', 'BOUNCED', 'FAILED']),
  delivered: (eb) => eb('r.delivered_at', 'is not', null),
  // a bounced or failed message was never read: its pixel or link hit is not an open (issue 39)
  open: (eb) => eb.and([eb('r.opened_at', 'is not', null), eb('r.status', '=', 'SENT')]),
  bounce: (eb) => eb('r.status', '=', 'BOUNCED'),
  failed: (eb) => eb('r.status', 'in', ['BOUNCED', 'FAILED']),
  dropped: (eb) => eb('r.status', '=', 'DROPPED'),
  spamReport: (eb) => eb('r.spam_at', 'is not', null),
  unsubscribe: (eb) => eb('r.unsubscribed_at', 'is not', null),
};

/** The moment each tab's entry happened. */
const REPORT_AT: Record<AnyShotReportKey, RawBuilder<Date | null>> = {
  processed: sql`r.sent_at`,
  delivered: sql`r.delivered_at`,
  open: sql`r.opened_at`,
  bounce: sql`r.bounced_at`,
  // a carrier's failure report, else the provider's refusal at the send
  failed: sql`coalesce(r.bounced_at, r.sent_at)`,
  dropped: sql`null`,
  spamReport: sql`r.spam_at`,
  unsubscribe: sql`r.unsubscribed_at`,
};

/** Whether `vis` lets every recipient through (the condition below would be true on every row). */
const seesEveryRecipient = (vis: RecipientVisibility) =>
  vis.withoutPerson && vis.people.contacts && vis.people.team && vis.people.ownerId === null;

/**
 * The recipients (alias `r`, mkt_shot_recipients) the caller may see (shots.policy
 * `recipientVisibility`): their person is one the CRM shows them (people-visibility.ts, on the person
 * as it is now), or there is no person left and `withoutPerson` allows it. For the shots module's
 * repositories only (the outbox's too).
 */
export function recipientVisibleTo(vis: RecipientVisibility): RawBuilder<SqlBool> {
  if (seesEveryRecipient(vis)) return sql<SqlBool>`true`;
  const person = sql<SqlBool>`EXISTS (SELECT 1 FROM people p
    WHERE p.tenant_id = r.tenant_id AND p.id = r.person_id AND ${visibleTo(vis.people, 'p')})`;
  return vis.withoutPerson ? sql<SqlBool>`(r.person_id IS NULL OR ${person})` : person;
}

function selectShots(ctx: TenantContext) {
  return ctx.trx
    .selectFrom('mkt_shots as s')
    .leftJoin('mkt_senders as snd', (j) =>
      j.onRef('snd.tenant_id', '=', 's.tenant_id').onRef('snd.id', '=', 's.sender_id'),
    )
    .leftJoin('mkt_domains as d', (j) =>
      j.onRef('d.tenant_id', '=', 'snd.tenant_id').onRef('d.id', '=', 'snd.domain_id'),
    )
    .leftJoin('segments as seg', (j) =>
      j.onRef('seg.tenant_id', '=', 's.tenant_id').onRef('seg.id', '=', 's.segment_id'),
    )
    .select([
      sql<string>`s.id::text`.as('id'),
      's.channel',
      's.status',
      's.name',
      's.subject',
      's.html_content',
      's.text_content',
      's.json_content',
      's.content',
      's.image_preview',
      sql<string | null>`s.sender_id::text`.as('sender_id'),
      'snd.name as sender_name',
      sql<string | null>`snd.email_prefix || '@' || d.name`.as('sender_email'),
      sql<string | null>`s.segment_id::text`.as('segment_id'),
      's.segment_name',
      's.segment_type',
      'seg.expression as segment_expression',
      's.total_contacts',
      's.total_dropped',
      's.schedule_date',
      's.start_date',
      's.error_reason',
      's.birthday',
      's.sms_parts',
      's.paused_until',
      sql<string | null>`s.created_by::text`.as('created_by'),
      's.created_at',
    ])
    .where('s.tenant_id', '=', ctx.tenantId);
}

function toRecord(
  r: Awaited<ReturnType<ReturnType<typeof selectShots>['executeTakeFirstOrThrow']>>,
): ShotRecord {
  const parse = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);
  return {
    ...r,
    json_content: parse(r.json_content) ?? null,
    segment_expression: parse(r.segment_expression) ?? null,
    schedule_date: toDate(r.schedule_date),
    start_date: toDate(r.start_date),
    paused_until: toDate(r.paused_until),
    created_at: toDate(r.created_at),
  };
}

/** SQL of the shots (mkt_shots, migration 0032) and of their recipients' totals and report tabs. */
export const shotsRepository = {
  async list(
    ctx: TenantContext,
    channel: ShotType,
    query: {
      statuses?: readonly ShotStatus[];
      birthday?: boolean;
      ordering: ShotOrdering;
      ascending: boolean;
      limit: number;
      offset: number;
    },
  ): Promise<{ rows: ShotRecord[]; total: number }> {
    const statuses = query.statuses?.length ? query.statuses : undefined;
    let base = ctx.trx
      .selectFrom('mkt_shots')
      .where('tenant_id', '=', ctx.tenantId)
      .where('channel', '=', channel)
      .where('birthday', '=', query.birthday ?? false);
    if (statuses) base = base.where('status', 'in', statuses);
    const { total } = await base
      .select((eb) => eb.fn.countAll<string>().as('total'))
      .executeTakeFirstOrThrow();
    if (query.limit <= 0) return { rows: [], total: Number(total) };
    let rows = selectShots(ctx)
      .where('s.channel', '=', channel)
      .where('s.birthday', '=', query.birthday ?? false);
    if (statuses) rows = rows.where('s.status', 'in', statuses);
    const column = ORDER_COLUMN[query.ordering];
    const direction = query.ascending ? 'asc' : 'desc';
    const found = await rows
      .orderBy(sql`${sql.ref(`s.${column}`)} ${sql.raw(direction)} nulls last`)
      .orderBy('s.id', direction)
      .limit(query.limit)
      .offset(query.offset)
      .execute();
    return { rows: found.map(toRecord), total: Number(total) };
  },

  async find(ctx: TenantContext, channel: ShotType, id: string): Promise<ShotRecord | undefined> {
    const row = await selectShots(ctx)
      .where('s.channel', '=', channel)
      .where('s.id', '=', id)
      .executeTakeFirst();
    return row && toRecord(row);
  },

  /** The shot's status, its row locked until the transaction ends (undefined: none of this channel). */
  async lock(
    ctx: TenantContext,
    id: string,
    channel?: ShotType,
  ): Promise<
    | {
        id: string;
        channel: ShotType;
        status: ShotStatus;
        content: string | null;
        sender_id: string | null;
        segment_id: string | null;
        schedule_date: Date | null;
        start_date: Date | null;
        created_by: string | null;
        birthday_date: string | null;
      }
    | undefined
  > {
    let q = ctx.trx
      .selectFrom('mkt_shots')
      .select([
        sql<string>`id::text`.as('id'),
        'channel',
        'status',
        'content',
        sql<string | null>`sender_id::text`.as('sender_id'),
        sql<string | null>`segment_id::text`.as('segment_id'),
        'schedule_date',
        'start_date',
        sql<string | null>`created_by::text`.as('created_by'),
        sql<string | null>`birthday_date::text`.as('birthday_date'),
      ])
      .where('tenant_id', '=', ctx.tenantId)
      .where('id', '=', id);
    if (channel) q = q.where('channel', '=', channel);
    const row = await q.forUpdate().executeTakeFirst();
    return row && { ...row, schedule_date: toDate(row.schedule_date), start_date: toDate(row.start_date) };
  },

  async insert(
    ctx: TenantContext,
    channel: ShotType,
    values: ShotContentValues,
    createdBy: string,
  ): Promise<string> {
    const row = await ctx.trx
      .insertInto('mkt_shots')
      .values({ tenant_id: ctx.tenantId, channel, ...values, created_by: createdBy })
      .returning(sql<string>`id::text`.as('id'))
      .executeTakeFirstOrThrow();
    return row.id;
  },

  async update(ctx: TenantContext, id: string, values: ShotContentValues): Promise<void> {
    await ctx.trx
      .updateTable('mkt_shots')
      .set({ ...values, updated_at: new Date() })
      .where('tenant_id', '=', ctx.tenantId)
      .where('id', '=', id)
      .where('status', '=', 'DRAFT')
      .execute();
  },

  /**
   * A new DRAFT with the subject, message, design, sender and list of `id` as they are, under the
   * clone's `name` (issue 40: only the name tells it from its source); its id.
   */
  async cloneAsDraft(ctx: TenantContext, id: string, createdBy: string, name: string): Promise<string> {
    const { rows } = await sql<{ id: string }>`
      INSERT INTO mkt_shots (tenant_id, channel, name, subject, html_content, text_content,
        json_content, content, image_preview, sender_id, segment_id, segment_name, segment_type,
        total_contacts, sms_parts, created_by)
      SELECT tenant_id, channel, ${name}::text, subject, html_content, text_content, json_content,
        content, image_preview, sender_id, segment_id, segment_name, segment_type, total_contacts,
        sms_parts, ${createdBy}
      FROM mkt_shots WHERE tenant_id = ${ctx.tenantId} AND id = ${id}
      RETURNING id::text AS id`.execute(ctx.trx);
    return rows[0]?.id ?? '';
  },

  async removeDraft(ctx: TenantContext, id: string): Promise<boolean> {
    const r = await ctx.trx
      .deleteFrom('mkt_shots')
      .where('tenant_id', '=', ctx.tenantId)
      .where('id', '=', id)
      .where('status', '=', 'DRAFT')
      .executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  },

  /** Moves the shot from `from` to `to` with the given columns; false when it was not in `from`. */
  async transition(
    ctx: TenantContext,
    id: string,
    from: ShotStatus,
    to: ShotStatus,
    values: {
      schedule_date?: Date | null;
      start_date?: Date | null;
      total_contacts?: number;
      total_dropped?: number;
      error_reason?: string | null;
      finished_at?: Date | null;
      sms_parts?: number | null;
    } = {},
  ): Promise<boolean> {
    const r = await ctx.trx
      .updateTable('mkt_shots')
      .set({ status: to, ...values, updated_at: new Date() })
      .where('tenant_id', '=', ctx.tenantId)
      .where('id', '=', id)
      .where('status', '=', from)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  },

  /**
   * Delivered, opened and clicked of each shot, in one query for all of them. Only a message that
   * went out and did not come back (SENT) is opened or clicked: a bounced or failed one never is
   * (an open recorded before a late bounce is not counted; migration 0050 records none after).
   */
  async totals(ctx: TenantContext, ids: readonly string[]): Promise<Map<string, ShotTotals>> {
    if (ids.length === 0) return new Map();
    const rows = await ctx.trx
      .selectFrom('mkt_shot_recipients')
      .select([
        sql<string>`shot_id::text`.as('shot_id'),
        sql<string>`count(delivered_at)`.as('delivered'),
        sql<string>`count(opened_at) FILTER (WHERE status = 'SENT')`.as('opened'),
        sql<string>`count(clicked_at) FILTER (WHERE status = 'SENT')`.as('clicked'),
      ])
      .where('tenant_id', '=', ctx.tenantId)
      .where('shot_id', 'in', ids)
      .groupBy('shot_id')
      .execute();
    return new Map(
      rows.map((r) => [
        r.shot_id,
        { delivered: Number(r.delivered), opened: Number(r.opened), clicked: Number(r.clicked) },
      ]),
    );
  },

  /**
   * One page of a report tab: its count (every recipient in the tab), how many of them `vis` may see,
   * and a page of those (address, last message, when), in id order.
   */
  async report(
    ctx: TenantContext,
    shotId: string,
    key: AnyShotReportKey,
    vis: RecipientVisibility,
    limit: number,
    offset: number,
  ): Promise<{
    count: number;
    listed: number;
    rows: { address: string; message: string | null; at: Date | null }[];
  }> {
    const tab = ctx.trx
      .selectFrom('mkt_shot_recipients as r')
      .where('r.tenant_id', '=', ctx.tenantId)
      .where('r.shot_id', '=', shotId)
      .where(REPORT_FILTER[key]);
    const countOf = async (q: typeof tab) =>
      Number((await q.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow()).count);
    const count = await countOf(tab);
    const visible = tab.where(recipientVisibleTo(vis));
    const listed = seesEveryRecipient(vis) ? count : await countOf(visible);
    if (limit <= 0 || listed === 0) return { count, listed, rows: [] };
    const rows = await visible
      .select(['r.address', 'r.message', REPORT_AT[key].as('at')])
      .orderBy('r.id')
      .limit(limit)
      .offset(offset)
      .execute();
    return { count, listed, rows: rows.map((r) => ({ ...r, at: toDate(r.at) })) };
  },
};
