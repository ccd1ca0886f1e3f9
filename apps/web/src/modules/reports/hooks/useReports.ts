import { GODFATHERS_EXPORT_FILE, INTERACTION_EXPORT_FILE, REPORT_MESSAGES } from '@mandato/domain';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { saveBlob } from '../../../platform/ui/download.ts';
import { notifySuccess } from '../../../platform/ui/notify.ts';
import {
  exportGodfathers,
  exportInteractionReport,
  type GodfathersRequest,
  getDatabaseStatus,
  getEntriesPerPeriod,
  getGodfathers,
  type InteractionReportFilters,
  searchInteractionReport,
} from '../api.ts';
import { reportsKeys } from './reportsKeys.ts';

export function useDatabaseStatus() {
  return useQuery({
    queryKey: reportsKeys.databaseStatus(),
    queryFn: ({ signal }) => getDatabaseStatus(signal),
  });
}

export function useEntriesPerPeriod(beginDate: string, endDate: string) {
  return useQuery({
    queryKey: reportsKeys.entries(beginDate, endDate),
    queryFn: ({ signal }) => getEntriesPerPeriod({ beginDate, endDate }, signal),
    placeholderData: keepPreviousData,
  });
}

export function useGodfathers(query: GodfathersRequest) {
  return useQuery({
    queryKey: reportsKeys.godfathers(query),
    queryFn: ({ signal }) => getGodfathers(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useInteractionReport(filters: InteractionReportFilters, page: number, itemsPerPage: number) {
  return useQuery({
    queryKey: reportsKeys.interactions(filters, page, itemsPerPage),
    queryFn: ({ signal }) => searchInteractionReport(filters, { page, itemsPerPage }, signal),
    placeholderData: keepPreviousData,
  });
}

export function useExportGodfathers() {
  return useMutation({
    mutationFn: (query: Pick<GodfathersRequest, 'orderingCriteria' | 'orderingAscending'>) =>
      exportGodfathers(query),
    onSuccess: (blob) => {
      saveBlob(blob, GODFATHERS_EXPORT_FILE);
      notifySuccess(REPORT_MESSAGES.exported);
    },
  });
}

export function useExportInteractionReport() {
  return useMutation({
    mutationFn: (filters: InteractionReportFilters) => exportInteractionReport(filters),
    onSuccess: (blob) => {
      saveBlob(blob, INTERACTION_EXPORT_FILE);
      notifySuccess(REPORT_MESSAGES.exported);
    },
  });
}
