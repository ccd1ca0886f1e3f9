/** The login and password-recovery pages' texts (spec 1 §2); zod-free: the login page is the first bundle. */
export const LOGIN_TEXTS = {
  title: 'Acesse sua conta',
  domain: 'Domínio',
  email: 'E-mail',
  password: 'Senha',
  remember: 'Lembrar-me',
  forgot: 'Esqueci minha senha',
  submit: 'Entrar',
} as const;

export const RECOVERY_TEXTS = {
  title: 'Recuperar senha',
  domain: LOGIN_TEXTS.domain,
  email: LOGIN_TEXTS.email,
  submit: 'Recuperar Senha',
  back: 'Voltar para login',
} as const;
