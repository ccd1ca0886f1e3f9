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

/**
 * Sets a fresh password and e-mails it (forgot-password and an admin's reset). The password is made
 * here, inside the job, so it never sits in the queue table. Rerunning it just issues another one.
 */
export function passwordEmailHandler(app: AppContext) {
  return async (raw: unknown) => {
    const job = raw as PasswordEmailJob;
    const password = generatePassword();
    const passwordHash = await hashPassword(clientHash(password));
    const user = await withTenant(app.db, job.tenantId, async (ctx) => {
      const found = await usersRepository.findByCode(ctx, job.userCode);
      if (found) await usersRepository.updatePassword(ctx, found.id, passwordHash, true);
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
      ].join('\n'),
    });
  };
}
