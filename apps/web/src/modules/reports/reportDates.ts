import {
  addDays,
  addMonths,
  GROWTH_DEFAULT_MONTHS_BACK,
  type ReportMonthPreset,
  type ReportQuickDate,
} from '@mandato/domain';
import { formatDate } from '../../platform/dateFormat.ts';

/** A period of days, both ends included, as 'YYYY-MM-DD'. */
export interface DayRange {
  beginDate: string;
  endDate: string;
}

/**
 * The growth chart's default (spec 2 §9): 6 months back from the start of the current month up to
 * today — the six whole months before this one and this one so far.
 */
export function defaultGrowthRange(today: string): DayRange {
  return { beginDate: addMonths(today, -GROWTH_DEFAULT_MONTHS_BACK), endDate: today };
}

/** Month-range presets: last quarter (3), semester (6), 12 months, and this year, up to today. */
export function monthPresetRange(preset: ReportMonthPreset, today: string): DayRange {
  switch (preset) {
    case 'quarter':
      return { beginDate: addMonths(today, -3), endDate: today };
    case 'semester':
      return { beginDate: addMonths(today, -6), endDate: today };
    case 'year':
      return { beginDate: addMonths(today, -12), endDate: today };
    case 'thisYear':
      return { beginDate: `${today.slice(0, 4)}-01-01`, endDate: today };
  }
}

/** Quick date filters of the interaction report (spec 2 §9). */
export function quickDateRange(key: ReportQuickDate, today: string): DayRange {
  switch (key) {
    case 'today':
      return { beginDate: today, endDate: today };
    case 'yesterday': {
      const day = addDays(today, -1);
      return { beginDate: day, endDate: day };
    }
    case 'last7':
      return { beginDate: addDays(today, -6), endDate: today };
    case 'last15':
      return { beginDate: addDays(today, -14), endDate: today };
    case 'thisMonth':
      return { beginDate: addMonths(today, 0), endDate: today };
    case 'lastMonth': {
      const first = addMonths(today, -1);
      return { beginDate: first, endDate: addDays(addMonths(today, 0), -1) };
    }
  }
}

/**
 * The quick filter a range equals, if any (to show it as chosen). Two can be equal on some days (on
 * the 7th 'Últimos 7 dias' is 'Este mês', on the 1st 'Hoje' is too): the one the user chose wins.
 */
export function matchingQuickDate(
  range: DayRange,
  today: string,
  keys: readonly ReportQuickDate[],
  chosen?: ReportQuickDate,
) {
  const equal = (key: ReportQuickDate) => {
    const r = quickDateRange(key, today);
    return r.beginDate === range.beginDate && r.endDate === range.endDate;
  };
  return chosen && keys.includes(chosen) && equal(chosen) ? chosen : keys.find(equal);
}

const MONTHS = ['jan', 'fev', 'mar', 'abr', 'mai', 'jun', 'jul', 'ago', 'set', 'out', 'nov', 'dez'];

/** 'YYYY-MM-01' → 'nov/25' (a chart label). */
export function monthLabel(isoDate: string): string {
  const [year, month] = isoDate.split('-');
  return `${MONTHS[Number(month) - 1] ?? month}/${(year ?? '').slice(2)}`;
}

/** 'YYYY-MM-DD' → 'DD/MM/YYYY'. */
export const brDate = (isoDate: string) => formatDate(isoDate);
