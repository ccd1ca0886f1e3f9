import { PENDING_PASSWORD_HOURS } from '../common/constants.ts';

/** Why a new password is e-mailed: the user asked (forgot-password) or an admin reset it. */
export type PasswordEmailReason = 'forgot' | 'reset';

export interface PasswordEmailFields {
  reason: PasswordEmailReason;
  name: string;
  tenantSlug: string;
  email: string;
  password: string;
  /** the web app's login page */
  loginUrl: string;
}

const INTRO: Record<PasswordEmailReason, string> = {
  forgot: 'Recebemos um pedido de recuperação de senha para a sua conta no Mandato.',
  reset: 'Um administrador redefiniu a sua senha no Mandato.',
};

/** The e-mail that carries a new password (plain text). */
export const PASSWORD_EMAIL = {
  subject: 'Mandato — sua nova senha',
  intro: INTRO,
  text: (f: PasswordEmailFields): string =>
    [
      `Olá, ${f.name}!`,
      '',
      INTRO[f.reason],
      '',
      `Domínio: ${f.tenantSlug}`,
      `E-mail: ${f.email}`,
      `Nova senha: ${f.password}`,
      '',
      `Entre em ${f.loginUrl} e troque a senha em "Meu Perfil".`,
      `A nova senha vale por ${PENDING_PASSWORD_HOURS} horas. Até você usá-la, a senha atual continua valendo;`,
      'depois do primeiro acesso com a nova, a antiga deixa de funcionar.',
      'Se você não pediu uma nova senha, ignore este e-mail.',
    ].join('\n'),
} as const;
