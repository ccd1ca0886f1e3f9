import {
  canSeeSegmentType,
  cloneName,
  type EmailListInfo,
  type EmailListInfoQuery,
  type EmailShotSave,
  hasEnoughBalance,
  type ListAnswer,
  pageOffset,
  parseDateTime,
  receiversString,
  SHOT_REPORT_EVENT_MESSAGES,
  SHOT_SCREEN_TEXTS,
  SHOT_TEXTS,
  type Shot,
  type ShotReport,
  type ShotReportKey,
  type ShotReportQuery,
  type ShotSchedule,
  type ShotsQuery,
  type ShotType,
  SMS_MAX_CHARS,
  SMS_TEXTS,
  type SmsListInfo,
  type SmsListInfoQuery,
  type SmsShotSave,
  smsWorstCase,
} from '@mandato/domain';
import type { AppContext, RequestContext } from '../../platform/app-context.ts';
import type { AuthContext } from '../../platform/auth/guard.ts';
import type { TenantContext } from '../../platform/db/tenancy.ts';
import { prepareEmailHtmlIsolated } from '../../platform/html/email-html.ts';
import { badRequest, conflict, notFound } from '../../platform/http/errors.ts';
import { marketingBalance } from '../marketing/accounts.service.ts';
import { findSendableSender } from '../marketing/marketing.lookup.ts';
import { longestSmsMergeValues, type RecipientList, smsListPeople } from '../people/recipients.lookup.ts';
import { findActiveList } from '../segments/segments.lookup.ts';
import { enqueueFreeze } from './shot-freeze.ts';
import { countRecipients } from './shot-recipients.ts';
import { enqueueScheduleFiring } from './shot-schedule.job.ts';
import { recipientVisibility } from './shots.policy.ts';
import { presentShot } from './shots.present.ts';
import { type AnyShotReportKey, type ShotContentValues, shotsRepository } from './shots.repository.ts';
import { smsSettingsOf } from './sms-settings.service.ts';

/** What a save of either channel gives the lifecycle (e-mail: subject, HTML and sender; SMS: content). */
export interface ShotContentInput {
  /** the team's name for the shot (issue 40); undefined: a PUT leaves it as it was */
  name: string | null | undefined;
  subject: string | null;
  /** the e-mail's HTML made e-mail-safe, with its text alternative (prepared before the transaction) */
  html: { html: string; text: string } | null;
  jsonContent: unknown;
  content: string | null;
  imagePreview: string | null;
  /** e-mail only: SMS has no sender (the tenant's identification starts the text) */
  senderCode: number | null;
  segmentCode: number;
}

/**
 * The e-mail editor's body as the lifecycle's input, its HTML prepared (sanitised, CSS inlined, text
 * alternative) in the untrusted pool: the route calls this with no transaction open.
 */
export const emailContent = async (
  app: AppContext,
  tenantId: string,
  body: EmailShotSave,
): Promise<ShotContentInput> => ({
  name: body.name,
  subject: body.subject,
  html: await prepareEmailHtmlIsolated(app, tenantId, body.htmlContent),
  jsonContent: body.jsonContent ?? null,
  content: null,
  imagePreview: body.imagePreview ?? null,
  senderCode: body.senderCode,
  segmentCode: body.destination.segment.code,
});

/** The SMS editor's body as the lifecycle's input: the message and the list. */
export const smsContent = (body: SmsShotSave): ShotContentInput => ({
  name: body.name,
  subject: null,
  html: null,
  jsonContent: null,
  content: body.content,
  imagePreview: null,
  senderCode: null,
  segmentCode: body.destination.segment.code,
});

const YEAR_MS = 366 * 86_400_000;

async function found(ctx: TenantContext, channel: ShotType, id: string): Promise<Shot> {
  const row = await shotsRepository.find(ctx, channel, id);
  if (!row) throw notFound(SHOT_TEXTS.notFound);
  const totals = await shotsRepository.totals(ctx, [row.id]);
  return presentShot(row, totals.get(row.id));
}

/** The shot's row locked, of this tenant and channel (else 404 with `message`). */
async function locked(
  ctx: TenantContext,
  channel: ShotType,
  id: string,
  message: string = SHOT_TEXTS.notFound,
) {
  const shot = await shotsRepository.lock(ctx, id, channel);
  if (!shot) throw notFound(message);
  return shot;
}

/** spec 3 §5: the sender can send now (ACTIVE on a VALID domain), else a 400 on senderCode. */
async function assertSender(ctx: TenantContext, senderCode: number | string | null): Promise<void> {
  const sender = senderCode === null ? undefined : await findSendableSender(ctx, String(senderCode));
  if (!sender) throw badRequest(SHOT_TEXTS.senderNotActive, { senderCode: [SHOT_TEXTS.senderNotActive] });
}

/**
 * spec 3 §5: an active saved list of people or team the author may see, with someone the shot would
 * send to (the send's own rule, shot-recipients.ts); its record and that count. Else a 400.
 */
async function reachableList(
  ctx: RequestContext,
  auth: AuthContext,
  channel: ShotType,
  segmentCode: number | string | null,
) {
  const segment = await usableList(ctx, auth, segmentCode);
  const list: RecipientList = { type: segment.type, expression: segment.expression };
  const count = await countRecipients(ctx, auth, list, channel, ctx.app);
  if (count === 0) throw unusableList();
  return { segment, list, count };
}

const unusableList = () => badRequest(SHOT_TEXTS.emptySegment, { destination: [SHOT_TEXTS.emptySegment] });

/**
 * An active list of people or team the author may see (saved, or the special list of everyone of the
 * type), else the 400 of an unusable list.
 */
async function usableList(ctx: TenantContext, auth: AuthContext, segmentCode: number | string | null) {
  const segment = segmentCode === null ? undefined : await findActiveList(ctx, String(segmentCode));
  if (!segment || segment.type === 'COMPANY' || !canSeeSegmentType(auth.access, segment.type))
    throw unusableList();
  return { ...segment, type: segment.type };
}

/** The tenant's SMS identification; without one no SMS is saved or sent (409). */
async function smsIdentification(ctx: RequestContext): Promise<string> {
  const { identification } = await smsSettingsOf(ctx, ctx.app.config.sms.quietHours);
  if (!identification) throw conflict(SMS_TEXTS.notConfigured);
  return identification;
}

/**
 * spec 3 §9: the SMS at its longest (the identification, each merge tag at its longest value among
 * the list's reachable people) within 160 characters, else a 400 on content; the parts it bills.
 */
async function smsParts(
  ctx: RequestContext,
  auth: AuthContext,
  content: string | null,
  list: RecipientList,
): Promise<number> {
  const identification = await smsIdentification(ctx);
  const worst = smsWorstCase(identification, content ?? '', await longestSmsMergeValues(ctx, auth, list));
  if (!content || worst.chars > SMS_MAX_CHARS)
    throw badRequest(SMS_TEXTS.contentTooLong, { content: [SMS_TEXTS.contentTooLong] });
  return worst.parts;
}

async function contentValues(
  ctx: RequestContext,
  auth: AuthContext,
  channel: ShotType,
  input: ShotContentInput,
): Promise<ShotContentValues> {
  if (channel === 'SMS') await smsIdentification(ctx);
  else await assertSender(ctx, input.senderCode);
  const { segment, list, count } = await reachableList(ctx, auth, channel, input.segmentCode);
  const parts = channel === 'SMS' ? await smsParts(ctx, auth, input.content, list) : null;
  const prepared = input.html;
  return {
    name: input.name,
    subject: input.subject,
    html_content: prepared?.html ?? null,
    text_content: prepared?.text ?? null,
    json_content:
      input.jsonContent === null || input.jsonContent === undefined
        ? null
        : JSON.stringify(input.jsonContent),
    content: input.content,
    image_preview: input.imagePreview,
    sender_id: input.senderCode === null ? null : String(input.senderCode),
    segment_id: segment.id,
    segment_name: segment.name,
    segment_type: segment.type,
    total_contacts: count,
    sms_parts: parts,
  };
}

/** GET /mkt/{channel}/campaign: the channel's shots by status, ordered and paged, with totals. */
export async function listShots(
  ctx: RequestContext,
  _auth: AuthContext,
  channel: ShotType,
  query: ShotsQuery,
): Promise<ListAnswer<Shot>> {
  const { rows, total } = await shotsRepository.list(ctx, channel, {
    statuses: query.status,
    birthday: query.birthday,
    ordering: query.orderingCriteria,
    ascending: query.orderingAscending,
    limit: query.itemsPerPage,
    offset: pageOffset(query),
  });
  const totals = await shotsRepository.totals(
    ctx,
    rows.map((r) => r.id),
  );
  return { list: rows.map((r) => presentShot(r, totals.get(r.id))), total };
}

export function getShot(
  ctx: RequestContext,
  _auth: AuthContext,
  channel: ShotType,
  id: string,
): Promise<Shot> {
  return found(ctx, channel, id);
}

/** POST /mkt/{channel}/campaign: a DRAFT (sender and list checked, HTML prepared). */
export async function createShot(
  ctx: RequestContext,
  auth: AuthContext,
  channel: ShotType,
  input: ShotContentInput,
): Promise<Shot> {
  const values = await contentValues(ctx, auth, channel, input);
  const id = await shotsRepository.insert(ctx, channel, values, auth.user.id);
  return found(ctx, channel, id);
}

/** PUT /mkt/{channel}/campaign/{id}: only a DRAFT edits (spec 3 §4). */
export async function updateShot(
  ctx: RequestContext,
  auth: AuthContext,
  channel: ShotType,
  id: string,
  input: ShotContentInput,
): Promise<Shot> {
  // spec 3 §8: an SMS not found for editing says so
  const shot = await locked(ctx, channel, id, channel === 'SMS' ? SMS_TEXTS.notFound : SHOT_TEXTS.notFound);
  if (shot.status !== 'DRAFT') throw conflict(SHOT_TEXTS.notEditable);
  await shotsRepository.update(ctx, id, await contentValues(ctx, auth, channel, input));
  return found(ctx, channel, id);
}

/** DELETE /mkt/{channel}/campaign/{id}: only a DRAFT. */
export async function removeShot(
  ctx: RequestContext,
  _auth: AuthContext,
  channel: ShotType,
  id: string,
): Promise<{ code: number }> {
  const shot = await locked(ctx, channel, id);
  if (shot.status !== 'DRAFT' || !(await shotsRepository.removeDraft(ctx, id)))
    throw conflict(SHOT_TEXTS.onlyDraftRemovable);
  return { code: Number(id) };
}

/**
 * POST /mkt/{channel}/campaign/clone/{id}: any status → a new DRAFT with the same subject, message,
 * design, sender and list, named '… (cópia)' after its source's name, else its subject or message
 * (issue 40), so that it is told apart in the list while what it sends stays the same.
 */
export async function cloneShot(
  ctx: RequestContext,
  auth: AuthContext,
  channel: ShotType,
  id: string,
): Promise<Shot> {
  await locked(ctx, channel, id);
  const source = await shotsRepository.find(ctx, channel, id);
  if (!source) throw notFound(SHOT_TEXTS.notFound);
  const named =
    source.name?.trim() ||
    (channel === 'EMAIL' ? source.subject : source.content)?.trim() ||
    (channel === 'EMAIL' ? SHOT_SCREEN_TEXTS.noSubject : SHOT_SCREEN_TEXTS.noContent);
  const cloned = await shotsRepository.cloneAsDraft(ctx, id, auth.user.id, cloneName(named));
  return found(ctx, channel, cloned);
}

/**
 * What sending (now or at a schedule) asks of a DRAFT: the sender (e-mail) or the identification and
 * the length (SMS) and the list still good, and the balance enough for the list's reachable count
 * (SMS: × the parts; spec 3 §4, `hasEnoughBalance`). The freeze checks again with the count it freezes.
 */
async function assertSendable(ctx: RequestContext, auth: AuthContext, channel: ShotType, id: string) {
  const shot = await locked(ctx, channel, id);
  if (shot.status === 'SENDING') throw conflict(SHOT_TEXTS.sendingNow);
  if (shot.status !== 'DRAFT') throw conflict(SHOT_TEXTS.onlyDraftSendable);
  if (channel === 'SMS') await smsIdentification(ctx);
  else await assertSender(ctx, shot.sender_id);
  const { list, count } = await reachableList(ctx, auth, channel, shot.segment_id);
  const parts = channel === 'SMS' ? await smsParts(ctx, auth, shot.content, list) : null;
  if (!hasEnoughBalance(await marketingBalance(ctx, channel), count * (parts ?? 1)))
    throw conflict(SHOT_TEXTS.insufficientBalance);
  return { total_contacts: count, sms_parts: parts };
}

/** POST /mkt/{channel}/campaign/send/{id}: SENDING now, its recipients frozen by a job. */
export async function sendShot(
  ctx: RequestContext,
  auth: AuthContext,
  channel: ShotType,
  id: string,
): Promise<Shot> {
  const counted = await assertSendable(ctx, auth, channel, id);
  await shotsRepository.transition(ctx, id, 'DRAFT', 'SENDING', counted);
  await enqueueFreeze(ctx.app, ctx, { tenantId: ctx.tenantId, tenantSlug: auth.tenant.slug, shotId: id });
  return found(ctx, channel, id);
}

/** POST /mkt/{channel}/campaign/schedule/{id}: São Paulo wall time, in the future, within a year. */
export async function scheduleShot(
  ctx: RequestContext,
  auth: AuthContext,
  channel: ShotType,
  id: string,
  body: ShotSchedule,
): Promise<Shot> {
  const instant = parseDateTime(body.scheduleDate)?.instant;
  const refuse = (message: string) => badRequest(message, { scheduleDate: [message] });
  if (!instant) throw refuse(SHOT_TEXTS.invalidScheduleDate);
  const now = Date.now();
  if (instant.getTime() <= now) throw refuse(SHOT_TEXTS.scheduleInPast);
  if (instant.getTime() > now + YEAR_MS) throw refuse(SHOT_TEXTS.scheduleTooFar);
  const counted = await assertSendable(ctx, auth, channel, id);
  await shotsRepository.transition(ctx, id, 'DRAFT', 'SCHEDULED', { schedule_date: instant, ...counted });
  await enqueueScheduleFiring(ctx.app, ctx, {
    tenantId: ctx.tenantId,
    tenantSlug: auth.tenant.slug,
    shotId: id,
    scheduleDate: instant.toISOString(),
  });
  return found(ctx, channel, id);
}

/** POST /mkt/{channel}/campaign/unschedule/{id}: SCHEDULED → DRAFT (the pending firing finds nothing). */
export async function unscheduleShot(
  ctx: RequestContext,
  _auth: AuthContext,
  channel: ShotType,
  id: string,
): Promise<Shot> {
  const shot = await locked(ctx, channel, id);
  if (shot.status !== 'SCHEDULED') throw conflict(SHOT_TEXTS.onlyScheduledUnschedulable);
  await shotsRepository.transition(ctx, id, 'SCHEDULED', 'DRAFT', { schedule_date: null });
  return found(ctx, channel, id);
}

/**
 * GET /mkt/{channel}/campaign/{id}/reports/{report}: one tab's count (everyone in it) and a page of
 * the receivers the caller may see in the CRM (issue 38), with how many those are.
 */
export async function shotReport(
  ctx: RequestContext,
  auth: AuthContext,
  channel: ShotType,
  id: string,
  key: AnyShotReportKey,
  query: ShotReportQuery,
): Promise<ShotReport> {
  if (!(await shotsRepository.find(ctx, channel, id))) throw notFound(SHOT_TEXTS.notFound);
  const { count, listed, rows } = await shotsRepository.report(
    ctx,
    id,
    key,
    recipientVisibility(auth),
    query.itemsPerPage,
    pageOffset(query),
  );
  const eventMessage =
    channel === 'SMS'
      ? key === 'unsubscribe'
        ? SMS_TEXTS.repliedOptOut
        : undefined
      : SHOT_REPORT_EVENT_MESSAGES[key as ShotReportKey];
  const list = rows.map((r) => ({
    contact: r.address,
    message: eventMessage ?? r.message ?? '',
    at: r.at?.toISOString() ?? null,
  }));
  return { count, listed, receivers: receiversString(list), list };
}

/**
 * GET /mkt/sms/list-info: the SMS editor's view of a list (how many the SMS is sent to, counted by
 * the send's own rule; the longest merge values; a real contact for the preview). A list that cannot
 * be used is the save's 400.
 */
export async function smsListInfo(
  ctx: RequestContext,
  auth: AuthContext,
  query: SmsListInfoQuery,
): Promise<SmsListInfo> {
  const segment = await usableList(ctx, auth, query.segmentCode);
  const list: RecipientList = { type: segment.type, expression: segment.expression };
  const total = await countRecipients(ctx, auth, list, 'SMS', ctx.app);
  return { total, ...(await smsListPeople(ctx, auth, list)) };
}

/**
 * GET /mkt/emails/list-info: how many people of the list an e-mail shot is sent to, by the send's own
 * rule (issue 39 item 4: the editor's count is the number sent). A list that cannot be used is the
 * save's 400.
 */
export async function emailListInfo(
  ctx: RequestContext,
  auth: AuthContext,
  query: EmailListInfoQuery,
): Promise<EmailListInfo> {
  const segment = await usableList(ctx, auth, query.segmentCode);
  const list: RecipientList = { type: segment.type, expression: segment.expression };
  return { total: await countRecipients(ctx, auth, list, 'EMAIL', ctx.app) };
}
