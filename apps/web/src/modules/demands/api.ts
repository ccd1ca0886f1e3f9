import {
  DEMAND_TEXTS,
  type Demand,
  type DemandCreateInput,
  type DemandDetail,
  type DemandFile,
  type DemandStatus,
  type ListAnswer,
} from '@mandato/domain';
import { api } from '../../platform/api/api.ts';

export interface DemandsListQuery {
  page: number;
  itemsPerPage: number;
}

/** GET /api/demands (spec 3 §7.3): total and the page, newest first. */
export const listDemands = (query: DemandsListQuery, signal?: AbortSignal) =>
  api.get<ListAnswer<Demand>>('/demands', { ...query }, { signal, notifyError: false });

/** GET /api/demands/{code}: the demand and its status history. */
export const getDemand = (code: number, signal?: AbortSignal) =>
  api.get<DemandDetail>(`/demands/${code}`, undefined, { signal, errorText: DEMAND_TEXTS.notFound });

/** POST /api/demands */
export const createDemand = (payload: DemandCreateInput) =>
  api.post<DemandDetail>('/demands', payload, { errorText: DEMAND_TEXTS.saveError, debounceMs: 0 });

/** POST /api/demands/{code}/status */
export const changeDemandStatus = (code: number, status: DemandStatus) =>
  api.post<DemandDetail>(
    `/demands/${code}/status`,
    { status },
    { errorText: DEMAND_TEXTS.statusError, debounceMs: 0 },
  );

/** POST /api/demands/{code}/files: one attachment (multipart `file`). */
export function uploadDemandFile(code: number, file: File) {
  const form = new FormData();
  form.append('file', file, file.name);
  return api.post<DemandFile>(`/demands/${code}/files`, undefined, {
    formData: form,
    debounceMs: 0,
    errorText: DEMAND_TEXTS.uploadError,
  });
}

/** GET /api/demand-files/{name}: the stored file, as a Blob. */
export const downloadDemandFile = (name: string) =>
  api.get<Blob>(`/demand-files/${encodeURIComponent(name)}`, undefined, {
    responseType: 'blob',
    errorText: DEMAND_TEXTS.fileNotFound,
    debounceMs: 0,
  });
