import { randomBytes } from 'node:crypto';
import {
  type ListAnswer,
  pageOffset,
  SENDER_EMAIL_LIMITS,
  SENDER_LINK_PATTERN,
  SENDER_TEXTS,
  SENDER_TOKEN_PATTERN,
  type Sender,
  type SenderConfirm,
  type SenderConfirmAnswer,
  type SenderSave,
  type SenderStatusChange,
  type SendersQuery,
  type SenderValidateToken,
} from '@mandato/domain';
import type { AppContext, RequestContext } from '../../platform/app-context.ts';
import type { AuthContext } from '../../platform/auth/guard.ts';
import { throttleRepository } from '../../platform/auth/throttle.repository.ts';
import { toIso } from '../../platform/dates.ts';
import { type TenantContext, withoutTenant, withTenant } from '../../platform/db/tenancy.ts';
import { badRequest, conflict, notFound, tooManyRequests } from '../../platform/http/errors.ts';
import { domainsRepository } from './domains.repository.ts';
import {
  type SenderEmailJob,
  senderEmailQueue,
  senderEmailSecret,
  senderTokenHash,
} from './sender-email.job.ts';
import { type SenderRecord, sendersRepository } from './senders.repository.ts';

export function presentSender(r: SenderRecord): Sender {
  return {
    code: Number(r.id),
    name: r.name,
    email: `${r.email_prefix}@${r.domain_name}`,
    emailPrefix: r.email_prefix,
    domainCode: Number(r.domain_id),
    domainName: r.domain_name,
    status: r.status,
    createDate: toIso(r.created_at),
  };
}

/** GET /mkt/senders (?status=ACTIVE for the shot editor: only ACTIVE senders can send). */
export async function listSenders(
  ctx: RequestContext,
  _auth: AuthContext,
  query: SendersQuery,
): Promise<ListAnswer<Sender>> {
  const { rows, total } = await sendersRepository.list(ctx, {
    status: query.status,
    limit: query.itemsPerPage,
    offset: pageOffset(query),
  });
  return { list: rows.map(presentSender), total };
}

/** The domain of a sender: one of the tenant's VALID domains, else a 400 on domainCode. */
async function validDomain(ctx: TenantContext, domainCode: number): Promise<string> {
  const domain = await domainsRepository.find(ctx, String(domainCode));
  if (domain?.status !== 'VALID')
    throw badRequest(SENDER_TEXTS.domainNotValid, { domainCode: [SENDER_TEXTS.domainNotValid] });
  return String(domain.id);
}

const taken = () => conflict(SENDER_TEXTS.senderTaken, { emailPrefix: [SENDER_TEXTS.senderTaken] });

/**
 * Queues the sender's activation e-mail, within SENDER_EMAIL_LIMITS (429 beyond). Counted in the
 * request's transaction: an e-mail is counted only when it is queued, and a refusal undoes the
 * request's writes. The creation's e-mail counts in the day only: who did not get it may ask for
 * it again at once, then once a minute.
 */
async function sendActivation(ctx: RequestContext, senderId: string, first = false): Promise<void> {
  const key = (window: string) => `sender-email:${ctx.tenantId}:${senderId}:${window}`;
  const { perDay, perMinute } = SENDER_EMAIL_LIMITS;
  if (!(await throttleRepository.take(ctx.trx, { key: key('day'), ...perDay })))
    throw tooManyRequests(SENDER_TEXTS.activationDailyLimit);
  if (!first && !(await throttleRepository.take(ctx.trx, { key: key('minute'), ...perMinute })))
    throw tooManyRequests(SENDER_TEXTS.activationTooSoon);
  const job: SenderEmailJob = { tenantId: ctx.tenantId, senderId };
  await ctx.app.jobs.enqueue(senderEmailQueue, job, {}, ctx.trx);
}

async function found(ctx: TenantContext, id: string): Promise<Sender> {
  const row = await sendersRepository.find(ctx, id);
  if (!row) throw notFound(SENDER_TEXTS.notFound);
  return presentSender(row);
}

/** POST /mkt/senders ('Conta de envio'): saved PENDING_VALIDATION, the activation e-mail queued. */
export async function createSender(
  ctx: RequestContext,
  auth: AuthContext,
  body: SenderSave,
): Promise<Sender> {
  const domainId = await validDomain(ctx, body.domainCode);
  if (await sendersRepository.prefixTaken(ctx, body.emailPrefix, domainId)) throw taken();
  const id = await sendersRepository.insert(ctx, {
    name: body.name,
    prefix: body.emailPrefix,
    domainId,
    linkId: randomBytes(16).toString('base64url'),
    createdBy: auth.user.id,
  });
  if (!id) throw taken();
  await sendActivation(ctx, id, true);
  return found(ctx, id);
}

/** PUT /mkt/senders/{id}: an edited sender is PENDING_VALIDATION again (spec 3 §4), new e-mail. */
export async function updateSender(
  ctx: RequestContext,
  _auth: AuthContext,
  id: string,
  body: SenderSave,
): Promise<Sender> {
  if (!(await sendersRepository.lockStatus(ctx, id))) throw notFound(SENDER_TEXTS.notFound);
  const domainId = await validDomain(ctx, body.domainCode);
  if (await sendersRepository.prefixTaken(ctx, body.emailPrefix, domainId, id)) throw taken();
  await sendersRepository.update(ctx, id, { name: body.name, prefix: body.emailPrefix, domainId });
  await ctx.app.mailer.forgetSecret(ctx, senderEmailSecret(id)); // the old link no longer works
  await sendActivation(ctx, id);
  return found(ctx, id);
}

/** DELETE /mkt/senders/{id} */
export async function removeSender(
  ctx: RequestContext,
  _auth: AuthContext,
  id: string,
): Promise<{ code: number }> {
  if (!(await sendersRepository.remove(ctx, id))) throw notFound(SENDER_TEXTS.notFound);
  await ctx.app.mailer.forgetSecret(ctx, senderEmailSecret(id));
  return { code: Number(id) };
}

/** GET /mkt/senders/{id}/send-email-token ('Reenviar'): only while PENDING_VALIDATION, within the limits. */
export async function resendActivation(ctx: RequestContext, _auth: AuthContext, id: string): Promise<Sender> {
  const status = await sendersRepository.lockStatus(ctx, id);
  if (!status) throw notFound(SENDER_TEXTS.notFound);
  if (status !== 'PENDING_VALIDATION') throw conflict(SENDER_TEXTS.notPending);
  await sendActivation(ctx, id);
  return found(ctx, id);
}

/**
 * PUT /mkt/senders/{id}/status: 'Desativar' (ACTIVE → INACTIVE) and 'Ativar' (INACTIVE → ACTIVE).
 * A sender never validated cannot be activated by a click: only its link does that.
 */
export async function changeSenderStatus(
  ctx: RequestContext,
  _auth: AuthContext,
  id: string,
  body: SenderStatusChange,
): Promise<Sender> {
  const status = await sendersRepository.lockStatus(ctx, id);
  if (!status) throw notFound(SENDER_TEXTS.notFound);
  const from = body.status === 'ACTIVE' ? 'INACTIVE' : 'ACTIVE';
  if (status !== body.status) {
    if (status !== from)
      throw conflict(body.status === 'ACTIVE' ? SENDER_TEXTS.cannotActivate : SENDER_TEXTS.cannotDeactivate);
    await sendersRepository.setStatus(ctx, id, from, body.status);
  }
  return found(ctx, id);
}

const refused = () => notFound(SENDER_TEXTS.invalidToken);

/** POST /mkt/senders/{id}/validate-token (spec 3 §7.1): the token of the e-mail, with the marketing token. */
export async function validateSenderToken(
  ctx: RequestContext,
  _auth: AuthContext,
  id: string,
  body: SenderValidateToken,
): Promise<Sender> {
  if (!SENDER_TOKEN_PATTERN.test(body.token)) throw refused();
  if (!(await sendersRepository.useToken(ctx, id, senderTokenHash(body.token)))) throw refused();
  await ctx.app.mailer.forgetSecret(ctx, senderEmailSecret(id));
  return found(ctx, id);
}

/**
 * The public page /sender-email-confirm/{senderCode}/{senderToken}/{token} (spec 3 §2.4): no
 * session and no slug. The senderToken (the sender's random link id) finds the tenant through the
 * narrow policy of migration 0029, then the token is used in that tenant's transaction. A wrong,
 * used or expired token, another sender's code, an inactive tenant: the same 404, never which.
 */
export async function confirmSenderEmail(app: AppContext, body: SenderConfirm): Promise<SenderConfirmAnswer> {
  if (!SENDER_LINK_PATTERN.test(body.senderToken) || !SENDER_TOKEN_PATTERN.test(body.token)) throw refused();
  const link = await withoutTenant(app.db, (trx) => sendersRepository.findByLink(trx, body.senderToken));
  if (!link || link.id !== String(body.senderCode)) throw refused();
  const ok = await withTenant(app.db, link.tenantId, async (ctx) => {
    if (!(await sendersRepository.useToken(ctx, link.id, senderTokenHash(body.token), body.senderToken)))
      return false;
    await app.mailer.forgetSecret(ctx, senderEmailSecret(link.id));
    return true;
  });
  if (!ok) throw refused();
  return { confirmed: true };
}
