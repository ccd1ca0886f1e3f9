import { LOGO_MESSAGES, type LogoAnswer, MESSAGES, type PlanConsumption } from '@mandato/domain';
import { api } from '../../platform/api/api.ts';

/** GET /api/sys-admin/plans/consumption: users and people used of the plan. */
export const getPlanConsumption = (signal?: AbortSignal) =>
  api.get<PlanConsumption>('/sys-admin/plans/consumption', undefined, {
    signal,
    errorText: MESSAGES.consumptionError,
  });

/** POST /api/sys-admin/schemas/{slug}/upload-logo: the account logo (PNG, JPEG or WebP, 2 MB). */
export function uploadLogo(slug: string, file: File) {
  const form = new FormData();
  form.append('file', file, file.name);
  return api.post<LogoAnswer>(`/sys-admin/schemas/${encodeURIComponent(slug)}/upload-logo`, undefined, {
    formData: form,
    debounceMs: 0,
    errorText: LOGO_MESSAGES.uploadFailed,
  });
}
