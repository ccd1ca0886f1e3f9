import { composeSms, type MergeValues, type QuietHours, quietUntil, SMS_TEXTS } from '@mandato/domain';
import { withTenant } from '../../platform/db/tenancy.ts';
import { SmsSendError } from '../../platform/sms/sms-transport.ts';
import { type DispatchDeps, errorText, retryOrFail, type ShotChannelSender } from './shot-channel.ts';
import type { SendOutcome } from './shot-dispatch.repository.ts';
import { smsSettingsOf } from './sms-settings.service.ts';

export interface SmsTemplate {
  tenantId: string;
  shotId: string;
  /** what every SMS of the shot starts with: the one frozen with it, else the tenant's now */
  identification: string;
  /** the shot's text, merge tags not filled */
  content: string;
  /** the tenant's quiet hours in effect when the lane run started */
  quiet: QuietHours;
}

/**
 * SMS shots: the tenant's identification and the shot's content, merge tags filled per recipient
 * (`composeSms`), through the SMS transport (the provider's API or the outbox) with the recipient's
 * link id as the idempotency key, so a send repeated after a time-out or a kill is one message. No
 * SMS goes out in the quiet hours: the batch waits for their end. A refusal (4xx) is FAILED at once;
 * 429, 5xx and no answer are retried, never sooner than the provider's Retry-After.
 */
export function smsChannel(deps: DispatchDeps, retryDelaysSeconds: number[]): ShotChannelSender<SmsTemplate> {
  return {
    async prepare(tenantId, shot) {
      const settings = await withTenant(deps.db, tenantId, (ctx) =>
        smsSettingsOf(ctx, deps.config.sms.quietHours),
      );
      // the identification the freeze counted and debited the messages with (issue 39)
      const identification = shot.sms_identification ?? settings.identification;
      if (!identification) return { errorReason: SMS_TEXTS.notConfigured };
      return {
        template: {
          tenantId,
          shotId: shot.id,
          identification,
          content: shot.content ?? '',
          quiet: settings.quiet,
        },
      };
    },

    async gate(_ctx, template) {
      const until = quietUntil(new Date(), template.quiet);
      return until ? { pauseUntil: until } : { go: true };
    },

    async send(template, r) {
      const text = composeSms(template.identification, template.content, r.merge as MergeValues, new Date());
      return deps.smsTransport
        .send({
          to: r.address,
          text,
          idempotencyKey: r.link_id,
          trace: { tenantId: template.tenantId, shotId: template.shotId, recipientId: r.id },
        })
        .then(
          (result): SendOutcome => ({
            kind: 'sent',
            response: result.response,
            delivered: result.delivered,
            providerMessageId: result.providerMessageId,
          }),
          (error: unknown) => smsFailure(error, r.attempts, retryDelaysSeconds),
        );
    },
  };
}

/** A failed SMS: refused (permanent) FAILED at once; otherwise retried, FAILED after the last attempt. */
export function smsFailure(error: unknown, attempts: number, delays: number[]): SendOutcome {
  const response = errorText(error);
  if (error instanceof SmsSendError && error.permanent) return { kind: 'failed', response };
  const notBefore = error instanceof SmsSendError ? error.retryAfterMs : undefined;
  return retryOrFail(response, attempts, delays, notBefore);
}
