import { describe, expect, it } from 'vitest';
import { PENDING_PASSWORD_HOURS } from '../common/constants.ts';
import { PASSWORD_EMAIL } from './password-email.ts';

describe('password e-mail', () => {
  const fields = {
    name: 'Ana',
    tenantSlug: 'demo',
    email: 'ana@example.com',
    password: 'Xy7-kq',
    loginUrl: 'https://app.mandato.test/login',
  };

  it('says why, where and what, and how long the new password waits', () => {
    const text = PASSWORD_EMAIL.text({ ...fields, reason: 'reset' });
    const lines = text.split('\n');
    expect(lines.slice(0, 7)).toEqual([
      'Olá, Ana!',
      '',
      'Um administrador redefiniu a sua senha no Mandato.',
      '',
      'Domínio: demo',
      'E-mail: ana@example.com',
      'Nova senha: Xy7-kq',
    ]);
    expect(text).toContain('Entre em https://app.mandato.test/login e troque a senha em "Meu Perfil".');
    expect(text).toContain(`A nova senha vale por ${PENDING_PASSWORD_HOURS} horas.`);
    expect(lines.at(-1)).toBe('Se você não pediu uma nova senha, ignore este e-mail.');
    expect(PASSWORD_EMAIL.text({ ...fields, reason: 'forgot' })).toContain(PASSWORD_EMAIL.intro.forgot);
    expect(PASSWORD_EMAIL.subject).toBe('Mandato — sua nova senha');
  });
});
