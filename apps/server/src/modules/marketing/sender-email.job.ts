import { createHash, randomBytes } from 'node:crypto';
import { SENDER_EMAIL, SENDER_TOKEN_HOURS, senderConfirmPath } from '@mandato/domain';
import { z } from 'zod';
import type { AppContext } from '../../platform/app-context.ts';
import { withTenant } from '../../platform/db/tenancy.ts';
import { defineQueue, rowId } from '../../platform/jobs/queue.ts';
import { sendersRepository } from './senders.repository.ts';

/** Short jobs (one e-mail each) that someone waits for: a few side by side. */
export const senderEmailQueue = defineQueue({
  name: 'marketing.sender-email',
  payload: z.object({ tenantId: rowId, senderId: rowId }),
  concurrency: 4,
});
export type SenderEmailJob = z.infer<typeof senderEmailQueue.payload>;

/** The stored hash of an activation token (the token itself is only in the e-mail). */
export const senderTokenHash = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/** Names the activation e-mail in the outbox, so its stored copy goes once the link is used. */
export const senderEmailSecret = (senderId: string) => `sender:${senderId}`;

/**
 * E-mails the activation link of a pending sender to its own address (spec 3 §4 'Reenviar', §7.1
 * send-email-token). The token (256 random bits) is made here, inside the job, so it never sits in
 * the queue table; it replaces the previous one (an older link stops working). A sender no longer
 * pending (validated, deactivated, removed) gets nothing.
 */
export function senderEmailHandler(app: AppContext) {
  return async (job: SenderEmailJob) => {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + SENDER_TOKEN_HOURS * 3600_000);
    const secret = senderEmailSecret(job.senderId);
    const sender = await withTenant(app.db, job.tenantId, async (ctx) => {
      const found = await sendersRepository.find(ctx, job.senderId);
      if (found?.status !== 'PENDING_VALIDATION') return undefined;
      if (!(await sendersRepository.setToken(ctx, found.id, senderTokenHash(token), expiresAt)))
        return undefined;
      await app.mailer.forgetSecret(ctx, secret); // the earlier link no longer works
      return found;
    });
    if (!sender) return;
    const email = `${sender.email_prefix}@${sender.domain_name}`;
    const link = `${app.config.publicUrl.replace(/\/+$/, '')}${senderConfirmPath(sender.id, sender.link_id, token)}`;
    await app.mailer.send({
      tenantId: job.tenantId,
      to: email,
      subject: SENDER_EMAIL.subject,
      secret: { key: secret, expiresAt },
      text: SENDER_EMAIL.text({ name: sender.name, email, link, hours: SENDER_TOKEN_HOURS }),
    });
  };
}
