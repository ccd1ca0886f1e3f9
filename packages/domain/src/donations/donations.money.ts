import { formatBrl } from '../amendments/money.ts';

/**
 * Donation money is integer cents in our code; reais (decimal) only at the provider's edge, where
 * its JSON carries numbers like 1064 or 10.5. The conversions below go through the decimal text
 * (string arithmetic), never a float multiplied or summed: 19.99 * 100 is 1998.9999999999998.
 */

const REAIS = /^(\d{1,13})(?:\.(\d{1,2}))?$/;

/**
 * '1064.00', '10.5', 1064 or 10.5 → 106400, 1050. A number is read by its shortest decimal text
 * (JSON's own), so a float that is not an amount of at most two decimals (0.1 + 0.2 is
 * 0.30000000000000004) is refused, as are negatives, exponents and non-finite values: RangeError.
 */
export function reaisToCents(value: string | number): number {
  const text = typeof value === 'number' ? String(value) : value.trim();
  const m = REAIS.exec(text);
  if (!m) throw new RangeError(`Valor em reais inválido: ${text.slice(0, 40)}`);
  const cents = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Valor em reais inválido: ${text.slice(0, 40)}`);
  return cents;
}

/** 106400 → '1064.00' (the provider's decimal text); only a non-negative safe integer. */
export function centsToReais(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`Centavos inválidos: ${cents}`);
  const digits = String(cents).padStart(3, '0');
  return `${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/**
 * 106400 → 'R$ 1.064,00' (pt-BR). Named apart from amendments' `formatBrl`, which takes a decimal
 * string of reais; this one takes integer cents.
 */
export function formatBrlCents(cents: number): string {
  return formatBrl(centsToReais(cents));
}
