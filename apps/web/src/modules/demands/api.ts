import { DEMAND_TEXTS, type DemandCreateInput, type DemandStatus } from '@mandato/domain';
import { typedApi } from '../../platform/api/api.ts';

export interface DemandsListQuery {
  page: number;
  itemsPerPage: number;
}

/** GET /api/demands (spec 3 §7.3): total and the page, newest first. */
export const listDemands = (query: DemandsListQuery, signal?: AbortSignal) =>
  typedApi.get('/demands', { query, signal, notifyError: false });

/** GET /api/demands/{code}: the demand and its status history. */
export const getDemand = (code: number, signal?: AbortSignal) =>
  typedApi.get('/demands/{code}', { path: { code }, signal, errorText: DEMAND_TEXTS.notFound });

/** POST /api/demands */
export const createDemand = (payload: DemandCreateInput) =>
  typedApi.post('/demands', { body: payload, errorText: DEMAND_TEXTS.saveError, debounceMs: 0 });

/** POST /api/demands/{code}/status */
export const changeDemandStatus = (code: number, status: DemandStatus) =>
  typedApi.post('/demands/{code}/status', {
    path: { code },
    body: { status },
    errorText: DEMAND_TEXTS.statusError,
    debounceMs: 0,
  });

/** POST /api/demands/{code}/files: one attachment (multipart `file`). */
export function uploadDemandFile(code: number, file: File) {
  const form = new FormData();
  form.append('file', file, file.name);
  return typedApi.upload('/demands/{code}/files', form, {
    path: { code },
    debounceMs: 0,
    errorText: DEMAND_TEXTS.uploadError,
  });
}

/** GET /api/demand-files/{name}: the stored file, as a Blob. */
export const downloadDemandFile = (name: string) =>
  typedApi.getBlob('/demand-files/{name}', {
    path: { name },
    errorText: DEMAND_TEXTS.fileNotFound,
    debounceMs: 0,
  });
