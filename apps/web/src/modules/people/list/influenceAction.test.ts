import { describe, expect, it } from 'vitest';
import { influenceAction } from './influenceAction.ts';

describe('influence popover (spec 2 §4)', () => {
  it('marks a positive number', () => {
    expect(influenceAction(0, 5)).toBe('mark');
    expect(influenceAction(3, 5)).toBe('mark');
  });
  it('removes with 0 on a person who has influence', () => {
    expect(influenceAction(3, 0)).toBe('remove');
  });
  it('refuses 0 on a person with none', () => {
    expect(influenceAction(0, 0)).toBe('refuse');
  });
});
