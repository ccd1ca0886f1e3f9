import type { PlanConsumption, SessionUser, TenantSchema } from '@mandato/domain';
import { api } from '../api/api.ts';

/**
 * GET /api/sys-admin/schemas/{slug}. Anonymous (auth false) answers only slug, code, name and
 * logo; with the bearer of the tenant's session it answers the whole schema.
 */
export function fetchTenantSchema(
  slug: string,
  options: { auth: boolean; token?: string; signal?: AbortSignal },
): Promise<TenantSchema> {
  return api.get<TenantSchema>(`/sys-admin/schemas/${encodeURIComponent(slug)}`, undefined, {
    auth: options.auth,
    token: options.token,
    schema: slug,
    signal: options.signal,
    notifyError: false,
  });
}

/** GET /api/auth/verify: checks the session and answers the user with fresh permissions. */
export function verifySession(signal?: AbortSignal): Promise<{ user: SessionUser }> {
  return api.get<{ user: SessionUser }>('/auth/verify', undefined, { signal, notifyError: false });
}

export function fetchPlanConsumption(signal?: AbortSignal): Promise<PlanConsumption> {
  return api.get<PlanConsumption>('/sys-admin/plans/consumption', undefined, { signal, notifyError: false });
}
