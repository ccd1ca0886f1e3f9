import { type Kysely, sql } from 'kysely';
import type { DB, MktOptOutsTable, MktShotEventsTable, ShotChannel } from '../../platform/db/schema.ts';
import type { TenantContext } from '../../platform/db/tenancy.ts';

export type ShotEventKind = MktShotEventsTable['kind'];
export type OptOutSource = MktOptOutsTable['source'];

/** The recipient column that keeps the first event of each kind (unique counts). */
const FIRST_AT: Record<ShotEventKind, string> = {
  delivered: 'delivered_at',
  bounce: 'bounced_at',
  open: 'opened_at',
  click: 'clicked_at',
  spam: 'spam_at',
  unsubscribe: 'unsubscribed_at',
};

export interface EventRow {
  kind: ShotEventKind;
  url: string | null;
  message: string | null;
  /** spam and unsubscribe: the opt-out's source; otherwise null (no opt-out) */
  optOutSource: OptOutSource | null;
  at: Date;
}

export const shotEventsRepository = {
  recordTracking,

  /**
   * One statement (the tracking endpoints' one write): the event row, the recipient's first-of-kind
   * column (a click also sets the first open), a bounce's status and message, and for spam and
   * unsubscribe the opt-out of the shot's channel. The recipient is updated only when a column
   * changes, so repeated opens write no row version. An erased recipient (empty address) keeps no
   * URL and no bounce reason: either may hold the person's values. False when there is no such recipient.
   */
  async record(ctx: TenantContext, recipientId: string, e: EventRow): Promise<boolean> {
    const column = sql.ref(FIRST_AT[e.kind]);
    const alsoOpened =
      e.kind === 'click' ? sql`, opened_at = COALESCE(opened_at, ${e.at}::timestamptz)` : sql``;
    // an erased recipient (shots.person-data.ts: empty address) gets no bounce reason (it may quote the address)
    const bounce =
      e.kind === 'bounce'
        ? sql`, status = 'BOUNCED', message = CASE WHEN address <> '' THEN COALESCE(${e.message}::text, message) END`
        : sql``;
    const needsUpdate =
      e.kind === 'bounce'
        ? sql`true`
        : e.kind === 'click'
          ? sql`(r.clicked_at IS NULL OR r.opened_at IS NULL)`
          : sql`${sql.ref(`r.${FIRST_AT[e.kind]}`)} IS NULL`;
    const result = await sql<{ found: number }>`
      WITH r AS (
        SELECT r.id, r.shot_id, r.address, s.channel, ${needsUpdate} AS needs_update
        FROM mkt_shot_recipients r
        JOIN mkt_shots s ON s.tenant_id = r.tenant_id AND s.id = r.shot_id
        WHERE r.tenant_id = ${ctx.tenantId} AND r.id = ${recipientId}
      ), updated AS (
        UPDATE mkt_shot_recipients SET ${column} = COALESCE(${column}, ${e.at}::timestamptz)${alsoOpened}${bounce}
        WHERE tenant_id = ${ctx.tenantId} AND id = (SELECT id FROM r WHERE needs_update)
        RETURNING id
      ), event AS (
        INSERT INTO mkt_shot_events (tenant_id, shot_id, recipient_id, kind, url, created_at)
        SELECT ${ctx.tenantId}::bigint, shot_id, id, ${e.kind}::text,
          CASE WHEN address <> '' THEN ${e.url}::text END, ${e.at}::timestamptz FROM r
        RETURNING id
      ), opt_out AS (
        INSERT INTO mkt_opt_outs (tenant_id, channel, address, source, shot_id, created_at)
        SELECT ${ctx.tenantId}::bigint, channel, address, ${e.optOutSource}::text, shot_id, ${e.at}::timestamptz FROM r
        WHERE ${e.optOutSource}::text IS NOT NULL
        ON CONFLICT DO NOTHING
        RETURNING 1
      )
      SELECT (SELECT count(*) FROM event)::int AS found`.execute(ctx.trx);
    return (result.rows[0]?.found ?? 0) > 0;
  },

  /** The person (if still linked) and channel of a recipient, for the person's opt-out record. */
  recipientPerson(ctx: TenantContext, recipientId: string) {
    return ctx.trx
      .selectFrom('mkt_shot_recipients as r')
      .innerJoin('mkt_shots as s', (j) =>
        j.onRef('s.tenant_id', '=', 'r.tenant_id').onRef('s.id', '=', 'r.shot_id'),
      )
      .select(['r.person_id as personId', 's.channel'])
      .where('r.id', '=', recipientId)
      .executeTakeFirst();
  },

  async isOptedOut(ctx: TenantContext, channel: ShotChannel, address: string): Promise<boolean> {
    const row = await ctx.trx
      .selectFrom('mkt_opt_outs')
      .select(sql<number>`1`.as('one'))
      .where('tenant_id', '=', ctx.tenantId)
      .where('channel', '=', channel)
      .where('address', '=', address)
      .executeTakeFirst();
    return row !== undefined;
  },

  async optOut(
    ctx: TenantContext,
    channel: ShotChannel,
    address: string,
    source: OptOutSource,
    shotId: string | null = null,
  ): Promise<void> {
    await ctx.trx
      .insertInto('mkt_opt_outs')
      .values({ tenant_id: ctx.tenantId, channel, address, source, shot_id: shotId })
      .onConflict((oc) => oc.doNothing())
      .execute();
  },
};

export interface TrackingRow {
  recipientId: string;
  kind: 'open' | 'click';
  url: string | null;
  at: Date;
}

/**
 * Many opens and clicks of one tenant (the tracking endpoints' batched write), in one statement: an
 * event row each (an erased recipient's without its URL, migration 0049), and the first open of the
 * recipients hit (a click is an open too) and the first click of those clicked, written only where
 * still empty (repeated hits write no row version). One statement that binds its tenant itself
 * (`shot_tracking_record`, migration 0040), so a batch is one round trip where it runs alone
 * (`runSelfBound`); the update locks the recipients in id order, so two batches at once never deadlock. Rows of recipients gone, or of another tenant, are left out, and so
 * are a link's hits past `perLink` (its recent events counted, whichever instance wrote them).
 */
export async function recordTracking(
  exec: Kysely<DB>,
  tenantId: string,
  perLink: { max: number; windowSeconds: number },
  rows: readonly TrackingRow[],
): Promise<void> {
  if (rows.length === 0) return;
  await sql`SELECT shot_tracking_record(${tenantId}::bigint, ${rows.map((r) => r.recipientId)}::bigint[],
    ${rows.map((r) => r.kind)}::text[], ${rows.map((r) => r.url)}::text[],
    ${rows.map((r) => r.at.toISOString())}::timestamptz[], ${perLink.max}::int, ${perLink.windowSeconds}::int)`.execute(
    exec,
  );
}
