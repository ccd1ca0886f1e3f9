import type { Ordering } from '../api/searchQuery.ts';

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
  /** A row changed in place (vote, influence): reload the list. */
  onChanged: () => void;
}
