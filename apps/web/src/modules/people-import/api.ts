import { IMPORT_MESSAGES, IMPORT_PAGE_TEXTS, type ImportType, type UpdateBehavior } from '@mandato/domain';
import { typedApi } from '../../platform/api/api.ts';

/** POST /people/import: multipart with the file and the JSON part `data` ({updateBehavior, type}). */
export function startImport(
  file: File,
  updateBehavior: UpdateBehavior,
  type: ImportType,
  signal?: AbortSignal,
) {
  const form = new FormData();
  form.append('data', JSON.stringify({ updateBehavior, type }));
  form.append('file', file, file.name);
  // the modal shows every failure itself (inconsistencies table or the generic alert)
  return typedApi.upload('/people/import', form, { signal, notifyError: false, debounceMs: 0 });
}

/** GET /people/imports: 'Histórico de Importações', newest first, 30 a page. */
export const listImports = (query: { page: number; itemsPerPage: number }, signal?: AbortSignal) =>
  typedApi.get('/people/imports', { query, signal, errorText: IMPORT_MESSAGES.logsError });

/** GET /people/imports/{id}/logs: the 'Logs' modal (Cód. Contato / Erro). */
export const listImportLogs = (
  code: number,
  query: { page: number; itemsPerPage: number },
  signal?: AbortSignal,
) =>
  typedApi.get('/people/imports/{id}/logs', {
    path: { id: code },
    query,
    signal,
    errorText: IMPORT_MESSAGES.logsError,
  });

/** GET /people/import/template: the XLSX template with every column and an example row. */
export const downloadTemplate = () =>
  typedApi.getBlob('/people/import/template', { errorText: IMPORT_PAGE_TEXTS.templateError, debounceMs: 0 });
