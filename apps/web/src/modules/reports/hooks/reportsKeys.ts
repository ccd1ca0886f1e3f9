import type { GodfathersRequest, InteractionReportFilters } from '../api.ts';

/** Query keys of the reports. */
export const reportsKeys = {
  all: ['reports'] as const,
  databaseStatus: () => [...reportsKeys.all, 'database-status'] as const,
  entries: (beginDate: string, endDate: string) =>
    [...reportsKeys.all, 'entries', beginDate, endDate] as const,
  godfathers: (query: GodfathersRequest) => [...reportsKeys.all, 'godfathers', query] as const,
  interactions: (filters: InteractionReportFilters, page: number, itemsPerPage: number) =>
    [...reportsKeys.all, 'interactions', filters, page, itemsPerPage] as const,
};
