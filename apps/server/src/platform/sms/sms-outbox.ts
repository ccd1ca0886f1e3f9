import type { Database } from '../db/engine.ts';
import { withTenant } from '../db/tenancy.ts';
import { shotOutboxRepository } from '../mail/shot-outbox.repository.ts';
import type { SmsTransport } from './sms-transport.ts';

/** The answer the outbox gives, as the 'Processados' message. */
export const SMS_OUTBOX_RESPONSE = 'Guardada na caixa de saída';

/**
 * The embedded default: each SMS stored in the tenant's outbox (mkt_shot_outbox, channel SMS) in its
 * own short transaction, once per idempotency key (a resend after a crash adds nothing). Nothing
 * leaves the server; the outbox marks it delivered or failed, or simulates a reply.
 */
export function createSmsOutboxTransport(db: Database, senderId: string): SmsTransport {
  return {
    kind: 'outbox',
    async send(message) {
      await withTenant(db, message.trace.tenantId, (ctx) =>
        shotOutboxRepository.insertSms(ctx, message, senderId),
      );
      return {
        providerMessageId: `outbox:${message.idempotencyKey}`,
        response: SMS_OUTBOX_RESPONSE,
        delivered: false,
      };
    },
    close() {},
  };
}
