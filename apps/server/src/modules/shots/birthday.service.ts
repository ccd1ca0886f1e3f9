import { type BirthdaySettings, type BirthdaySettingsSave, formatZoned, SHOT_TEXTS } from '@mandato/domain';
import type { RequestContext } from '../../platform/app-context.ts';
import type { AuthContext } from '../../platform/auth/guard.ts';
import type { prepareEmailHtml } from '../../platform/html/email-html.ts';

/** The setting's HTML made e-mail-safe (seconds of CPU for a large one: prepared before the transaction). */
export type PreparedHtml = ReturnType<typeof prepareEmailHtml>;

import { badRequest } from '../../platform/http/errors.ts';
import { findSendableSender } from '../marketing/marketing.lookup.ts';
import { enqueueBirthday, nextBirthdayRun } from './birthday.job.ts';
import { type BirthdaySettingsRecord, birthdayRepository } from './birthday.repository.ts';

const NEVER_SAVED: BirthdaySettings = {
  active: false,
  senderCode: null,
  subject: '',
  htmlContent: '',
  jsonContent: null,
  sendHour: 9,
  updatedAt: null,
};

function present(row: BirthdaySettingsRecord | undefined): BirthdaySettings {
  if (!row) return NEVER_SAVED;
  return {
    active: row.active,
    senderCode: row.sender_id === null ? null : Number(row.sender_id),
    subject: row.subject ?? '',
    htmlContent: row.html_content ?? '',
    jsonContent: row.json_content ?? null,
    sendHour: row.send_hour,
    updatedAt: formatZoned(row.updated_at),
  };
}

/** GET /mkt/emails/birthday */
export async function getBirthdaySettings(
  ctx: RequestContext,
  _auth: AuthContext,
): Promise<BirthdaySettings> {
  return present(await birthdayRepository.find(ctx));
}

/**
 * PUT /mkt/emails/birthday: active needs a sender that can send now (else a 400 on senderCode); an
 * inactive setting keeps its sender only while it can send. The saver becomes the author of the
 * days' shots, and an active setting's next run is enqueued (one per day and hour: the older
 * hour's job finds the setting changed and stops).
 */
export async function saveBirthdaySettings(
  ctx: RequestContext,
  auth: AuthContext,
  body: BirthdaySettingsSave,
  prepared: PreparedHtml,
): Promise<BirthdaySettings> {
  const sender =
    body.senderCode === null ? undefined : await findSendableSender(ctx, String(body.senderCode));
  if (body.active && !sender)
    throw badRequest(SHOT_TEXTS.senderNotActive, { senderCode: [SHOT_TEXTS.senderNotActive] });
  await birthdayRepository.save(
    ctx,
    {
      active: body.active,
      sender_id: sender?.id ?? null,
      subject: body.subject,
      html_content: prepared.html,
      text_content: prepared.text,
      json_content: body.jsonContent === undefined ? null : JSON.stringify(body.jsonContent),
      send_hour: body.sendHour,
    },
    auth.user.id,
  );
  if (body.active) {
    const { day } = nextBirthdayRun(new Date(), body.sendHour);
    await enqueueBirthday(ctx.app, ctx, {
      tenantId: ctx.tenantId,
      tenantSlug: auth.tenant.slug,
      day,
      hour: body.sendHour,
    });
  }
  return present(await birthdayRepository.find(ctx));
}
