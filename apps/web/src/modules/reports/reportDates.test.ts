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

  it('shows the quick filter the user chose when two cover the same days', () => {
    const keys = ['today', 'last7', 'thisMonth'] as const;
    // on the 7th, 'Últimos 7 dias' and 'Este mês' are the same period
    const seventh = '2026-12-07';
    const month = quickDateRange('thisMonth', seventh);
    expect(quickDateRange('last7', seventh)).toEqual(month);
    expect(matchingQuickDate(month, seventh, keys, 'thisMonth')).toBe('thisMonth');
    expect(matchingQuickDate(month, seventh, keys, 'last7')).toBe('last7');
    // a choice that no longer matches the period does not win
    expect(matchingQuickDate(month, seventh, keys, 'today')).toBe('last7');
    expect(matchingQuickDate({ beginDate: '2026-11-02', endDate: seventh }, seventh, keys, 'thisMonth')).toBe(
      undefined,
    );
  });
});
