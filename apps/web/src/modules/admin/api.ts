import { LOGO_MESSAGES, MESSAGES } from '@mandato/domain';
import { typedApi } from '../../platform/api/api.ts';

/** GET /api/sys-admin/plans/consumption: users and people used of the plan. */
export const getPlanConsumption = (signal?: AbortSignal) =>
  typedApi.get('/sys-admin/plans/consumption', { signal, errorText: MESSAGES.consumptionError });

/** POST /api/sys-admin/schemas/{slug}/upload-logo: the account logo (PNG, JPEG or WebP, 2 MB). */
export function uploadLogo(slug: string, file: File) {
  const form = new FormData();
  form.append('file', file, file.name);
  return typedApi.upload('/sys-admin/schemas/{slug}/upload-logo', form, {
    path: { slug },
    debounceMs: 0,
    errorText: LOGO_MESSAGES.uploadFailed,
  });
}
