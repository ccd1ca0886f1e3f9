import type { BirthDateQuick } from '@mandato/domain';

/** Quick birth-date buttons of the filter builder (spec 2 §2 "Filter builder"). */
export const QUICK_DATE_BUTTONS: { value: BirthDateQuick; label: string }[] = [
  { value: 'today', label: 'Hoje' },
  { value: 'tomorrow', label: 'Amanhã' },
  { value: 'current-month', label: 'Este Mês' },
];
