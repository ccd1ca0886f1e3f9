import { MESSAGES } from '@mandato/domain/plain';
import { isApiError } from '../../platform/api/errors.ts';

/** Generic failure of the recovery form (spec 1 §8 "other: generic failure"). */
export const RECOVERY_FAILED = 'Falha ao tentar recuperar senha';

/** Login errors by status (spec 1 §8). */
export function loginErrorMessage(error: unknown): string {
  if (isApiError(error, 403)) return MESSAGES.loginInactiveDomain;
  if (isApiError(error, 401) || isApiError(error, 404)) return MESSAGES.loginInvalid;
  if (isApiError(error, 429)) return error.body?.message || MESSAGES.tooManyAttempts;
  return MESSAGES.loginFailed;
}

/** Recovery errors by status (spec 1 §8). */
export function recoveryErrorMessage(error: unknown): string {
  if (isApiError(error, 403)) return MESSAGES.loginInactiveDomain;
  if (isApiError(error, 404)) return MESSAGES.recoveryUnknownEmail;
  if (isApiError(error, 429)) return error.body?.message || MESSAGES.tooManyAttempts;
  return RECOVERY_FAILED;
}
