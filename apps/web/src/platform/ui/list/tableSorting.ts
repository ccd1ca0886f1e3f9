import type { SortOrder } from 'antd/es/table/interface';
import { DEFAULT_ORDERING, type Ordering, type OrderingCriteria } from './ordering.ts';

export function sortOrderOf(ordering: Ordering, criteria: OrderingCriteria): SortOrder {
  if (ordering.criteria !== criteria) return null;
  return ordering.ascending ? 'ascend' : 'descend';
}

/** antd sorter → ordering; a cleared sort goes back to name ascending (spec 2 §9). */
export function orderingFromSorter(sorter: unknown): Ordering {
  const s = (Array.isArray(sorter) ? sorter[0] : sorter) as
    | { columnKey?: unknown; order?: SortOrder }
    | undefined;
  if (!s?.order || typeof s.columnKey !== 'string') return DEFAULT_ORDERING;
  return { criteria: s.columnKey as OrderingCriteria, ascending: s.order === 'ascend' };
}
