/**
 * Money as an exact decimal string ('1234.5', '-0.30'): never a float (DESIGN.md: money is exact).
 * The API carries the canonical form `-?digits(.d{1,2})?`; the web reads and shows pt-BR.
 */

/** Integer digits an amount may have: below 1e12 (numeric(14,2) in SQL). */
export const MONEY_MAX_INTEGER_DIGITS = 12;

const CANONICAL = /^(-?)(\d{1,12})(?:\.(\d{1,2}))?$/;

/** The canonical '-123.45' (two decimals) of a decimal string, or undefined when it is not one. */
export function canonicalMoney(value: string): string | undefined {
  const m = CANONICAL.exec(value.trim());
  if (!m) return undefined;
  const integer = (m[2] as string).replace(/^0+(?=\d)/, '');
  const cents = (m[3] ?? '').padEnd(2, '0');
  const zero = /^0+$/.test(integer) && /^0+$/.test(cents);
  return `${m[1] && !zero ? '-' : ''}${integer}.${cents}`;
}

/**
 * A pt-BR amount as typed ('1.234,56', 'R$ 10', '-5,5', '1234.56' with no comma read as a
 * decimal point only when it has one or two decimals) to the canonical string, or undefined.
 */
export function parseBrMoney(input: string): string | undefined {
  let text = input.replace(/R\$|\s|\u00a0/g, '');
  if (text === '') return undefined;
  if (text.includes(',')) {
    text = text.replace(/\./g, '').replace(',', '.');
  } else if (!/^-?\d+\.\d{1,2}$/.test(text)) {
    text = text.replace(/\./g, '');
  }
  return canonicalMoney(text);
}

function parts(value: string): { negative: boolean; integer: string; cents: string } {
  const canonical = canonicalMoneyUnbounded(value) ?? '0.00';
  const negative = canonical.startsWith('-');
  const [integer, cents] = canonical.replace('-', '').split('.') as [string, string];
  return { negative, integer, cents };
}

/** Like canonicalMoney without the 12-digit limit (sums of many rows). */
function canonicalMoneyUnbounded(value: string): string | undefined {
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!m) return undefined;
  const integer = (m[2] as string).replace(/^0+(?=\d)/, '');
  const cents = (m[3] ?? '').padEnd(2, '0').slice(0, 2);
  const zero = /^0+$/.test(integer) && /^0+$/.test(cents);
  return `${m[1] && !zero ? '-' : ''}${integer}.${cents}`;
}

const group = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');

/** '1234.5' → 'R$ 1.234,50'; '-3' → '-R$ 3,00' (pt-BR currency, exact). */
export function formatBrl(value: string): string {
  const p = parts(value);
  return `${p.negative ? '-' : ''}R$ ${group(p.integer)},${p.cents}`;
}

/** '1234.5' → '1.234,50' (the money input's text). */
export function formatBrDecimal(value: string): string {
  const p = parts(value);
  return `${p.negative ? '-' : ''}${group(p.integer)},${p.cents}`;
}

/** '1234.5' → '1234,50' (a spreadsheet cell in pt-BR). */
export function formatCsvDecimal(value: string): string {
  const p = parts(value);
  return `${p.negative ? '-' : ''}${p.integer},${p.cents}`;
}

/** Whether the amount is zero or negative (shown in red). */
export function isNotPositive(value: string): boolean {
  const p = parts(value);
  return p.negative || /^0+$/.test(p.integer + p.cents);
}
