import type { AuditFilters } from '../api.ts';

/** Query keys of the audit log; invalidating `all` reloads every page. */
export const auditKeys = {
  all: ['audit'] as const,
  list: (filters: AuditFilters, page: number, itemsPerPage: number) =>
    [...auditKeys.all, 'list', filters, page, itemsPerPage] as const,
};
