import {
  isSmsOptOutReply,
  SMS_WEBHOOK_TEXTS,
  type SmsInboundEvent,
  type SmsProviderEvent,
  type SmsStatusEvent,
  type SmsWebhookAnswer,
  shotMobile,
} from '@mandato/domain';
import type { AppContext } from '../../platform/app-context.ts';
import { type TenantContext, withoutTenant, withTenant } from '../../platform/db/tenancy.ts';
import { assertSharedSecret } from '../../platform/http/shared-secret.ts';
import { recordShotEvent, type ShotEvent } from './shot-events.service.ts';
import { smsWebhooksRepository } from './sms-webhooks.repository.ts';

/** The subscription's custom header against SMS_WEBHOOK_SECRET: unset, 404; missing or wrong, 401. */
export function assertSmsWebhookSecret(app: AppContext, given: string | string[] | undefined): void {
  assertSharedSecret(app.config.sms.webhookSecret, given, SMS_WEBHOOK_TEXTS.unauthorized);
}

/** The provider's time of the event, never later than now; now when it gave none (or garbage). */
function eventTime(value: string | undefined, now: Date): Date {
  const at = value ? new Date(value) : now;
  return Number.isNaN(at.getTime()) || at > now ? now : at;
}

/** What a status report means for the recipient; undefined for the steps in between (SENT…). */
function statusOutcome(event: SmsStatusEvent): ShotEvent | undefined {
  const { code, description, causes } = event.messageStatus;
  if (code === 'DELIVERED') return { kind: 'delivered' };
  if (code === 'NOT_DELIVERED' || code === 'REJECTED') {
    const cause = causes?.find((c) => c.details || c.reason);
    return { kind: 'bounce', message: description || cause?.details || cause?.reason || code };
  }
  return undefined;
}

/**
 * A reply to an SMS of the tenant: SAIR, PARAR, STOP or CANCELAR (any case, accents and spaces aside)
 * opts the number out of the tenant's later SMS (source 'reply', with the shot) and marks the
 * recipient unsubscribed ('Não deseja receber'). True when it was an opt-out. Shared by the
 * provider's webhook and the outbox's simulated reply.
 */
export async function applySmsReply(
  ctx: TenantContext,
  recipientId: string,
  text: string,
  at: Date = new Date(),
): Promise<boolean> {
  if (!isSmsOptOutReply(text)) return false;
  await recordShotEvent(ctx, recipientId, { kind: 'unsubscribe', source: 'reply' }, at);
  return true;
}

async function applyStatus(app: AppContext, event: SmsStatusEvent, now: Date): Promise<void> {
  const outcome = statusOutcome(event);
  const messageId = event.message?.id ?? event.messageId;
  if (!outcome || !messageId) return;
  const target = await withoutTenant(app.db, (trx) =>
    smsWebhooksRepository.findByProviderMessage(trx, messageId),
  );
  if (!target) return;
  const at = eventTime(event.messageStatus.timestamp ?? event.timestamp, now);
  await withTenant(app.db, target.tenantId, async (ctx) => {
    if (await smsWebhooksRepository.markApplied(ctx, event.id, 'status'))
      await recordShotEvent(ctx, target.recipientId, outcome, at);
  });
}

async function applyInbound(app: AppContext, event: SmsInboundEvent, now: Date): Promise<void> {
  if (event.direction !== 'IN') return;
  const number = shotMobile(event.message.from);
  if (!number) return;
  const text = event.message.contents.flatMap((c) => (c.type === 'text' && c.text ? [c.text] : [])).join(' ');
  const target = await withoutTenant(app.db, (trx) => smsWebhooksRepository.findLatestToNumber(trx, number));
  if (!target) return;
  const at = eventTime(event.timestamp, now);
  await withTenant(app.db, target.tenantId, async (ctx) => {
    if (await smsWebhooksRepository.markApplied(ctx, event.id, 'reply'))
      await applySmsReply(ctx, target.recipientId, text, at);
  });
}

/**
 * POST /api/public/sms/events: a status report moves its recipient (DELIVERED: delivered;
 * NOT_DELIVERED, REJECTED: failed with the provider's description); an inbound reply to the newest
 * SMS sent to its number may opt the number out. Each event id is applied once per tenant. Unknown
 * message ids and numbers are ignored with the same answer. Lookups and writes are short
 * transactions; nothing here waits on the network.
 */
export async function intakeSmsEvent(app: AppContext, event: SmsProviderEvent): Promise<SmsWebhookAnswer> {
  const now = new Date();
  if (event.type === 'MESSAGE_STATUS') await applyStatus(app, event, now);
  else await applyInbound(app, event, now);
  return { received: true };
}
