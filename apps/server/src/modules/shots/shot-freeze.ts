import { randomBytes } from 'node:crypto';
import {
  canAccess,
  canSeeSegmentType,
  composeSms,
  countSms,
  type MergeValues,
  mergeValuesOf,
  SHOT_TEXTS,
  type ShotType,
  SMS_MAX_CHARS,
  SMS_TEXTS,
  smsWorstCase,
} from '@mandato/domain';
import { z } from 'zod';
import type { AppContext } from '../../platform/app-context.ts';
import { type AuthContext, accessContext } from '../../platform/auth/guard.ts';
import { type TenantContext, withTenant } from '../../platform/db/tenancy.ts';
import { AppError } from '../../platform/http/errors.ts';
import { defineQueue, rowId } from '../../platform/jobs/queue.ts';
import { debitMarketingCredits } from '../marketing/accounts.service.ts';
import { findSendableSender } from '../marketing/marketing.lookup.ts';
import { MARKETING_RULE } from '../marketing/marketing.policy.ts';
import {
  birthdayCandidates,
  type RecipientCandidate,
  recipientCandidates,
} from '../people/recipients.lookup.ts';
import type { PrivacyKeySource } from '../privacy/privacy.service.ts';
import { findActiveList } from '../segments/segments.lookup.ts';
import { userById } from '../users/users.lookup.ts';
import { SHOT_DISPATCH_LANES, shotDispatchQueue, shotLaneKey } from './shot-dispatch.queue.ts';
import { type FrozenRecipient, shotFreezeRepository } from './shot-freeze.repository.ts';
import { type RecipientVerdict, sortRecipients } from './shot-recipients.ts';
import { shotsRepository } from './shots.repository.ts';
import { smsSettingsOf } from './sms-settings.service.ts';

/**
 * The freeze of a shot (issue 26): when it is sent or its schedule fires, the list is evaluated once
 * with its author's visibility and every person written as a recipient (PENDING, or DROPPED with the
 * reason), in batches that commit with their rows: a freeze killed between batches resumes after
 * the last person written, with no loss and no duplicate. The last step debits the credits for the
 * PENDING count and hands the shot to the dispatch lanes in one transaction.
 */
export const shotFreezeQueue = defineQueue({
  name: 'shots.freeze',
  payload: z.object({ tenantId: rowId, tenantSlug: z.string().min(1).max(100), shotId: rowId }),
  concurrency: 2,
  maxAttempts: 20,
});
export type ShotFreezeJob = z.infer<typeof shotFreezeQueue.payload>;

/** People read and written per transaction. */
export const FREEZE_BATCH = 500;

/** In the caller's transaction (the shot just set SENDING): the freeze runs once it commits. */
export function enqueueFreeze(app: AppContext, ctx: TenantContext, job: ShotFreezeJob): Promise<void> {
  return app.jobs.enqueue(shotFreezeQueue, job, { singletonKey: `shot:${job.shotId}:freeze` }, ctx.trx);
}

/** The author as the request path would see them now, or undefined when they may no longer send. */
export async function authorOf(app: AppContext, job: ShotFreezeJob, userId: string | null) {
  const tenant = await app.identity.tenantBySlug(job.tenantSlug);
  if (!tenant?.active || tenant.id !== job.tenantId || !userId) return undefined;
  const user = await withTenant(app.db, job.tenantId, (ctx) => userById(ctx, userId));
  if (!user?.active) return undefined;
  const access = accessContext(tenant, user.permissions);
  return canAccess(access, MARKETING_RULE) ? { tenant, user, access } : undefined;
}

/** The shot ends in ERROR with `reason`: no recipient kept, nothing debited. */
async function endInError(ctx: TenantContext, shotId: string, reason: string): Promise<void> {
  await shotFreezeRepository.removeAll(ctx, shotId);
  await shotsRepository.transition(ctx, shotId, 'SENDING', 'ERROR', {
    error_reason: reason,
    finished_at: new Date(),
  });
}

/**
 * Each candidate as a recipient: PENDING, or DROPPED with the reason, by the one rule of who a shot
 * sends to (shot-recipients.ts `sortRecipients`, which the counts before sending use too); an address
 * already given to someone frozen earlier in the shot is a duplicate.
 */
async function classify(
  ctx: TenantContext,
  channel: ShotType,
  shotId: string,
  people: readonly RecipientCandidate[],
  privacy?: PrivacyKeySource,
): Promise<FrozenRecipient[]> {
  const verdicts = await sortRecipients(ctx, channel, people, privacy, (valid) =>
    shotFreezeRepository.pendingAddresses(ctx, shotId, valid),
  );
  return people.map((p, i) => {
    const { address, dropped } = verdicts[i] as RecipientVerdict;
    const raw = (channel === 'EMAIL' ? p.email : p.cellphone) ?? '';
    return {
      personId: p.personId,
      address: address ?? raw.slice(0, 320),
      merge: mergeValuesOf(p.name, channel === 'EMAIL' ? (address ?? raw) : (p.email ?? '')),
      linkId: randomBytes(16).toString('base64url'),
      status: dropped === null ? 'PENDING' : 'DROPPED',
      message: dropped,
    };
  });
}

type BatchOutcome = 'more' | 'done' | 'stop';

/**
 * One batch in its own transaction, after the last person written (so a rerun resumes). Exported
 * for the test that stops a freeze between batches.
 */
export async function freezeBatch(
  ctx: TenantContext,
  author: AuthContext,
  shotId: string,
  privacy?: PrivacyKeySource,
): Promise<BatchOutcome> {
  const shot = await shotsRepository.lock(ctx, shotId);
  if (shot?.status !== 'SENDING' || shot.start_date) return 'stop';
  const after = await shotFreezeRepository.lastPersonId(ctx, shotId);
  let people: RecipientCandidate[];
  if (shot.birthday_date) {
    // the birthday shot of a day (birthday.job.ts): that day's people instead of a list
    people = await birthdayCandidates(ctx, author, shot.birthday_date, after, FREEZE_BATCH);
  } else {
    const segment = shot.segment_id ? await findActiveList(ctx, shot.segment_id) : undefined;
    if (!segment || segment.type === 'COMPANY' || !canSeeSegmentType(author.access, segment.type)) {
      await endInError(ctx, shotId, SHOT_TEXTS.errorSegmentMissing);
      return 'stop';
    }
    const list = { type: segment.type, expression: segment.expression };
    people = await recipientCandidates(ctx, author, list, after, FREEZE_BATCH);
  }
  await shotFreezeRepository.insert(ctx, shotId, await classify(ctx, shot.channel, shotId, people, privacy));
  return people.length < FREEZE_BATCH ? 'done' : 'more';
}

/** PENDING recipients read per statement while their SMS are counted. */
const SMS_COUNT_PAGE = 2000;

/** What an SMS shot is billed: the sum of its messages' parts, the most one takes, the identification. */
interface SmsBill {
  credits: number;
  maxParts: number;
  identification: string;
}

/**
 * An SMS shot billed as the carrier bills it (issue 39): each PENDING recipient's message composed
 * as the dispatch sends it (the identification now, merge tags filled: `composeSms`) and counted
 * (`countSms`), its parts kept on the recipient; the shot is debited their sum. The message at its
 * longest (`smsWorstCase`, the editor's figure) must still fit in 160 characters; a reason to end in
 * ERROR instead.
 */
async function billSms(
  app: AppContext,
  ctx: TenantContext,
  shotId: string,
  content: string | null,
): Promise<SmsBill | { error: string }> {
  const { identification } = await smsSettingsOf(ctx, app.config.sms.quietHours);
  if (!identification) return { error: SMS_TEXTS.notConfigured };
  const longest = await shotFreezeRepository.longestMergeValues(ctx, shotId);
  if (!content || smsWorstCase(identification, content, longest).chars > SMS_MAX_CHARS)
    return { error: SMS_TEXTS.contentTooLong };
  // the date tag is always dd/mm/aaaa: the day the message goes out does not change its parts
  const now = new Date();
  let credits = 0;
  let maxParts = 0;
  let after: string | null = null;
  for (;;) {
    const page = await shotFreezeRepository.pendingMerges(ctx, shotId, after, SMS_COUNT_PAGE);
    const byParts = new Map<number, string[]>();
    for (const r of page) {
      const parts = countSms(composeSms(identification, content, r.merge as MergeValues, now)).parts;
      byParts.set(parts, [...(byParts.get(parts) ?? []), r.id]);
      credits += parts;
      maxParts = Math.max(maxParts, parts);
    }
    for (const [parts, ids] of byParts) await shotFreezeRepository.setSmsParts(ctx, shotId, ids, parts);
    if (page.length < SMS_COUNT_PAGE) break;
    after = page[page.length - 1]?.id ?? null;
  }
  return { credits, maxParts, identification };
}

/**
 * The last step: credits debited for the PENDING recipients (SMS: the parts of each one's message)
 * and the dispatch lanes enqueued, together.
 */
async function finishFreeze(app: AppContext, ctx: TenantContext, job: ShotFreezeJob): Promise<void> {
  const shot = await shotsRepository.lock(ctx, job.shotId);
  if (shot?.status !== 'SENDING' || shot.start_date) return;
  if (shot.channel === 'EMAIL') {
    const sender = shot.sender_id ? await findSendableSender(ctx, shot.sender_id) : undefined;
    if (!sender) return endInError(ctx, job.shotId, SHOT_TEXTS.errorSenderInactive);
  }
  const { pending, dropped } = await shotFreezeRepository.counts(ctx, job.shotId);
  if (pending === 0) return endInError(ctx, job.shotId, SHOT_TEXTS.errorNoRecipients);
  const sms = shot.channel === 'SMS' ? await billSms(app, ctx, job.shotId, shot.content) : null;
  if (sms !== null && 'error' in sms) return endInError(ctx, job.shotId, sms.error);
  try {
    await debitMarketingCredits(ctx, shot.channel, sms?.credits ?? pending, `shot:${job.shotId}`);
  } catch (error) {
    // the debit writes nothing before refusing: the transaction stays usable
    if (error instanceof AppError && error.status === 409)
      return endInError(ctx, job.shotId, SHOT_TEXTS.errorInsufficientBalance);
    throw error;
  }
  await shotsRepository.transition(ctx, job.shotId, 'SENDING', 'SENDING', {
    start_date: new Date(),
    total_contacts: pending,
    total_dropped: dropped,
    // SMS: the most parts one message takes
    ...(sms === null ? {} : { sms_parts: sms.maxParts }),
  });
  if (sms !== null) await shotFreezeRepository.setSmsIdentification(ctx, job.shotId, sms.identification);
  for (let lane = 0; lane < SHOT_DISPATCH_LANES; lane++) {
    await app.jobs.enqueue(
      shotDispatchQueue,
      { tenantId: job.tenantId, shotId: job.shotId, lane },
      { singletonKey: shotLaneKey(job.shotId, lane) },
      ctx.trx,
    );
  }
}

export function shotFreezeHandler(app: AppContext) {
  return async (job: ShotFreezeJob): Promise<void> => {
    const shot = await withTenant(app.db, job.tenantId, (ctx) => shotsRepository.lock(ctx, job.shotId));
    if (shot?.status !== 'SENDING' || shot.start_date) return;
    const author = await authorOf(app, job, shot.created_by);
    if (!author) {
      await withTenant(app.db, job.tenantId, (ctx) =>
        endInError(ctx, job.shotId, SHOT_TEXTS.errorAuthorNotAllowed),
      );
      return;
    }
    for (;;) {
      const outcome = await withTenant(app.db, job.tenantId, (ctx) =>
        freezeBatch(ctx, author, job.shotId, app),
      );
      if (outcome === 'stop') return;
      if (outcome === 'done') break;
    }
    await withTenant(app.db, job.tenantId, (ctx) => finishFreeze(app, ctx, job));
  };
}
