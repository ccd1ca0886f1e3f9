import type { SegmentType } from '@mandato/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getSegment, listSegments } from '../api.ts';
import { segmentsKeys } from './segmentsKeys.ts';

/** One page (8) of saved lists of a type; the special list of the type comes first. */
export function useSegmentsPage(type: SegmentType, page: number, enabled: boolean) {
  return useQuery({
    queryKey: segmentsKeys.page(type, page),
    queryFn: ({ signal }) => listSegments(type, page, signal),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** One saved list as the server has it (name, total, expression). */
export function useSegment(code: number | undefined, enabled = true) {
  return useQuery({
    queryKey: segmentsKeys.one(code),
    queryFn: ({ signal }) => getSegment(code as number, signal),
    enabled,
  });
}
