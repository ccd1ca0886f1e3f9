import {
  OUTBOX_MARKS_BY_CHANNEL,
  type OutboxItemAnswer,
  type OutboxMarkBody,
  type OutboxMessageAnswer,
  type OutboxPageAnswer,
  type OutboxQuery,
  type OutboxReplyBody,
  pageOffset,
  SHOT_OUTBOX_TEXTS,
  SHOT_TEST_TEXTS,
} from '@mandato/domain';
import type { RequestContext } from '../../platform/app-context.ts';
import type { AuthContext } from '../../platform/auth/guard.ts';
import { toIso } from '../../platform/dates.ts';
import { badRequest, conflict, notFound } from '../../platform/http/errors.ts';
import { recordShotEvent } from './shot-events.service.ts';
import { type OutboxViewer, shotOutboxScreenRepository as outbox } from './shot-outbox.repository.ts';
import { untrackedHtml } from './shot-preview.ts';
import { recipientVisibility } from './shots.policy.ts';
import { applySmsReply } from './sms-webhooks.service.ts';

/** The caller's view of the outbox: the recipients they may see, and their own test sends. */
const viewerOf = (auth: AuthContext): OutboxViewer => ({
  vis: recipientVisibility(auth),
  userId: auth.user.id,
});

type ItemRow = Awaited<ReturnType<typeof outbox.page>>['rows'][number];

function presentItem(row: ItemRow): OutboxItemAnswer {
  return {
    id: row.id,
    channel: row.channel,
    shotCode: row.shot_id === null ? null : Number(row.shot_id),
    to: row.to_address,
    from: row.from_address,
    subject: row.subject,
    createdAt: toIso(row.created_at),
    marked: row.marked,
    test: row.test_by !== null,
  };
}

/**
 * GET /mkt/outbox: the latest messages (of one channel, when asked) of the recipients the caller may
 * see in the CRM (shots.policy `recipientVisibility`; the total counts those), and whether the outbox
 * is the transport in use for that channel (no channel: e-mail's).
 */
export async function listOutbox(
  ctx: RequestContext,
  auth: AuthContext,
  query: OutboxQuery,
): Promise<OutboxPageAnswer> {
  const { rows, total } = await outbox.page(
    ctx,
    viewerOf(auth),
    pageOffset(query),
    query.itemsPerPage,
    query.channel,
  );
  const transport = query.channel === 'SMS' ? ctx.app.smsTransport : ctx.app.shotTransport;
  return { list: rows.map(presentItem), total, inUse: transport.kind === 'outbox' };
}

/** A message the caller may see (its recipient's person visible to them, or their test), else the 404. */
async function visibleMessage(ctx: RequestContext, auth: AuthContext, id: string) {
  const row = await outbox.find(ctx, viewerOf(auth), id);
  if (!row) throw notFound(SHOT_OUTBOX_TEXTS.notFound);
  return row;
}

/** A recipient's message, to mark or answer: a test send's has no recipient (409). */
async function recipientMessage(ctx: RequestContext, auth: AuthContext, id: string) {
  const row = await visibleMessage(ctx, auth, id);
  if (row.recipient_id === null) throw conflict(SHOT_TEST_TEXTS.testMessage);
  return { ...row, recipient_id: row.recipient_id };
}

/**
 * GET /mkt/outbox/{id}: one message with its HTML, text and headers (404 when not visible). The HTML
 * is the preview (`untrackedHtml`): no open pixel, links to their destinations; opening a message
 * here is never an open or a click of its recipient (issue 39 item 3).
 */
export async function getOutboxMessage(
  ctx: RequestContext,
  auth: AuthContext,
  id: string,
): Promise<OutboxMessageAnswer> {
  const row = await visibleMessage(ctx, auth, id);
  return {
    ...presentItem(row),
    html: row.html_body === null ? null : untrackedHtml(row.html_body),
    text: row.text_body,
    headers: row.headers,
  };
}

/**
 * POST /mkt/outbox/{id}/mark: an e-mail delivered, bounced or reported as spam, an SMS delivered or
 * failed, recorded as the relay's or provider's event would be (the recipient's report tabs move;
 * spam also opts the address out). A mark of the other channel is refused.
 */
export async function markOutboxMessage(
  ctx: RequestContext,
  auth: AuthContext,
  id: string,
  body: OutboxMarkBody,
): Promise<OutboxMessageAnswer> {
  const row = await recipientMessage(ctx, auth, id);
  const allowed: readonly string[] = OUTBOX_MARKS_BY_CHANNEL[row.channel];
  if (!allowed.includes(body.as)) {
    const message = row.channel === 'SMS' ? SHOT_OUTBOX_TEXTS.invalidSmsMark : SHOT_OUTBOX_TEXTS.invalidMark;
    throw badRequest(message, { as: [message] });
  }
  const as = body.as as 'delivered' | 'bounce' | 'spam' | 'failed';
  await recordShotEvent(ctx, row.recipient_id, {
    kind: as === 'failed' ? 'bounce' : as,
    ...(as === 'bounce' ? { message: SHOT_OUTBOX_TEXTS.markedBounce } : {}),
    ...(as === 'failed' ? { message: SHOT_OUTBOX_TEXTS.markedFailed } : {}),
  });
  await outbox.mark(ctx, id, as);
  return getOutboxMessage(ctx, auth, id);
}

/**
 * POST /mkt/outbox/{id}/reply (SMS): the number answers the message, handled as the provider's
 * inbound message is (SAIR, PARAR, STOP, CANCELAR opt it out of the tenant's SMS); marked 'reply'.
 */
export async function replyToOutboxMessage(
  ctx: RequestContext,
  auth: AuthContext,
  id: string,
  body: OutboxReplyBody,
): Promise<OutboxMessageAnswer> {
  const row = await recipientMessage(ctx, auth, id);
  if (row.channel !== 'SMS')
    throw badRequest(SHOT_OUTBOX_TEXTS.replyOnlySms, { text: [SHOT_OUTBOX_TEXTS.replyOnlySms] });
  await applySmsReply(ctx, row.recipient_id, body.text);
  await outbox.mark(ctx, id, 'reply');
  return getOutboxMessage(ctx, auth, id);
}
