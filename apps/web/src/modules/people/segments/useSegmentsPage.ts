import type { SegmentType } from '@mandato/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { crmApi } from '../api/crmApi.ts';

/** One page (8) of saved lists of a type; the special list of the type comes first. */
export function useSegmentsPage(type: SegmentType, page: number, enabled: boolean) {
  return useQuery({
    queryKey: ['segments', 'list', type, page],
    queryFn: ({ signal }) => crmApi.segments.list(type, page, signal),
    enabled,
    placeholderData: keepPreviousData,
  });
}
