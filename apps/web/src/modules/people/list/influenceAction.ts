/** What saving the influence popover does (spec 2 §4 "Influence"). */
export type InfluenceAction = 'mark' | 'remove' | 'refuse';

export function influenceAction(current: number, next: number): InfluenceAction {
  if (next > 0) return 'mark';
  return current > 0 ? 'remove' : 'refuse';
}
