import { type Kysely, sql } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';
import type { TenantContext } from '../../platform/db/tenancy.ts';

/** An SMS recipient found by the provider's webhook: enough to open its tenant's transaction. */
export interface SmsRecipientTarget {
  tenantId: string;
  recipientId: string;
}

/**
 * The narrow lookups of the SMS provider's webhooks. The finds run outside any tenant: the policies
 * of migration 0034 show the one recipient whose provider message id is app.sms_message
 * (sms_message_lookup), or the recipients the provider took a message to app.sms_reply_from
 * (sms_reply_lookup); the rest runs in the found tenant's transaction.
 */
export const smsWebhooksRepository = {
  async findByProviderMessage(
    trx: Kysely<DB>,
    providerMessageId: string,
  ): Promise<SmsRecipientTarget | undefined> {
    await sql`SELECT set_config('app.sms_message', ${providerMessageId}, true)`.execute(trx);
    const row = await trx
      .selectFrom('mkt_shot_recipients as r')
      .innerJoin('tenants as t', 't.id', 'r.tenant_id')
      .select([sql<string>`r.tenant_id::text`.as('tenant_id'), sql<string>`r.id::text`.as('id')])
      .where('r.provider_message_id', '=', providerMessageId)
      .where('t.active', '=', true)
      .executeTakeFirst();
    return row && { tenantId: row.tenant_id, recipientId: row.id };
  },

  /** The recipient of the newest SMS sent to `number` (any tenant): whose shot a reply answers. */
  async findLatestToNumber(trx: Kysely<DB>, number: string): Promise<SmsRecipientTarget | undefined> {
    await sql`SELECT set_config('app.sms_reply_from', ${number}, true)`.execute(trx);
    const row = await trx
      .selectFrom('mkt_shot_recipients as r')
      .innerJoin('tenants as t', 't.id', 'r.tenant_id')
      .select([sql<string>`r.tenant_id::text`.as('tenant_id'), sql<string>`r.id::text`.as('id')])
      .where('r.address', '=', number)
      .where('r.provider_message_id', 'is not', null)
      .where('t.active', '=', true)
      .orderBy(sql`r.sent_at DESC NULLS LAST`)
      .orderBy('r.id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row && { tenantId: row.tenant_id, recipientId: row.id };
  },

  /** Keeps the provider's event id once per tenant: false when it was already applied (a replay). */
  async markApplied(ctx: TenantContext, eventId: string, kind: 'status' | 'reply'): Promise<boolean> {
    const row = await ctx.trx
      .insertInto('mkt_sms_provider_events')
      .values({ tenant_id: ctx.tenantId, event_id: eventId, kind })
      .onConflict((oc) => oc.columns(['tenant_id', 'event_id']).doNothing())
      .returning('event_id')
      .executeTakeFirst();
    return row !== undefined;
  },
};
