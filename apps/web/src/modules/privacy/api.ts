import { type PrivacyRequestCreate, PRIVACY_WEB_TEXTS as T } from '@mandato/domain';
import { typedApi } from '../../platform/api/api.ts';
import type {
  AccessFileFormat,
  DuplicatesPage,
  MergeHistoryPage,
  MergeRequest,
  Paged,
  PersonPrivacy,
  PrivacyRequestRow,
  RequestStatus,
} from './privacyTypes.ts';

export interface RequestsQuery {
  page: number;
  itemsPerPage: number;
  status?: RequestStatus;
}

export interface PageQuery {
  page: number;
  itemsPerPage: number;
}

/** GET /api/privacy/requests: overdue first, then by due date. */
export const listPrivacyRequests = (
  query: RequestsQuery,
  signal?: AbortSignal,
): Promise<Paged<PrivacyRequestRow>> =>
  typedApi.get('/privacy/requests', { query, signal, errorText: T.requestsLoadError });

/** POST /api/privacy/requests */
export const createPrivacyRequest = (body: PrivacyRequestCreate) =>
  typedApi.post('/privacy/requests', { body, errorText: T.saveError, debounceMs: 0 });

/** POST /api/privacy/requests/{code}/fulfil?format=: the access or portability file. */
export const downloadAccessFile = (code: number | string, format: AccessFileFormat) =>
  typedApi.postBlob('/privacy/requests/{code}/fulfil', {
    path: { code },
    query: { format },
    errorText: T.fulfilError,
    debounceMs: 0,
  });

/** POST /api/privacy/requests/{code}/fulfil: anonymises or deletes the person (or closes the request). */
export const fulfilPrivacyRequest = (code: number | string) =>
  typedApi.post('/privacy/requests/{code}/fulfil', {
    path: { code },
    errorText: T.fulfilError,
    debounceMs: 0,
  });

/** GET /api/people/duplicates: candidate groups, best score first. */
export const listDuplicates = (query: PageQuery, signal?: AbortSignal): Promise<DuplicatesPage> =>
  typedApi.get('/people/duplicates', { query, signal, errorText: T.duplicatesLoadError });

/** POST /api/people/merge */
export const mergePeople = (body: MergeRequest) =>
  typedApi.post('/people/merge', { body, errorText: T.mergeError, debounceMs: 0 });

/** POST /api/people/merge/{code}/undo (within 30 days). */
export const undoMerge = (code: number | string) =>
  typedApi.post('/people/merge/{code}/undo', { path: { code }, errorText: T.undoError, debounceMs: 0 });

/** GET /api/people/merges: the merges of the last 30 days, newest first. */
export const listMerges = (query: PageQuery, signal?: AbortSignal): Promise<MergeHistoryPage> =>
  typedApi.get('/people/merges', { query, signal, errorText: T.mergesLoadError });

/** GET /api/people/{code}/privacy: consents and opt-outs of the person. */
export const getPersonPrivacy = (code: number, signal?: AbortSignal): Promise<PersonPrivacy> =>
  typedApi.get('/people/{code}/privacy', { path: { code }, signal, notifyError: false });
