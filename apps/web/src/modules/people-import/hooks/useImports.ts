import { IMPORT_HISTORY_PAGE_SIZE } from '@mandato/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { listImportLogs, listImports } from '../api.ts';
import { peopleImportKeys } from './peopleImportKeys.ts';

/** While an import runs, the history refreshes this often (issue 11: at least every 2 s). */
export const IMPORT_PROGRESS_POLL_MS = 1500;

/** The history page; polled while any import on it is still running. */
export function useImports(page: number) {
  return useQuery({
    queryKey: peopleImportKeys.history(page),
    queryFn: ({ signal }) => listImports({ page, itemsPerPage: IMPORT_HISTORY_PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.list.some((log) => log.status === 'IN_PROGRESS') ? IMPORT_PROGRESS_POLL_MS : false,
  });
}

/** One page of an import's error log. */
export function useImportLogs(code: number | null, page: number) {
  return useQuery({
    queryKey: peopleImportKeys.logs(code ?? 0, page),
    queryFn: ({ signal }) =>
      listImportLogs(code ?? 0, { page, itemsPerPage: IMPORT_HISTORY_PAGE_SIZE }, signal),
    enabled: code !== null,
    placeholderData: keepPreviousData,
  });
}
