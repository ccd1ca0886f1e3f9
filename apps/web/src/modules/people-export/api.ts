import {
  type FilterExpression,
  PEOPLE_EXPORT_TEXTS,
  type PeopleExportFormat,
  type PeopleExportsQuery,
  type PeopleExportType,
} from '@mandato/domain';
import { typedApi } from '../../platform/api/api.ts';

/** What the people screen and the export page send (spec 2 §3 "Export payload": expression, type). */
export interface PeopleExportRequest {
  type: PeopleExportType;
  expression: FilterExpression;
  segmentCode?: number;
  /** CSV unless XLSX is asked for */
  format?: PeopleExportFormat;
}

/** POST /people/search/export: the CSV or XLSX of the expression, as a file (exportacao.csv/.xlsx). */
export const exportPeople = (body: PeopleExportRequest) =>
  typedApi.postBlob('/people/search/export', {
    body,
    errorText: PEOPLE_EXPORT_TEXTS.error,
    debounceMs: 0,
  });

/** GET /people/exports: the 'Histórico de Exportações' of a list type, newest first. */
export const listPeopleExports = (
  query: Pick<PeopleExportsQuery, 'page' | 'itemsPerPage'> & { type: PeopleExportType },
  signal?: AbortSignal,
) =>
  typedApi.get('/people/exports', {
    query,
    signal,
    errorText: PEOPLE_EXPORT_TEXTS.historyError,
  });
