import type { TenantSchema } from '@mandato/domain';
import { typedApi } from '../api/api.ts';

/**
 * GET /api/sys-admin/schemas/{slug}. Anonymous (auth false) answers only slug, code, name and
 * logo; with the bearer of the tenant's session it answers the whole schema.
 */
export function fetchTenantSchema(
  slug: string,
  options: { auth: boolean; token?: string; signal?: AbortSignal },
): Promise<TenantSchema> {
  return typedApi.get('/sys-admin/schemas/{slug}', {
    path: { slug },
    auth: options.auth,
    token: options.token,
    schema: slug,
    signal: options.signal,
    notifyError: false,
  });
}

/** GET /api/auth/verify: checks the session and answers the user with fresh permissions. */
export function verifySession(signal?: AbortSignal) {
  return typedApi.get('/auth/verify', { signal, notifyError: false });
}

export function fetchPlanConsumption(signal?: AbortSignal) {
  return typedApi.get('/sys-admin/plans/consumption', { signal, notifyError: false });
}
