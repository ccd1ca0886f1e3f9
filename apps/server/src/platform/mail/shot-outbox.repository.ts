import type { TenantContext } from '../db/tenancy.ts';
import type { SmsMessage } from '../sms/sms-transport.ts';
import type { ShotMessage } from './shot-transport.ts';

/**
 * Whose message it is: a recipient's of the shot, or a test send's (issue 40: no recipient, only
 * the user who sent it sees it in the outbox).
 */
export type OutboxTrace =
  | { tenantId: string; shotId: string; recipientId: string }
  | { tenantId: string; shotId: string; testBy: string };

const owner = (trace: OutboxTrace) =>
  'testBy' in trace
    ? { recipient_id: null, test_by: trace.testBy }
    : { recipient_id: trace.recipientId, test_by: null };

/**
 * SQL of mkt_shot_outbox: the embedded shot transport's messages (migration 0032), as the transports
 * write them. The outbox screen reads and marks them in modules/shots/shot-outbox.repository.ts (only
 * the messages of the recipients the caller may see).
 */
export const shotOutboxRepository = {
  /** Keeps the message once per Message-ID (a resend after a crash adds nothing). */
  async insert(ctx: TenantContext, message: ShotMessage, trace: OutboxTrace): Promise<void> {
    await ctx.trx
      .insertInto('mkt_shot_outbox')
      .values({
        tenant_id: ctx.tenantId,
        shot_id: trace.shotId,
        ...owner(trace),
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
        ...owner(message.trace),
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
};
