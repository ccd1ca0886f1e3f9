import { PASSWORD_EMAIL, PENDING_PASSWORD_HOURS } from '@mandato/domain';
import { z } from 'zod';
import type { AppContext } from '../../platform/app-context.ts';
import { clientHash, generatePassword, hashPassword } from '../../platform/auth/password.ts';
import { withTenant } from '../../platform/db/tenancy.ts';
import { defineQueue, rowId } from '../../platform/jobs/queue.ts';
import { usersRepository } from './users.repository.ts';

/** Short jobs (one e-mail each) that someone waits for: a few side by side. */
export const passwordEmailQueue = defineQueue({
  name: 'users.password-email',
  payload: z.object({
    tenantId: rowId,
    tenantSlug: z.string().min(1),
    userCode: z.guid(),
    reason: z.enum(['forgot', 'reset']),
  }),
  concurrency: 4,
});
export type PasswordEmailJob = z.infer<typeof passwordEmailQueue.payload>;

/** Names the e-mailed password in the outbox, so its stored copy goes once it is used. */
export const pendingPasswordSecret = (userCode: string) => `password:${userCode}`;

/**
 * E-mails a fresh password (forgot-password and an admin's reset). It is pending: the current
 * password keeps working until this one is first used (nobody locks a user out by asking). Made
 * here, inside the job, so it never sits in the queue table; a rerun issues another one.
 */
export function passwordEmailHandler(app: AppContext) {
  return async (job: PasswordEmailJob) => {
    const password = generatePassword();
    const passwordHash = await hashPassword(clientHash(password));
    const expiresAt = new Date(Date.now() + PENDING_PASSWORD_HOURS * 3600_000);
    const secret = pendingPasswordSecret(job.userCode);
    const user = await withTenant(app.db, job.tenantId, async (ctx) => {
      const found = await usersRepository.findByCode(ctx, job.userCode);
      if (!found) return undefined;
      await usersRepository.setPendingPassword(ctx, found.id, passwordHash, expiresAt);
      await app.mailer.forgetSecret(ctx, secret); // an earlier one no longer works
      return found;
    });
    if (!user) return; // removed since: nothing to send
    const loginUrl = `${app.config.publicUrl}/login`;
    await app.mailer.send({
      tenantId: job.tenantId,
      to: user.email,
      subject: PASSWORD_EMAIL.subject,
      secret: { key: secret, expiresAt },
      text: PASSWORD_EMAIL.text({
        reason: job.reason,
        name: user.name,
        tenantSlug: job.tenantSlug,
        email: user.email,
        password,
        loginUrl,
      }),
    });
  };
}
