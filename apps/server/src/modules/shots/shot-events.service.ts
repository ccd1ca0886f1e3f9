import type { ShotChannel } from '../../platform/db/schema.ts';
import type { TenantContext } from '../../platform/db/tenancy.ts';
import { recordOptOut } from '../privacy/privacy.service.ts';
import { type OptOutSource, type ShotEventKind, shotEventsRepository } from './shot-events.repository.ts';

export type { OptOutSource, ShotEventKind };

export interface ShotEvent {
  kind: ShotEventKind;
  /** a click's target */
  url?: string;
  /** a bounce's reason (the 'Devolvidos' tab's message) */
  message?: string;
  /** an unsubscribe's way in: 'link' (the page, default), 'one-click' (RFC 8058) or 'reply' (an SMS answered SAIR…) */
  source?: 'link' | 'one-click' | 'reply';
}

const OPT_OUT_SOURCE: Partial<Record<ShotEventKind, OptOutSource>> = {
  spam: 'complaint',
  unsubscribe: 'link',
};

/**
 * Records one tracking or delivery event of a recipient, in the caller's tenant transaction: the
 * event row (every hit), the first of its kind on the recipient (unique opens, clicks, deliveries…;
 * a click is an open too), a bounce's status BOUNCED and reason, and for spam and unsubscribe the
 * address's opt-out of the shot's channel (never sent to again by any shot of the tenant). Used by
 * the public endpoints and by the outbox screen. False when there is no such recipient.
 */
export async function recordShotEvent(
  ctx: TenantContext,
  recipientId: string,
  event: ShotEvent,
  now: Date = new Date(),
): Promise<boolean> {
  const source = event.kind === 'unsubscribe' ? (event.source ?? 'link') : OPT_OUT_SOURCE[event.kind];
  const found = await shotEventsRepository.record(ctx, recipientId, {
    kind: event.kind,
    url: event.url?.slice(0, 2048) ?? null,
    message: event.message?.slice(0, 1000) ?? null,
    optOutSource: source ?? null,
    at: now,
  });
  // the person's own opt-out too (privacy centre, issue 31): shown in the person drawer
  const recipient =
    found && source ? await shotEventsRepository.recipientPerson(ctx, recipientId) : undefined;
  if (recipient?.personId && source) {
    await recordOptOut(ctx, {
      personIds: [String(recipient.personId)],
      channel: recipient.channel,
      source: PERSON_OPT_OUT_SOURCE[source],
    });
  }
  return found;
}

const PERSON_OPT_OUT_SOURCE = {
  link: 'LINK',
  'one-click': 'ONE_CLICK',
  complaint: 'COMPLAINT',
  reply: 'REPLY',
  manual: 'MANUAL',
} as const satisfies Record<OptOutSource, string>;

/** Whether the address asked not to receive the tenant's shots of the channel. */
export function isOptedOut(ctx: TenantContext, channel: ShotChannel, address: string): Promise<boolean> {
  return shotEventsRepository.isOptedOut(ctx, channel, address.trim().toLowerCase());
}

/**
 * Records an opt-out (kept once per tenant, channel and address: the first source stays), and the
 * opt-out of the people given, the person's record the privacy centre shows (as recordShotEvent).
 */
export async function optOut(
  ctx: TenantContext,
  channel: ShotChannel,
  address: string,
  source: OptOutSource,
  shotId: string | null = null,
  personIds: readonly string[] = [],
): Promise<void> {
  await shotEventsRepository.optOut(ctx, channel, address.trim().toLowerCase(), source, shotId);
  await recordOptOut(ctx, { personIds, channel, source: PERSON_OPT_OUT_SOURCE[source] });
}
