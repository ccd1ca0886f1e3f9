/**
 * The provider's money: decimal reais as JSON numbers (5, 50.5, 1064.00); ours: integer cents.
 * Converted through the number's shortest decimal text (String(50.5) is '50.5' exactly), never by
 * multiplying floats.
 */
const REAIS = /^(\d{1,9})(?:\.(\d{1,2}))?$/;

/** Integer cents of a non-negative reais number with at most two decimals, or undefined. */
export function reaisToCents(value: unknown): number | undefined {
  if (typeof value !== 'number' || !Number.isFinite(value)) return undefined;
  const m = REAIS.exec(String(value));
  if (!m) return undefined;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** '1064.00' of 106400. */
export function centsToReais(cents: number): string {
  return `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** 'R$ 1.064,00' of 106400. */
export function formatCents(cents: number): string {
  const integer = String(Math.trunc(cents / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `R$ ${integer},${String(cents % 100).padStart(2, '0')}`;
}

const MARK = '\u0000reais:';

/** A money field of an answer: written as a JSON number with two decimals (see providerJson). */
export const reais = (cents: number) => `${MARK}${centsToReais(cents)}`;

/**
 * JSON text of an answer whose money fields were made by `reais`: `"valor": 1064.00`. The marker
 * starts with a NUL character, which no stored text can hold (control characters are refused).
 */
export function providerJson(body: unknown): string {
  return JSON.stringify(body).replace(/"\\u0000reais:(\d+\.\d{2})"/g, '$1');
}
