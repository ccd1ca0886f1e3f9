/** The columns a records list (people, team, voting places) may be sorted by. */
export type OrderingCriteria = 'name' | 'vote' | 'influence' | 'createDate';

export interface Ordering {
  criteria: OrderingCriteria;
  ascending: boolean;
}

export const DEFAULT_ORDERING: Ordering = { criteria: 'name', ascending: true };
