import { AUDIT_TEXTS, type AuditAction } from '@mandato/domain';
import { typedApi } from '../../platform/api/api.ts';

/** The filters of settings › 'Auditoria': user code, action, São Paulo days (YYYY-MM-DD). */
export interface AuditFilters {
  userCode?: string;
  action?: AuditAction;
  from?: string;
  to?: string;
}

const definedOnly = (filters: AuditFilters) =>
  Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined)) as AuditFilters;

/** GET /api/audit: a page of the log, newest first. */
export const listAudit = (filters: AuditFilters, page: number, itemsPerPage: number, signal?: AbortSignal) =>
  typedApi.get('/audit', {
    query: { ...definedOnly(filters), page, itemsPerPage },
    signal,
    errorText: AUDIT_TEXTS.listError,
  });

/** GET /api/audit/export: the filtered log as CSV (the export is itself audited). */
export const exportAudit = (filters: AuditFilters) =>
  typedApi.getBlob('/audit/export', {
    query: definedOnly(filters),
    errorText: AUDIT_TEXTS.exportError,
    debounceMs: 0,
  });
