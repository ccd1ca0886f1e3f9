import { AUDIT_EXPORT_FILE } from '@mandato/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { saveBlob } from '../../../platform/ui/download.ts';
import { type AuditFilters, exportAudit, listAudit } from '../api.ts';
import { auditKeys } from './auditKeys.ts';

/** One page of the audit log under the filters. */
export function useAuditLog(filters: AuditFilters, page: number, itemsPerPage: number) {
  return useQuery({
    queryKey: auditKeys.list(filters, page, itemsPerPage),
    queryFn: ({ signal }) => listAudit(filters, page, itemsPerPage, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** 'Exportar CSV': saves the file, then reloads the log, where the export now appears. */
export function useExportAudit() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (filters: AuditFilters) => exportAudit(filters),
    onSuccess: (blob) => {
      saveBlob(blob, AUDIT_EXPORT_FILE);
      void client.invalidateQueries({ queryKey: auditKeys.all });
    },
  });
}
