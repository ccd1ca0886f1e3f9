import { isApiError } from '../../api/errors.ts';

/** The `{field: [messages]}` errors of a 400 answer, to show on the form. */
export function serverFieldErrors(error: unknown): Record<string, string[]> {
  if (!isApiError(error, 400)) return {};
  const errors = error.body?.errors;
  if (!errors || typeof errors !== 'object' || Array.isArray(errors)) return {};
  const out: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(errors)) {
    out[field] = Array.isArray(messages) ? messages : [messages];
  }
  return out;
}
