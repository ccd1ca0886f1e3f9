import { PENDING_PASSWORD_HOURS } from '@mandato/domain';
import type { AppContext } from '../../platform/app-context.ts';
import { clientHash, generatePassword, hashPassword } from '../../platform/auth/password.ts';
import { withTenant } from '../../platform/db/tenancy.ts';
import { usersRepository } from './users.repository.ts';

export const PASSWORD_EMAIL_QUEUE = 'users.password-email';

export interface PasswordEmailJob {
  tenantId: string;
  tenantSlug: string;
  userCode: string;
  reason: 'forgot' | 'reset';
}

/** Names the e-mailed password in the outbox, so its stored copy goes once it is used. */
export const pendingPasswordSecret = (userCode: string) => `password:${userCode}`;

/**
 * E-mails a fresh password (forgot-password and an admin's reset). It is pending: the current
 * password keeps working until this one is first used (nobody locks a user out by asking). Made
 * here, inside the job, so it never sits in the queue table; a rerun issues another one.
 */
export function passwordEmailHandler(app: AppContext) {
  return async (raw: unknown) => {
    const job = raw as PasswordEmailJob;
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
    const intro =
      job.reason === 'forgot'
        ? 'Recebemos um pedido de recuperação de senha para a sua conta no Mandato.'
        : 'Um administrador redefiniu a sua senha no Mandato.';
    await app.mailer.send({
      tenantId: job.tenantId,
      to: user.email,
      subject: 'Mandato — sua nova senha',
      secret: { key: secret, expiresAt },
      text: [
        `Olá, ${user.name}!`,
        '',
        intro,
        '',
        `Domínio: ${job.tenantSlug}`,
        `E-mail: ${user.email}`,
        `Nova senha: ${password}`,
        '',
        `Entre em ${loginUrl} e troque a senha em "Meu Perfil".`,
        `A nova senha vale por ${PENDING_PASSWORD_HOURS} horas. Até você usá-la, a senha atual continua valendo;`,
        'depois do primeiro acesso com a nova, a antiga deixa de funcionar.',
        'Se você não pediu uma nova senha, ignore este e-mail.',
      ].join('\n'),
    });
  };
}
