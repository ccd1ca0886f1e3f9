import { sql } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { TenantContext } from '../db/tenancy.ts';
import type { SmsMessage } from '../sms/sms-transport.ts';
import type { ShotMessage } from './shot-transport.ts';

/** SQL of mkt_shot_outbox: the embedded shot transport's messages (migration 0032). */
export const shotOutboxRepository = {
  /** Keeps the message once per Message-ID (a resend after a crash adds nothing). */
  async insert(
    ctx: TenantContext,
    message: ShotMessage,
    trace: { shotId: string; recipientId: string },
  ): Promise<void> {
    await ctx.trx
      .insertInto('mkt_shot_outbox')
      .values({
        tenant_id: ctx.tenantId,
        shot_id: trace.shotId,
        recipient_id: trace.recipientId,
        message_id: message.messageId,
        from_address: message.from.name
          ? `${message.from.name} <${message.from.address}>`
          : message.from.address,
        to_address: message.to,
        subject: message.subject,
        html_body: message.html,
        text_body: message.text,
        headers: JSON.stringify({ 'Message-ID': message.messageId, ...message.headers }),
      })
      .onConflict((oc) => oc.columns(['tenant_id', 'message_id']).doNothing())
      .execute();
  },

  /** Keeps the SMS once per idempotency key (the recipient's link id): a resend adds nothing. */
  async insertSms(ctx: TenantContext, message: SmsMessage, from: string): Promise<void> {
    await ctx.trx
      .insertInto('mkt_shot_outbox')
      .values({
        tenant_id: ctx.tenantId,
        channel: 'SMS',
        shot_id: message.trace.shotId,
        recipient_id: message.trace.recipientId,
        message_id: message.idempotencyKey,
        from_address: from,
        to_address: message.to,
        subject: '',
        html_body: '',
        text_body: message.text,
        headers: JSON.stringify({}),
      })
      .onConflict((oc) => oc.columns(['tenant_id', 'message_id']).doNothing())
      .execute();
  },

  /** The latest messages (of one channel, when given), newest first, and how many there are. */
  async page(ctx: TenantContext, offset: number, limit: number, channel?: 'EMAIL' | 'SMS') {
    const [rows, total] = await Promise.all([
      ctx.trx
        .selectFrom('mkt_shot_outbox')
        .select([
          sql<string>`id::text`.as('id'),
          sql<string>`shot_id::text`.as('shot_id'),
          'to_address',
          'from_address',
          'subject',
          'marked',
          'channel',
          'created_at',
        ])
        .where('tenant_id', '=', ctx.tenantId)
        .$if(channel !== undefined, (q) => q.where('channel', '=', channel as 'EMAIL' | 'SMS'))
        .orderBy('id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute(),
      ctx.trx
        .selectFrom('mkt_shot_outbox')
        .select(sql<string>`count(*)::text`.as('n'))
        .where('tenant_id', '=', ctx.tenantId)
        .$if(channel !== undefined, (q) => q.where('channel', '=', channel as 'EMAIL' | 'SMS'))
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.n) };
  },

  find(ctx: TenantContext, id: string) {
    return ctx.trx
      .selectFrom('mkt_shot_outbox')
      .select([
        sql<string>`id::text`.as('id'),
        sql<string>`shot_id::text`.as('shot_id'),
        sql<string>`recipient_id::text`.as('recipient_id'),
        'to_address',
        'from_address',
        'subject',
        'marked',
        'channel',
        'created_at',
        'html_body',
        'text_body',
        'headers',
      ])
      .where('tenant_id', '=', ctx.tenantId)
      .where('id', '=', id)
      .executeTakeFirst();
  },

  async mark(ctx: TenantContext, id: string, marked: DB['mkt_shot_outbox']['marked']): Promise<void> {
    await ctx.trx
      .updateTable('mkt_shot_outbox')
      .set({ marked })
      .where('tenant_id', '=', ctx.tenantId)
      .where('id', '=', id)
      .execute();
  },
};
