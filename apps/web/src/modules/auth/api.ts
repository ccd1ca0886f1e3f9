import { normaliseTenantSlug } from '@mandato/domain/plain';
import { typedApi } from '../../platform/api/api.ts';

/** POST /api/auth/login — the tenant goes in X-Schema, the password as SHA-256 hex. */
export function requestLogin(slug: string, email: string, passwordHash: string, signal?: AbortSignal) {
  return typedApi.post('/auth/login', {
    body: { email, password: passwordHash },
    auth: false,
    schema: slug,
    notifyError: false,
    signal,
  });
}

/** PUT /api/auth/forgot-password */
export function requestPasswordRecovery(slug: string, email: string, signal?: AbortSignal) {
  return typedApi.put('/auth/forgot-password', {
    body: { email },
    auth: false,
    schema: slug,
    notifyError: false,
    signal,
  });
}

/** The slug as typed, trimmed and lower-cased (the domain's tenant slug rule). */
export const normaliseSlug = normaliseTenantSlug;
