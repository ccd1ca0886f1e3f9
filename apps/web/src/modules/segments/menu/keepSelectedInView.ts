import { SEGMENTS_PAGE_SIZE, type Segment } from '@mandato/domain';

/**
 * At most 8 segments stay visible and the selected one is kept in view (spec 2 §9): when it is
 * not on the page shown, it takes the last place.
 */
export function keepSelectedInView(page: Segment[], selected: Segment | null): Segment[] {
  if (!selected || page.some((s) => s.code === selected.code)) return page.slice(0, SEGMENTS_PAGE_SIZE);
  const others = page.filter((s) => s.code !== selected.code).slice(0, SEGMENTS_PAGE_SIZE - 1);
  return [...others, selected];
}
