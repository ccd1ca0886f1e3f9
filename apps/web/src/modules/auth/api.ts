import type { LoginAnswer } from '@mandato/domain';
import { normaliseTenantSlug } from '@mandato/domain/plain';
import { api } from '../../platform/api/api.ts';

/** POST /api/auth/login — the tenant goes in X-Schema, the password as SHA-256 hex. */
export function requestLogin(slug: string, email: string, passwordHash: string, signal?: AbortSignal) {
  return api.post<LoginAnswer>(
    '/auth/login',
    { email, password: passwordHash },
    { auth: false, schema: slug, notifyError: false, signal },
  );
}

/** PUT /api/auth/forgot-password */
export function requestPasswordRecovery(slug: string, email: string, signal?: AbortSignal) {
  return api.put<{ sent: boolean }>(
    '/auth/forgot-password',
    { email },
    { auth: false, schema: slug, notifyError: false, signal },
  );
}

/** The slug as typed, trimmed and lower-cased (the domain's tenant slug rule). */
export const normaliseSlug = normaliseTenantSlug;
