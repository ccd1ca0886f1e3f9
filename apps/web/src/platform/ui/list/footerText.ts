import { RECORD_TEXTS } from '../recordTexts.ts';

/** "Total: N (mostrando de X a Y)" for a 1-based page. */
export function footerText(total: number, page: number, pageSize: number): string {
  if (total === 0) return RECORD_TEXTS.footer(0, 0, 0);
  const from = (page - 1) * pageSize + 1;
  const to = Math.min(page * pageSize, total);
  return RECORD_TEXTS.footer(total, from, to);
}
