import {
  type ListAnswer,
  type PersonSponsor,
  SPONSOR_MESSAGES,
  type SponsorFormConfig,
  type SponsorFormSave,
  type SponsorLink,
  type SponsorPendingSignUp,
  type SponsorPublicForm,
  type SponsorSignUpAnswer,
} from '@mandato/domain';
import { api } from '../../platform/api/api.ts';

const FORM = '/sys-admin/parameter/godfather-form';

/** GET sys-admin/parameter/godfather-form (ROLE_CONFIG). */
export const getSponsorForm = (signal?: AbortSignal) =>
  api.get<SponsorFormConfig>(FORM, undefined, { signal, errorText: SPONSOR_MESSAGES.fetchConfigError });

/** PUT sys-admin/parameter/godfather-form: title, description, terms (sanitised by the server), fields. */
export const saveSponsorForm = (body: SponsorFormSave) =>
  api.put<SponsorFormConfig>(FORM, body, { debounceMs: 0, errorText: SPONSOR_MESSAGES.saveConfigError });

/** POST …/favicon (multipart `file`): PNG, ICO, JPEG or WebP told by the bytes. */
export function uploadSponsorFavicon(file: File) {
  const form = new FormData();
  form.append('file', file, file.name);
  return api.post<{ faviconUrl: string | null }>(`${FORM}/favicon`, undefined, {
    formData: form,
    debounceMs: 0,
    errorText: SPONSOR_MESSAGES.uploadFailed,
  });
}

export const removeSponsorFavicon = () =>
  api.delete<{ faviconUrl: string | null }>(`${FORM}/favicon`, undefined, { debounceMs: 0 });

/** POST /people/godfather/{id}/invite: the person's link, created on first use. */
export const createSponsorLink = (code: number) =>
  api.post<SponsorLink>(`/people/godfather/${code}/invite`, undefined, {
    debounceMs: 0,
    errorText: SPONSOR_MESSAGES.linkError,
  });

/** GET /people/{id}/sponsor: the person's link and consent evidence. */
export const getPersonSponsor = (code: number, signal?: AbortSignal) =>
  api.get<PersonSponsor>(`/people/${code}/sponsor`, undefined, { signal, notifyError: false });

/** The public page (no session): the tenant by its slug, answers handled by the page. */
export const getPublicSponsorForm = (slug: string, linkId: string, signal?: AbortSignal) =>
  api.get<SponsorPublicForm>(`/people/godfather-form/${encodeURIComponent(linkId)}`, undefined, {
    signal,
    schema: slug,
    auth: false,
    notifyError: false,
    sessionErrors: false,
  });

export const publicSponsorSignUp = (slug: string, linkId: string, body: Record<string, unknown>) =>
  api.post<SponsorSignUpAnswer>(`/people/godfather-form/${encodeURIComponent(linkId)}`, body, {
    schema: slug,
    auth: false,
    debounceMs: 0,
    notifyError: false,
    sessionErrors: false,
  });

const PENDING = '/people/sponsor-sign-ups';

/** GET /people/sponsor-sign-ups: sign-ups of contacts the user sees, waiting (ROLE_CRM). */
export const listPendingSignUps = (query: { page: number; itemsPerPage: number }, signal?: AbortSignal) =>
  api.get<ListAnswer<SponsorPendingSignUp>>(PENDING, query, {
    signal,
    errorText: SPONSOR_MESSAGES.pendingLoadError,
  });

/** POST …/{id}/confirm: merged into the contact (blank fields, godfather, consent, link). */
export const confirmPendingSignUp = (id: number) =>
  api.post<{ personCode: number }>(`${PENDING}/${id}/confirm`, undefined, {
    debounceMs: 0,
    errorText: SPONSOR_MESSAGES.pendingConfirmError,
  });

/** POST …/{id}/discard: dropped, the contact unchanged. */
export const discardPendingSignUp = (id: number) =>
  api.post<{ id: number }>(`${PENDING}/${id}/discard`, undefined, {
    debounceMs: 0,
    errorText: SPONSOR_MESSAGES.pendingDiscardError,
  });
