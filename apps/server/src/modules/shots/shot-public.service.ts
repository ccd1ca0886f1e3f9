import {
  isWebTarget,
  maskAddress,
  SHOT_LINK_PATTERN,
  SHOT_PUBLIC_TEXTS,
  type ShotEventsAnswer,
  type ShotEventsIntake,
  type UnsubscribeAnswer,
  type UnsubscribeInfo,
} from '@mandato/domain';
import type { AppContext } from '../../platform/app-context.ts';
import { runSelfBound, withTenant } from '../../platform/db/tenancy.ts';
import { notFound } from '../../platform/http/errors.ts';
import { assertSharedSecret, bearerToken } from '../../platform/http/shared-secret.ts';
import { linkIdOfMessageId } from '../../platform/mail/shot-transport.ts';
import { shotLinkKey } from '../marketing/marketing.lookup.ts';
import { recordShotEvent, type ShotEvent } from './shot-events.service.ts';
import { shotLinks } from './shot-links.ts';
import { type ShotLinkTarget, shotPublicRepository } from './shot-public.repository.ts';
import { trackHit } from './shot-tracking.ts';

const T = SHOT_PUBLIC_TEXTS;

/**
 * The recipient of a public link, found outside any tenant through the narrow policy of migration
 * 0032 (one short read transaction); a malformed id never reaches the database.
 */
async function findLink(app: AppContext, linkId: string): Promise<ShotLinkTarget | undefined> {
  if (!SHOT_LINK_PATTERN.test(linkId)) return undefined;
  const found = await runSelfBound(app.db, (exec) => shotPublicRepository.findByLinks(exec, [linkId]));
  return found.get(linkId);
}

/** Records an event for the recipient of a link: one read and one write transaction. */
async function recordByLink(app: AppContext, linkId: string, event: ShotEvent): Promise<boolean> {
  const link = await findLink(app, linkId);
  if (!link) return false;
  return withTenant(app.db, link.tenantId, (ctx) => recordShotEvent(ctx, link.recipientId, event));
}

/** GET /api/public/unsubscribe/{linkId}: what the page asks about. Changes nothing (scanners prefetch). */
export async function unsubscribeInfo(app: AppContext, linkId: string): Promise<UnsubscribeInfo> {
  const link = await findLink(app, linkId);
  const row =
    link &&
    (await withTenant(app.db, link.tenantId, (ctx) =>
      shotPublicRepository.findForUnsubscribe(ctx, link.recipientId),
    ));
  if (!row) throw notFound(T.invalid);
  return {
    address: maskAddress(row.address),
    sender: row.sender_name ?? row.mandate,
    mandate: row.mandate,
    optedOut: row.opted_out,
  };
}

/**
 * POST /api/public/unsubscribe/{linkId}: out at once, no login, from the page ('link') or the mail
 * provider's RFC 8058 one-click POST ('one-click'). Idempotent: the opt-out is kept once.
 */
export async function unsubscribe(
  app: AppContext,
  linkId: string,
  source: 'link' | 'one-click',
): Promise<UnsubscribeAnswer> {
  if (!(await recordByLink(app, linkId, { kind: 'unsubscribe', source }))) throw notFound(T.invalid);
  return { unsubscribed: true };
}

/** The open pixel: records an open; an unknown id or a failure changes nothing the client sees. */
export async function recordOpen(app: AppContext, linkId: string): Promise<void> {
  try {
    if (SHOT_LINK_PATTERN.test(linkId)) await trackHit(app, linkId, 'open');
  } catch (error) {
    app.log.error({ err: error }, 'shot open not recorded');
  }
}

/**
 * A click link: the target when it is the one signed for this link id and a web address (else
 * undefined: the caller answers 400, never a redirect); records the click (an open too).
 */
export async function followClick(
  app: AppContext,
  linkId: string,
  target: string,
  signature: string,
): Promise<string | undefined> {
  if (!SHOT_LINK_PATTERN.test(linkId) || !isWebTarget(target)) return undefined;
  const links = shotLinks(app.config.publicUrl, await shotLinkKey(app));
  if (!links.clickIsSigned(linkId, target, signature)) return undefined;
  try {
    await trackHit(app, linkId, 'click', target);
  } catch (error) {
    app.log.error({ err: error }, 'shot click not recorded');
  }
  return target;
}

/** The relay's bearer secret (MARKETING_EVENTS_SECRET): unset, 404; missing or wrong, 401. */
export function assertEventsSecret(app: AppContext, authorization: string | undefined): void {
  assertSharedSecret(app.config.marketing.eventsSecret, bearerToken(authorization), T.eventsUnauthorized);
}

const EVENT_KIND = { delivered: 'delivered', bounce: 'bounce', complaint: 'spam' } as const;

/**
 * POST /api/public/shots/events: each event's Message-ID names its recipient's link id; all are
 * looked up in one transaction outside any tenant, then recorded in one transaction per tenant.
 * Ids that are not ours, or no longer exist, are ignored and counted.
 */
export async function intakeShotEvents(app: AppContext, body: ShotEventsIntake): Promise<ShotEventsAnswer> {
  const named = body.events.map((e) => ({ event: e, linkId: linkIdOfMessageId(e.messageId) }));
  const linkIds = named.flatMap((n) => (n.linkId ? [n.linkId] : []));
  const found =
    linkIds.length > 0
      ? await runSelfBound(app.db, (exec) => shotPublicRepository.findByLinks(exec, linkIds))
      : new Map<string, ShotLinkTarget>();
  const byTenant = new Map<string, { recipientId: string; event: ShotEventsIntake['events'][number] }[]>();
  for (const { event, linkId } of named) {
    const link = linkId ? found.get(linkId) : undefined;
    if (!link) continue;
    const list = byTenant.get(link.tenantId) ?? [];
    list.push({ recipientId: link.recipientId, event });
    byTenant.set(link.tenantId, list);
  }
  let accepted = 0;
  const now = new Date();
  for (const [tenantId, list] of byTenant) {
    accepted += await withTenant(app.db, tenantId, async (ctx) => {
      let n = 0;
      for (const { recipientId, event } of list) {
        const at = event.at ? new Date(event.at) : now;
        const kind = EVENT_KIND[event.type];
        if (await recordShotEvent(ctx, recipientId, { kind, message: event.reason }, at > now ? now : at))
          n++;
      }
      return n;
    });
  }
  return { accepted, ignored: body.events.length - accepted };
}
