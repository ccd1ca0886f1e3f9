import { describe, expect, it } from 'vitest';
import {
  defaultGrowthRange,
  matchingQuickDate,
  monthLabel,
  monthPresetRange,
  quickDateRange,
} from './reportDates.ts';

describe('report dates', () => {
  it('defaults the growth chart to 6 months back from the start of this month, up to today', () => {
    expect(defaultGrowthRange('2026-11-23')).toEqual({ beginDate: '2026-05-01', endDate: '2026-11-23' });
    expect(defaultGrowthRange('2026-02-10')).toEqual({ beginDate: '2025-08-01', endDate: '2026-02-10' });
  });

  it('computes the month presets', () => {
    expect(monthPresetRange('quarter', '2026-01-15')).toEqual({
      beginDate: '2025-10-01',
      endDate: '2026-01-15',
    });
    expect(monthPresetRange('year', '2026-01-15').beginDate).toBe('2025-01-01');
    expect(monthPresetRange('thisYear', '2026-03-02')).toEqual({
      beginDate: '2026-01-01',
      endDate: '2026-03-02',
    });
  });

  it('computes the quick date filters', () => {
    const today = '2026-03-01';
    expect(quickDateRange('yesterday', today)).toEqual({ beginDate: '2026-02-28', endDate: '2026-02-28' });
    expect(quickDateRange('last7', today)).toEqual({ beginDate: '2026-02-23', endDate: today });
    expect(quickDateRange('last15', today).beginDate).toBe('2026-02-15');
    expect(quickDateRange('thisMonth', today)).toEqual({ beginDate: '2026-03-01', endDate: today });
    expect(quickDateRange('lastMonth', today)).toEqual({ beginDate: '2026-02-01', endDate: '2026-02-28' });
    expect(matchingQuickDate({ beginDate: today, endDate: today }, today, ['today', 'thisMonth'])).toBe(
      'today',
    );
    expect(monthLabel('2025-11-01')).toBe('nov/25');
  });
});
