import { type GodfatherOrdering, REPORT_MESSAGES } from '@mandato/domain';
import { typedApi } from '../../platform/api/api.ts';

/** Calls of spec 2 §7 "Reports" and of the interaction report (its paths are ours: /reports/interactions). */

export const getDatabaseStatus = (signal?: AbortSignal) =>
  typedApi.get('/reports/people/database-status', {
    signal,
    errorText: REPORT_MESSAGES.statusError,
  });

export const getEntriesPerPeriod = (range: { beginDate: string; endDate: string }, signal?: AbortSignal) =>
  typedApi.get('/reports/people/entries-per-period', {
    query: { timeBase: 'month', ...range },
    signal,
    errorText: REPORT_MESSAGES.statusError,
  });

export interface GodfathersRequest {
  page: number;
  itemsPerPage: number;
  orderingCriteria: GodfatherOrdering;
  orderingAscending: boolean;
}

export const getGodfathers = (query: GodfathersRequest, signal?: AbortSignal) =>
  typedApi.get('/reports/people/godfathers', {
    query: { ...query },
    signal,
    errorText: REPORT_MESSAGES.listError,
  });

/**
 * GET /reports/people/godfathers/export: the spec's answer is "a file address opened in a new tab";
 * ours is the CSV itself, saved by the browser (no token in a URL, no file kept on the server).
 */
export const exportGodfathers = (query: Pick<GodfathersRequest, 'orderingCriteria' | 'orderingAscending'>) =>
  typedApi.getBlob('/reports/people/godfathers/export', {
    query: { ...query },
    errorText: REPORT_MESSAGES.exportError,
    debounceMs: 0,
  });

/** The filters of the interaction report (spec 2 §3), as the query sends them. */
export interface InteractionReportFilters {
  personCode?: number;
  userResponsibleCode?: string;
  beginDate: string;
  endDate: string;
  status?: 'IN_PROGRESS' | 'CONCLUDED' | 'CANCELED';
  considerOnlyLateInteractions: boolean;
  personTagCodes: number[];
}

const interactionQuery = (filters: InteractionReportFilters) => ({
  personCode: filters.personCode,
  userResponsibleCode: filters.userResponsibleCode,
  dateInterval: `${filters.beginDate},${filters.endDate}`,
  status: filters.considerOnlyLateInteractions ? undefined : filters.status,
  considerOnlyLateInteractions: filters.considerOnlyLateInteractions || undefined,
  personTagCodes: filters.personTagCodes,
});

export const searchInteractionReport = (
  filters: InteractionReportFilters,
  paging: { page: number; itemsPerPage: number },
  signal?: AbortSignal,
) =>
  typedApi.get('/reports/interactions', {
    query: { ...interactionQuery(filters), ...paging },
    signal,
    errorText: REPORT_MESSAGES.listError,
  });

/** GET /reports/interactions/export: exportacao_interacao.csv. */
export const exportInteractionReport = (filters: InteractionReportFilters) =>
  typedApi.getBlob('/reports/interactions/export', {
    query: interactionQuery(filters),
    errorText: REPORT_MESSAGES.exportError,
    debounceMs: 0,
  });
