import { randomUUID } from 'node:crypto';
import {
  composeTestSms,
  countSms,
  SHOT_TEST_PERSON,
  SHOT_TEST_TEXTS,
  SHOT_TEXTS,
  type ShotTestAnswer,
  SMS_TEXTS,
  testSubject,
} from '@mandato/domain';
import type { AppContext, RequestContext } from '../../platform/app-context.ts';
import type { AuthContext } from '../../platform/auth/guard.ts';
import type { TenantContext } from '../../platform/db/tenancy.ts';
import { conflict, notFound } from '../../platform/http/errors.ts';
import { type ShotMessage, ShotSendError } from '../../platform/mail/shot-transport.ts';
import { debitMarketingCredits, refundMarketingCredits } from '../marketing/accounts.service.ts';
import {
  findSendableSender,
  openDkimKey,
  type SendableSender,
  shotLinkKey,
} from '../marketing/marketing.lookup.ts';
import { errorText } from './shot-channel.ts';
import { shotLinks } from './shot-links.ts';
import { buildShotMessage } from './shot-message.ts';
import { untrackedHtml } from './shot-preview.ts';
import { shotsRepository } from './shots.repository.ts';
import { smsSettingsOf } from './sms-settings.service.ts';

/**
 * The test send of a saved shot (issue 40 item 3), in the read → network → write shape
 * (docs/architecture.md): the shot is read in a short transaction of the guard, the messages go out
 * through the product's own transports with no transaction open, and the SMS credits are debited
 * (and given back for a number that failed) in short transactions of their own. A test creates no
 * recipient, no event and no report line; with the embedded transports its messages are kept in the
 * outbox under the user who sent them (migration 0053).
 */

/** Who asks, for the per-user limit and the outbox. */
interface TestAuthor {
  tenantId: string;
  userId: string;
  shotId: string;
}

/** The rate-limit account of a test sender: the tenant and the user (both channels share it). */
export const testSendAccount = (author: Pick<TestAuthor, 'tenantId' | 'userId'>) =>
  `${author.tenantId}:user:${author.userId}`;

export interface EmailTestPlan extends TestAuthor {
  subject: string;
  html: string;
  text: string;
  sender: SendableSender;
  mandate: string;
}

const shotOf = async (ctx: TenantContext, channel: 'EMAIL' | 'SMS', id: string) => {
  const shot = await shotsRepository.find(ctx, channel, id);
  if (!shot) throw notFound(SHOT_TEXTS.notFound);
  return shot;
};

/** In the guard's transaction: the e-mail shot of this tenant (404) and its sender, if it can send (409). */
export async function readEmailTest(
  ctx: RequestContext,
  auth: AuthContext,
  id: string,
): Promise<EmailTestPlan> {
  const shot = await shotOf(ctx, 'EMAIL', id);
  const sender = shot.sender_id ? await findSendableSender(ctx, shot.sender_id) : undefined;
  if (!sender) throw conflict(SHOT_TEST_TEXTS.noSender);
  return {
    tenantId: ctx.tenantId,
    userId: auth.user.id,
    shotId: shot.id,
    subject: shot.subject ?? '',
    html: shot.html_content ?? '',
    text: shot.text_content ?? '',
    sender,
    mandate: auth.tenant.name,
  };
}

/** The link id a test message is built with: no recipient has it (the footer's link goes nowhere). */
const TEST_LINK_ID = 'teste';

/**
 * The test e-mail to `to`: the shot's message as `buildShotMessage` makes it for the example person,
 * then the subject prefixed, the open pixel removed and every link straight to its target
 * (`untrackedHtml`, the outbox preview's rule), no one-click unsubscribe headers (no recipient to
 * unsubscribe) and a Message-ID of its own that names no recipient.
 */
export function buildTestEmail(
  plan: EmailTestPlan & { dkimPrivateKey: string },
  links: ReturnType<typeof shotLinks>,
  to: string,
  now: Date,
): ShotMessage {
  const message = buildShotMessage(
    {
      tenantId: plan.tenantId,
      shotId: plan.shotId,
      subject: plan.subject,
      html: plan.html,
      text: plan.text,
      sender: plan.sender,
      dkimPrivateKey: plan.dkimPrivateKey,
      mandate: plan.mandate,
    },
    { id: TEST_LINK_ID, linkId: TEST_LINK_ID, address: to, merge: SHOT_TEST_PERSON },
    links,
    now,
  );
  return {
    ...message,
    subject: testSubject(message.subject),
    html: untrackedHtml(message.html),
    messageId: `<teste.${randomUUID()}@${plan.sender.domainName}>`,
    headers: {},
    trace: { tenantId: plan.tenantId, shotId: plan.shotId, testBy: plan.userId },
  };
}

/** With no transaction open: one message per address, through the shot transport; what each got. */
export async function sendEmailTest(
  app: AppContext,
  plan: EmailTestPlan,
  emails: readonly string[],
): Promise<ShotTestAnswer> {
  const dkimPrivateKey = await openDkimKey(app, plan.tenantId, plan.sender);
  const links = shotLinks(app.config.publicUrl, await shotLinkKey(app));
  const answer: ShotTestAnswer = { sent: [], failed: [], credits: 0 };
  for (const to of emails) {
    try {
      await app.shotTransport.send(buildTestEmail({ ...plan, dkimPrivateKey }, links, to, new Date()));
      answer.sent.push(to);
    } catch (error) {
      const reason = error instanceof ShotSendError ? (error.response ?? error.message) : errorText(error);
      app.log.warn({ err: error, shotId: plan.shotId }, 'shot test e-mail not sent');
      answer.failed.push({ to, message: SHOT_TEST_TEXTS.failed(to, reason) });
    }
  }
  return answer;
}

export interface SmsTestPlan extends TestAuthor {
  /** the SMS as every test number gets it: prefix, identification, content, example person */
  text: string;
  /** the parts of one message (the prefix counts) */
  parts: number;
}

/** In the guard's transaction: the SMS shot of this tenant (404), with the tenant's identification (409). */
export async function readSmsTest(ctx: RequestContext, auth: AuthContext, id: string): Promise<SmsTestPlan> {
  const shot = await shotOf(ctx, 'SMS', id);
  const { identification } = await smsSettingsOf(ctx, ctx.app.config.sms.quietHours);
  if (!identification) throw conflict(SMS_TEXTS.notConfigured);
  const text = composeTestSms(identification, shot.content ?? '', new Date());
  return { tenantId: ctx.tenantId, userId: auth.user.id, shotId: shot.id, text, parts: countSms(text).parts };
}

/** The ledger reference of one SMS test's debit. */
export const testDebitReference = (shotId: string) => `shot-test:${shotId}:${randomUUID()}`;

/**
 * In a transaction of the guard: the parts of every test number debited from the SMS credits, as a
 * real send's are (409 'Saldo insuficiente' when the balance does not cover them).
 */
export async function debitSmsTest(
  ctx: TenantContext,
  plan: SmsTestPlan,
  phones: readonly string[],
  reference: string,
): Promise<number> {
  const credits = plan.parts * phones.length;
  await debitMarketingCredits(ctx, 'SMS', credits, reference);
  return credits;
}

/** With no transaction open: one SMS per number through the SMS transport; what each got. */
export async function sendSmsTest(
  app: AppContext,
  plan: SmsTestPlan,
  phones: readonly string[],
): Promise<ShotTestAnswer> {
  const answer: ShotTestAnswer = { sent: [], failed: [], credits: 0 };
  for (const to of phones) {
    try {
      await app.smsTransport.send({
        to,
        text: plan.text,
        idempotencyKey: `teste-${randomUUID()}`,
        trace: { tenantId: plan.tenantId, shotId: plan.shotId, testBy: plan.userId },
      });
      answer.sent.push(to);
    } catch (error) {
      app.log.warn({ err: error, shotId: plan.shotId }, 'shot test SMS not sent');
      answer.failed.push({ to, message: SHOT_TEST_TEXTS.failed(to, errorText(error)) });
    }
  }
  answer.credits = plan.parts * answer.sent.length;
  return answer;
}

/** In a transaction of the guard: the credits of the numbers that failed, given back. */
export async function refundSmsTest(
  ctx: TenantContext,
  plan: SmsTestPlan,
  failed: number,
  reference: string,
): Promise<void> {
  if (failed > 0) await refundMarketingCredits(ctx, 'SMS', plan.parts * failed, reference);
}
