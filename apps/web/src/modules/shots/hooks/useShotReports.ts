import type { ShotReportKey, ShotType, SmsShotReportKey } from '@mandato/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getShotReport } from '../api.ts';
import { shotsKeys } from './shotsKeys.ts';

/** One page of a details tab (spec 3 §2.1: total and a table of contact and message). */
export function useShotReport(
  type: ShotType,
  code: number,
  report: ShotReportKey | SmsShotReportKey,
  page: number,
  itemsPerPage: number,
  /** the shot is being sent: reload every few seconds */
  live = false,
) {
  return useQuery({
    queryKey: shotsKeys.reports(type, code, report, page, itemsPerPage),
    queryFn: ({ signal }) => getShotReport(type, code, report, page, itemsPerPage, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchInterval: live ? 5_000 : false,
  });
}
