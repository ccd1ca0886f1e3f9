import type { Segment } from '@mandato/domain';
import { describe, expect, it } from 'vitest';
import { keepSelectedInView } from './keepSelectedInView.ts';

const seg = (code: number): Segment => ({
  code,
  name: `Lista ${code}`,
  type: 'PERSON',
  expression: [],
  total: 0,
  special: code === 1,
});

describe('segment list paging', () => {
  it('shows the page as is when the selected one is on it', () => {
    const page = [1, 2, 3].map(seg);
    expect(keepSelectedInView(page, seg(2)).map((s) => s.code)).toEqual([1, 2, 3]);
  });
  it('puts the selected one in the last of 8 places otherwise', () => {
    const page = [11, 12, 13, 14, 15, 16, 17, 18].map(seg);
    expect(keepSelectedInView(page, seg(2)).map((s) => s.code)).toEqual([11, 12, 13, 14, 15, 16, 17, 2]);
  });
});
