import type { Ordering } from './ordering.ts';

/** What every list view (table or cards, people or companies) gets from the screen. */
export interface ListViewProps<T> {
  rows: T[];
  total: number;
  loading: boolean;
  page: number;
  ordering: Ordering;
  selected: number[];
  onSelect: (codes: number[]) => void;
  onPage: (page: number) => void;
  onOrdering: (ordering: Ordering) => void;
  onEdit: (row: T) => void;
  onDelete: (row: T) => Promise<void>;
}
