import { centsToReais, reaisToCents } from '@mandato/domain';

/**
 * The provider's money: decimal reais as JSON numbers (5, 50.5, 1064.00); ours: integer cents,
 * converted by the domain's string arithmetic (reaisToCents, centsToReais).
 */

/** Integer cents of a non-negative reais number with at most two decimals, or undefined. */
export function centsOfReais(value: unknown): number | undefined {
  if (typeof value !== 'number') return undefined;
  try {
    return reaisToCents(value);
  } catch {
    return undefined;
  }
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
