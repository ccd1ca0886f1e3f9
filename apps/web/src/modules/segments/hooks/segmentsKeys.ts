import type { SegmentType } from '@mandato/domain';

/**
 * Query keys of the saved lists. Invalidating `all` refreshes the sider's pages and the selected
 * list's name and total (e.g. after a record is saved or removed).
 */
export const segmentsKeys = {
  all: ['segments'] as const,
  page: (type: SegmentType, page: number) => [...segmentsKeys.all, 'list', type, page] as const,
  one: (code: number | undefined) => [...segmentsKeys.all, 'one', code] as const,
};
