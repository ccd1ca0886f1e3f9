import { SHOT_TEXTS } from '@mandato/domain';
import { sql } from 'kysely';
import type { ShotChannel } from '../../platform/db/schema.ts';
import type { TenantContext } from '../../platform/db/tenancy.ts';

export interface LeasedRecipient {
  id: string;
  link_id: string;
  address: string;
  merge: Record<string, string>;
  attempts: number;
}

/** What a recipient's send came to. */
export type SendOutcome =
  | {
      kind: 'sent';
      response: string;
      delivered: boolean;
      /** the provider's id of the message (SMS): its status reports name it */
      providerMessageId?: string;
    }
  | { kind: 'bounced'; response: string }
  | { kind: 'retry'; response: string; nextAttemptAt: Date }
  | { kind: 'failed'; response: string };

/** A SENDING shot as its lanes send it (`findSending`). */
export interface SendingShot {
  id: string;
  channel: ShotChannel;
  sender_id: string | null;
  subject: string | null;
  html_content: string | null;
  text_content: string | null;
  /** the SMS text (merge tags not filled) */
  content: string | null;
  /** the most parts one SMS is billed (each recipient keeps its own); null for e-mail */
  sms_parts: number | null;
  /** SMS: the identification the freeze counted the messages with (null: frozen before migration 0051) */
  sms_identification: string | null;
  tenant_name: string;
}

const clip = (s: string) => s.slice(0, 1000);

/** SQL of the dispatch workers: leases, outcomes and the end of a shot (migration 0032). */
export const shotDispatchRepository = {
  /** The shot as its lane sends it: channel, content, sender, the tenant's name, if it is still SENDING. */
  findSending(ctx: TenantContext, shotId: string): Promise<SendingShot | undefined> {
    return ctx.trx
      .selectFrom('mkt_shots as s')
      .innerJoin('tenants as t', 't.id', 's.tenant_id')
      .select([
        sql<string>`s.id::text`.as('id'),
        's.channel',
        sql<string | null>`s.sender_id::text`.as('sender_id'),
        's.subject',
        's.html_content',
        's.text_content',
        's.content',
        's.sms_parts',
        's.sms_identification',
        't.name as tenant_name',
      ])
      .where('s.tenant_id', '=', ctx.tenantId)
      .where('s.id', '=', shotId)
      .where('s.status', '=', 'SENDING')
      .executeTakeFirst();
  },

  /** Whether the shot is still SENDING, and until when the quiet hours paused it (null: not paused). */
  sendingState(ctx: TenantContext, shotId: string) {
    return ctx.trx
      .selectFrom('mkt_shots')
      .select('paused_until')
      .where('tenant_id', '=', ctx.tenantId)
      .where('id', '=', shotId)
      .where('status', '=', 'SENDING')
      .executeTakeFirst();
  },

  /** The shots of a channel the quiet hours hold now. */
  async pausedShotIds(ctx: TenantContext, channel: ShotChannel): Promise<string[]> {
    const rows = await ctx.trx
      .selectFrom('mkt_shots')
      .select(sql<string>`id::text`.as('id'))
      .where('tenant_id', '=', ctx.tenantId)
      .where('channel', '=', channel)
      .where('status', '=', 'SENDING')
      .where('paused_until', 'is not', null)
      .execute();
    return rows.map((r) => r.id);
  },

  /** The quiet hours pause the shot until `until` (the panel shows it); `null` when sending resumes. */
  async setPausedUntil(ctx: TenantContext, shotId: string, until: Date | null): Promise<void> {
    await ctx.trx
      .updateTable('mkt_shots')
      .set({ paused_until: until, updated_at: sql<Date>`now()` })
      .where('tenant_id', '=', ctx.tenantId)
      .where('id', '=', shotId)
      .where('status', '=', 'SENDING')
      .execute();
  },

  /**
   * Leases up to `limit` due pending recipients no other worker holds (FOR UPDATE SKIP LOCKED): the
   * lease and the attempt are committed with this transaction, before anything is sent. Those whose
   * address opted out since the freeze end DROPPED here and are not returned.
   */
  async lease(
    ctx: TenantContext,
    shotId: string,
    channel: ShotChannel,
    limit: number,
    leaseSeconds: number,
  ): Promise<LeasedRecipient[]> {
    // materialized: the locked rows are picked once (a subquery joined in FROM may be rescanned)
    const { rows } = await sql<LeasedRecipient>`
      WITH due AS MATERIALIZED (
        SELECT id FROM mkt_shot_recipients
        WHERE tenant_id = ${ctx.tenantId} AND shot_id = ${shotId} AND status = 'PENDING'
          AND next_attempt_at <= now() AND (lease_until IS NULL OR lease_until < now())
        ORDER BY id
        LIMIT ${limit}
        FOR UPDATE SKIP LOCKED)
      UPDATE mkt_shot_recipients r
      SET lease_until = now() + make_interval(secs => ${leaseSeconds}), attempts = r.attempts + 1
      FROM due
      WHERE r.tenant_id = ${ctx.tenantId} AND r.id = due.id
      RETURNING r.id::text AS id, r.link_id, r.address, r.merge, r.attempts`.execute(ctx.trx);
    if (rows.length === 0) return rows;
    const { rows: dropped } = await sql<{ id: string }>`
      UPDATE mkt_shot_recipients r
      SET status = 'DROPPED', message = ${SHOT_TEXTS.droppedOptOut}, lease_until = NULL
      FROM mkt_opt_outs o
      WHERE r.tenant_id = ${ctx.tenantId}
        AND r.id IN (${sql.join(rows.map((row) => row.id))})
        AND o.tenant_id = r.tenant_id AND o.channel = ${channel} AND o.address = r.address
      RETURNING r.id::text AS id`.execute(ctx.trx);
    const gone = new Set(dropped.map((d) => d.id));
    return rows.filter((row) => !gone.has(row.id));
  },

  /**
   * Releases the leases of recipients leased but not sent (the process is stopping): leasable again
   * at once, their attempt not counted. Only those still PENDING and leased.
   */
  async release(ctx: TenantContext, ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await sql`
      UPDATE mkt_shot_recipients SET lease_until = NULL, attempts = greatest(attempts - 1, 0)
      WHERE tenant_id = ${ctx.tenantId} AND id IN (${sql.join(ids)})
        AND status = 'PENDING' AND lease_until IS NOT NULL`.execute(ctx.trx);
  },

  /**
   * Records the outcomes of sends in one statement, each if its recipient is still PENDING (a worker
   * whose lease ran out while it was sending finds it decided by another and changes nothing).
   * Answers how many changed.
   */
  async record(ctx: TenantContext, outcomes: { id: string; outcome: SendOutcome }[]): Promise<number> {
    if (outcomes.length === 0) return 0;
    const column = <T>(pick: (o: SendOutcome) => T) => outcomes.map((w) => pick(w.outcome));
    const ids = outcomes.map((w) => w.id);
    const kinds = column((o) => o.kind);
    const messages = column((o) => clip(o.response));
    const delivered = column((o) => o.kind === 'sent' && o.delivered);
    const next = column((o) => (o.kind === 'retry' ? o.nextAttemptAt.toISOString() : null));
    const providerIds = column((o) =>
      o.kind === 'sent' && o.providerMessageId !== undefined ? o.providerMessageId.slice(0, 100) : null,
    );
    const result = await sql`
      UPDATE mkt_shot_recipients r
      SET status = CASE v.kind WHEN 'sent' THEN 'SENT' WHEN 'bounced' THEN 'BOUNCED'
                     WHEN 'failed' THEN 'FAILED' ELSE r.status END,
          message = v.message,
          sent_at = CASE WHEN v.kind = 'sent' THEN now() ELSE r.sent_at END,
          delivered_at = CASE WHEN v.kind = 'sent' THEN (CASE WHEN v.delivered THEN now() END)
                           ELSE r.delivered_at END,
          bounced_at = CASE WHEN v.kind = 'bounced' THEN now() ELSE r.bounced_at END,
          next_attempt_at = coalesce(v.next_attempt_at, r.next_attempt_at),
          provider_message_id = coalesce(v.provider_message_id, r.provider_message_id),
          lease_until = NULL
      FROM unnest(${ids}::bigint[], ${kinds}::text[], ${messages}::text[], ${delivered}::boolean[],
                  ${next}::timestamptz[], ${providerIds}::text[])
        AS v(id, kind, message, delivered, next_attempt_at, provider_message_id)
      WHERE r.tenant_id = ${ctx.tenantId} AND r.id = v.id AND r.status = 'PENDING'`.execute(ctx.trx);
    return Number(result.numAffectedRows ?? 0);
  },

  /**
   * When the shot's next retry is due, or undefined when no pending recipient waits for one. A
   * recipient leased now is its lane's: that lane records it (a killed lane's job is claimed again
   * when its lock expires, and leases it again).
   */
  async nextRetry(ctx: TenantContext, shotId: string): Promise<Date | undefined> {
    const row = await ctx.trx
      .selectFrom('mkt_shot_recipients')
      .select(sql<Date | null>`min(next_attempt_at)`.as('due'))
      .where('tenant_id', '=', ctx.tenantId)
      .where('shot_id', '=', shotId)
      .where('status', '=', 'PENDING')
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', sql<Date>`now()`)]))
      .executeTakeFirst();
    return row?.due ? new Date(row.due) : undefined;
  },

  /** SENDING → SENT once no recipient is pending (once: only from SENDING). */
  async finishIfDone(ctx: TenantContext, shotId: string): Promise<boolean> {
    const result = await sql`
      UPDATE mkt_shots SET status = 'SENT', finished_at = now(), updated_at = now()
      WHERE tenant_id = ${ctx.tenantId} AND id = ${shotId} AND status = 'SENDING'
        AND NOT EXISTS (
          SELECT 1 FROM mkt_shot_recipients
          WHERE tenant_id = ${ctx.tenantId} AND shot_id = ${shotId} AND status = 'PENDING')`.execute(ctx.trx);
    return Number(result.numAffectedRows ?? 0) > 0;
  },

  /** SENDING → ERROR with the reason; false when it had left SENDING already (nothing changed). */
  async fail(ctx: TenantContext, shotId: string, reason: string): Promise<boolean> {
    const result = await ctx.trx
      .updateTable('mkt_shots')
      .set({
        status: 'ERROR',
        error_reason: reason,
        finished_at: sql<Date>`now()`,
        updated_at: sql<Date>`now()`,
      })
      .where('tenant_id', '=', ctx.tenantId)
      .where('id', '=', shotId)
      .where('status', '=', 'SENDING')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  },

  /** The pending recipients of a shot that ended in ERROR: FAILED with the reason; how many. */
  /**
   * The credits debited for the PENDING recipients: one each (e-mail), the parts of each one's SMS
   * (`fallbackParts`, the shot's, for a recipient frozen before migration 0051).
   */
  async pendingCredits(ctx: TenantContext, shotId: string, fallbackParts: number): Promise<number> {
    const row = await ctx.trx
      .selectFrom('mkt_shot_recipients')
      .select(sql<string>`coalesce(sum(coalesce(sms_parts, ${fallbackParts})), 0)`.as('credits'))
      .where('tenant_id', '=', ctx.tenantId)
      .where('shot_id', '=', shotId)
      .where('status', '=', 'PENDING')
      .executeTakeFirstOrThrow();
    return Number(row.credits);
  },

  async failPending(ctx: TenantContext, shotId: string, reason: string): Promise<number> {
    const result = await ctx.trx
      .updateTable('mkt_shot_recipients')
      .set({ status: 'FAILED', message: clip(reason), lease_until: null })
      .where('tenant_id', '=', ctx.tenantId)
      .where('shot_id', '=', shotId)
      .where('status', '=', 'PENDING')
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  },
};
