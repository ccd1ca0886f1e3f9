import { type MergeValues, SHOT_TEXTS } from '@mandato/domain';
import { SHOT_RATE_DEFAULTS } from '../../platform/config/config.ts';
import { withTenant } from '../../platform/db/tenancy.ts';
import { SendThrottle } from '../../platform/mail/send-throttle.ts';
import { ShotSendError } from '../../platform/mail/shot-transport.ts';
import { findSendableSender, openDkimKey, shotLinkKey } from '../marketing/marketing.lookup.ts';
import { type DispatchDeps, errorText, retryOrFail, type ShotChannelSender } from './shot-channel.ts';
import type { SendOutcome } from './shot-dispatch.repository.ts';
import { type ShotLinks, shotLinks } from './shot-links.ts';
import { buildShotMessage, type ShotTemplate } from './shot-message.ts';

export type EmailTemplate = ShotTemplate & { senderId: string; links: ShotLinks };

/**
 * E-mail shots: from the shot's sender (checked before every batch: one deactivated mid-shot ends the
 * shot in ERROR), DKIM-signed by its domain, throttled per tenant and per receiving domain, through
 * the shot transport (pooled SMTP or the outbox). 5xx bounced; 4xx or no answer retried.
 */
export function emailChannel(
  deps: DispatchDeps,
  retryDelaysSeconds: number[],
): ShotChannelSender<EmailTemplate> {
  const throttle = new SendThrottle(deps.config.marketing.shotRates ?? SHOT_RATE_DEFAULTS);
  return {
    async prepare(tenantId, shot) {
      const sender = shot.sender_id
        ? await withTenant(deps.db, tenantId, (ctx) => findSendableSender(ctx, shot.sender_id as string))
        : undefined;
      if (!sender) return { errorReason: SHOT_TEXTS.errorSenderInactive };
      // the key is opened outside the transaction, once per lane run
      const dkimPrivateKey = await openDkimKey(deps, tenantId, sender);
      const links = shotLinks(deps.config.publicUrl, await shotLinkKey(deps));
      return {
        template: {
          tenantId,
          shotId: shot.id,
          senderId: sender.id,
          subject: shot.subject ?? '',
          html: shot.html_content ?? '',
          text: shot.text_content ?? '',
          sender: {
            name: sender.name,
            email: sender.email,
            domainName: sender.domainName,
            dkimSelector: sender.dkimSelector,
          },
          dkimPrivateKey,
          mandate: shot.tenant_name,
          links,
        },
      };
    },

    async gate(ctx, template) {
      return (await findSendableSender(ctx, template.senderId))
        ? { go: true }
        : { errorReason: SHOT_TEXTS.errorSenderInactive };
    },

    async send(template, r) {
      await throttle.take(template.tenantId, r.address.slice(r.address.lastIndexOf('@') + 1));
      const message = buildShotMessage(
        template,
        { id: r.id, linkId: r.link_id, address: r.address, merge: r.merge as MergeValues },
        template.links,
        new Date(),
      );
      return deps.shotTransport.send(message).then(
        (result): SendOutcome => ({ kind: 'sent', response: result.response, delivered: result.delivered }),
        (error: unknown) => emailFailure(error, r.attempts, retryDelaysSeconds),
      );
    },
  };
}

/** A failed e-mail: 5xx bounced; 4xx or no answer retried later, FAILED after the last attempt. */
export function emailFailure(error: unknown, attempts: number, delays: number[]): SendOutcome {
  const response = error instanceof ShotSendError ? (error.response ?? error.message) : errorText(error);
  if (error instanceof ShotSendError && error.permanent) return { kind: 'bounced', response };
  return retryOrFail(response, attempts, delays);
}
