import { AMENDMENT_TEXTS, type AmendmentSave, type AmendmentStatus } from '@mandato/domain';
import { typedApi } from '../../platform/api/api.ts';

/** The filters of the amendments screen, as the query sends them (spec 3 §7.2). */
export interface AmendmentFilters {
  title?: string;
  receiver?: string;
  status?: AmendmentStatus;
  year?: number;
  contact?: number;
}

export interface AmendmentPageQuery extends AmendmentFilters {
  page: number;
  itemsPerPage: number;
}

export const AMENDMENT_EXPORT_FILE = 'emendas.csv';

/** Only the filters that are set (the query string has no empty keys). */
const queryOf = (f: AmendmentFilters) => ({
  ...(f.title ? { title: f.title } : {}),
  ...(f.receiver ? { receiver: f.receiver } : {}),
  ...(f.status ? { status: f.status } : {}),
  ...(f.year !== undefined ? { year: String(f.year) } : {}),
  ...(f.contact !== undefined ? { contact: String(f.contact) } : {}),
});

/** GET /api/amendment/list: a page plus the count and exact sum of the filtered rows. */
export const listAmendments = (query: AmendmentPageQuery, signal?: AbortSignal) =>
  typedApi.get('/amendment/list', {
    query: { ...queryOf(query), page: query.page, itemsPerPage: query.itemsPerPage },
    signal,
    errorText: AMENDMENT_TEXTS.listError,
  });

/** POST /api/amendment/save (no code: new). */
export const saveAmendment = (payload: AmendmentSave) =>
  typedApi.post('/amendment/save', { body: payload, errorText: AMENDMENT_TEXTS.saveError, debounceMs: 0 });

/** POST /api/amendment/delete/{code} */
export const removeAmendment = (code: number) =>
  typedApi.post('/amendment/delete/{code}', {
    path: { code },
    errorText: AMENDMENT_TEXTS.removeError,
    debounceMs: 0,
  });

/** GET /api/amendment/export: the filtered rows as CSV (saved by the browser). */
export const exportAmendments = (filters: AmendmentFilters) =>
  typedApi.getBlob('/amendment/export', {
    query: queryOf(filters),
    errorText: AMENDMENT_TEXTS.exportError,
    debounceMs: 0,
  });

/** GET /api/geo/municipalities?q= (the offline list): at most 20, name + UF. */
export const searchMunicipalities = (q: string, signal?: AbortSignal) =>
  typedApi.get('/geo/municipalities', { query: { q }, signal, notifyError: false, debounceMs: 0 });
