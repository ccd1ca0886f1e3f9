import { SPONSOR_MESSAGES, type SponsorFormSave } from '@mandato/domain';
import { typedApi } from '../../platform/api/api.ts';
import type { BodyOf } from '../../platform/api/typedClient.ts';

const FORM = '/sys-admin/parameter/godfather-form';

/** GET sys-admin/parameter/godfather-form (ROLE_CONFIG). */
export const getSponsorForm = (signal?: AbortSignal) =>
  typedApi.get(FORM, { signal, errorText: SPONSOR_MESSAGES.fetchConfigError });

/** PUT sys-admin/parameter/godfather-form: title, description, terms (sanitised by the server), fields. */
export const saveSponsorForm = (body: SponsorFormSave) =>
  typedApi.put(FORM, { body, debounceMs: 0, errorText: SPONSOR_MESSAGES.saveConfigError });

/** POST …/favicon (multipart `file`): PNG, ICO, JPEG or WebP told by the bytes. */
export function uploadSponsorFavicon(file: File) {
  const form = new FormData();
  form.append('file', file, file.name);
  return typedApi.upload(`${FORM}/favicon`, form, {
    debounceMs: 0,
    errorText: SPONSOR_MESSAGES.uploadFailed,
  });
}

export const removeSponsorFavicon = () => typedApi.delete(`${FORM}/favicon`, { debounceMs: 0 });

/** POST /people/godfather/{id}/invite: the person's link, created on first use. */
export const createSponsorLink = (code: number) =>
  typedApi.post('/people/godfather/{id}/invite', {
    path: { id: code },
    debounceMs: 0,
    errorText: SPONSOR_MESSAGES.linkError,
  });

/** GET /people/{id}/sponsor: the person's link and consent evidence. */
export const getPersonSponsor = (code: number, signal?: AbortSignal) =>
  typedApi.get('/people/{id}/sponsor', { path: { id: code }, signal, notifyError: false });

/** The public page (no session): the tenant by its slug, answers handled by the page. */
const PUBLIC = { auth: false, notifyError: false, sessionErrors: false } as const;

export const getPublicSponsorForm = (slug: string, linkId: string, signal?: AbortSignal) =>
  typedApi.get('/people/godfather-form/{id}', { path: { id: linkId }, signal, schema: slug, ...PUBLIC });

/** The form's fields are the tenant's choice (and a honeypot): built as a record, checked by the server. */
export const publicSponsorSignUp = (slug: string, linkId: string, body: Record<string, unknown>) =>
  typedApi.post('/people/godfather-form/{id}', {
    path: { id: linkId },
    body: body as BodyOf<'post', '/people/godfather-form/{id}'>,
    schema: slug,
    debounceMs: 0,
    ...PUBLIC,
  });

const PENDING = '/people/sponsor-sign-ups';

/** GET /people/sponsor-sign-ups: sign-ups of contacts the user sees, waiting (ROLE_CRM). */
export const listPendingSignUps = (query: { page: number; itemsPerPage: number }, signal?: AbortSignal) =>
  typedApi.get(PENDING, { query, signal, errorText: SPONSOR_MESSAGES.pendingLoadError });

/** POST …/{id}/confirm: merged into the contact (blank fields, godfather, consent, link). */
export const confirmPendingSignUp = (id: number) =>
  typedApi.post(`${PENDING}/{id}/confirm`, {
    path: { id },
    debounceMs: 0,
    errorText: SPONSOR_MESSAGES.pendingConfirmError,
  });

/** POST …/{id}/discard: dropped, the contact unchanged. */
export const discardPendingSignUp = (id: number) =>
  typedApi.post(`${PENDING}/{id}/discard`, {
    path: { id },
    debounceMs: 0,
    errorText: SPONSOR_MESSAGES.pendingDiscardError,
  });
