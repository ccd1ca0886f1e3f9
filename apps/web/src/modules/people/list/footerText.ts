import { PEOPLE_TEXTS } from '../api/peopleTexts.ts';

/** "Total: N (mostrando de X a Y)" for a 1-based page. */
export function footerText(total: number, page: number, pageSize: number): string {
  if (total === 0) return PEOPLE_TEXTS.footer(0, 0, 0);
  const from = (page - 1) * pageSize + 1;
  const to = Math.min(page * pageSize, total);
  return PEOPLE_TEXTS.footer(total, from, to);
}
