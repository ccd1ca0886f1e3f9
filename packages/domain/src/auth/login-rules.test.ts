import '../common/zod-locale.ts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MESSAGES } from '../common/messages.ts';
import {
  AUTH_FIELD_MESSAGES,
  EMAIL_PATTERN,
  emailProblem,
  passwordProblem,
  tenantDomainProblem,
} from './login-rules.ts';
import { EmailSchema, LoginFormSchema, RecoveryFormSchema } from './schemas.ts';

const firstMessage = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
};

describe('login rules (plain, no zod)', () => {
  it("uses zod's own e-mail pattern", () => {
    expect(EMAIL_PATTERN.source).toBe(z.regexes.email.source);
    expect(EMAIL_PATTERN.flags).toBe(z.regexes.email.flags);
  });

  it('gives the domain messages in the order the fields show them', () => {
    expect(tenantDomainProblem('')).toBe(MESSAGES.required);
    expect(tenantDomainProblem('   ')).toBe(MESSAGES.required);
    expect(tenantDomainProblem('de mo')).toBe(MESSAGES.noSpaces);
    expect(tenantDomainProblem('de\u0000mo')).toBe(MESSAGES.controlCharacters);
    expect(tenantDomainProblem(' demo ')).toBeUndefined();
  });

  it('checks e-mails like EmailSchema', () => {
    const samples = [
      '',
      '  ',
      'nao-e-email',
      'a@b.co',
      ' admin@demo.mandato.app ',
      'a b@c.de',
      `${'a'.repeat(250)}@b.co`,
    ];
    for (const value of samples) expect(emailProblem(value), value).toBe(firstMessage(EmailSchema, value));
    expect(emailProblem('nao-e-email')).toBe(AUTH_FIELD_MESSAGES.invalidEmail);
    expect(emailProblem(`${'a'.repeat(250)}@b.co`)).toBe(AUTH_FIELD_MESSAGES.emailTooLong);
  });

  it('checks the typed password', () => {
    expect(passwordProblem('')).toBe(MESSAGES.required);
    expect(passwordProblem('mandato 123')).toBe(MESSAGES.noSpaces);
    expect(passwordProblem('mandato123')).toBeUndefined();
  });

  it('are the rules of LoginFormSchema and RecoveryFormSchema', () => {
    const login = LoginFormSchema.shape;
    for (const value of ['', ' ', 'de mo', 'demo', ' demo ']) {
      expect(firstMessage(login.schema, value)).toBe(tenantDomainProblem(value));
      expect(firstMessage(RecoveryFormSchema.shape.schema, value)).toBe(tenantDomainProblem(value));
    }
    for (const value of ['', 'x', 'a@b.co']) {
      expect(firstMessage(login.email, value)).toBe(emailProblem(value));
      expect(firstMessage(RecoveryFormSchema.shape.email, value)).toBe(emailProblem(value));
    }
    expect(firstMessage(login.password, 'a b')).toBe(MESSAGES.noSpaces);
    expect(firstMessage(login.password, undefined)).toBe(MESSAGES.required);
    expect(LoginFormSchema.parse({ schema: ' demo ', email: ' a@b.co ', password: 'x' })).toEqual({
      schema: 'demo',
      email: 'a@b.co',
      password: 'x',
    });
  });
});
