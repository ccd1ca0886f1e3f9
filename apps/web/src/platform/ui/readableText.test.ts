import { SCHEDULE_COLORS } from '@mandato/domain';
import { describe, expect, it } from 'vitest';
import { contrastRatio, readableTextOn } from './readableText.ts';

describe('readableTextOn', () => {
  it('computes WCAG ratios', () => {
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });

  it('picks white on dark and near-black on light backgrounds', () => {
    expect(readableTextOn('#3f51b5')).toBe('#ffffff');
    expect(readableTextOn('#ffeb3b')).toBe('#000000');
  });

  it('reaches AA (4.5:1) on every agenda colour', () => {
    for (const hex of Object.values(SCHEDULE_COLORS)) {
      expect(contrastRatio(`#${hex}`, readableTextOn(`#${hex}`)), hex).toBeGreaterThanOrEqual(4.5);
    }
  });
});
