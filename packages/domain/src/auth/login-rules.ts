import { hasControlCharacters } from '../common/control-characters.ts';
import { MESSAGES } from '../common/messages.ts';

/**
 * The rules of the login and recovery forms as plain functions (no zod): the web app's login route,
 * its first bundle, checks its fields with them, and LoginFormSchema/RecoveryFormSchema (schemas.ts)
 * are built from them, so each rule is written once. Each returns the message the field shows, or
 * undefined when the value passes.
 */
export const EMAIL_MAX_LENGTH = 254;
export const AUTH_FIELD_MESSAGES = {
  emailTooLong: 'E-mail muito longo',
  invalidEmail: 'E-mail inválido',
} as const;

/** zod's `z.email()` pattern (`z.regexes.email`, checked equal in login-rules.test.ts). */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;

const hasSpace = (value: string): boolean => /\s/.test(value);

/** 'Domínio': no control characters, not blank, no spaces once trimmed. */
export function tenantDomainProblem(value: string): string | undefined {
  if (hasControlCharacters(value)) return MESSAGES.controlCharacters;
  const trimmed = value.trim();
  if (!trimmed) return MESSAGES.required;
  if (hasSpace(trimmed)) return MESSAGES.noSpaces;
  return undefined;
}

/** 'E-mail': trimmed, not blank, at most 254 characters, an e-mail address. */
export function emailProblem(value: string): string | undefined {
  const trimmed = value.trim();
  if (!trimmed) return MESSAGES.required;
  if (trimmed.length > EMAIL_MAX_LENGTH) return AUTH_FIELD_MESSAGES.emailTooLong;
  if (!EMAIL_PATTERN.test(trimmed)) return AUTH_FIELD_MESSAGES.invalidEmail;
  return undefined;
}

/** 'Senha' as typed (hashed before it is sent): not empty, no spaces. */
export function passwordProblem(value: string): string | undefined {
  if (!value) return MESSAGES.required;
  if (hasSpace(value)) return MESSAGES.noSpaces;
  return undefined;
}
