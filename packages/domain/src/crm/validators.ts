/** Brazilian document, phone and date checks shared by the server and the web forms. */

export const onlyDigits = (value: string): string => value.replace(/\D/g, '');

function checkDigit(digits: number[], weights: number[]): number {
  const sum = digits.reduce((acc, d, i) => acc + d * (weights[i] ?? 0), 0);
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

export function isValidCpf(value: string): boolean {
  const d = onlyDigits(value);
  if (d.length !== 11 || /^(\d)\1{10}$/.test(d)) return false;
  const n = [...d].map(Number);
  const first = checkDigit(n.slice(0, 9), [10, 9, 8, 7, 6, 5, 4, 3, 2]);
  const second = checkDigit(n.slice(0, 10), [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
  return first === n[9] && second === n[10];
}

export function isValidCnpj(value: string): boolean {
  const d = onlyDigits(value);
  if (d.length !== 14 || /^(\d)\1{13}$/.test(d)) return false;
  const n = [...d].map(Number);
  const first = checkDigit(n.slice(0, 12), [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  const second = checkDigit(n.slice(0, 13), [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  return first === n[12] && second === n[13];
}

/**
 * Brazilian phone, unmasked (spec 2 §5): two area digits, then nine digits starting with 9
 * (mobile) or eight digits starting with 1 to 6 (landline).
 */
export function isValidPhone(value: string): boolean {
  return /^[1-9]\d(9\d{8}|[1-6]\d{7})$/.test(onlyDigits(value));
}

export function isValidCep(value: string): boolean {
  return /^\d{8}$/.test(onlyDigits(value));
}

/** A real calendar date given as YYYY-MM-DD. */
export function isValidIsoDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** DD/MM/YYYY → YYYY-MM-DD, or undefined when it is not a real date (year from 1901). */
export function brDateToIso(value: string): string | undefined {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value.trim());
  if (!m) return undefined;
  const iso = `${m[3]}-${m[2]}-${m[1]}`;
  return isValidIsoDate(iso) && Number(m[3]) >= 1901 ? iso : undefined;
}

export function isoDateToBr(value: string): string {
  const [y, m, d] = value.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
}

/** Mask of spec 1 §5: (00) 00000-0000 when the third digit is 9, else (00) 0000-0000. */
export function formatPhone(value: string): string {
  const d = onlyDigits(value).slice(0, 11);
  if (d.length < 3) return d;
  const mobile = d[2] === '9';
  const head = `(${d.slice(0, 2)}) `;
  const rest = d.slice(2);
  const split = mobile ? 5 : 4;
  return rest.length > split ? `${head}${rest.slice(0, split)}-${rest.slice(split)}` : `${head}${rest}`;
}

export function formatCpf(value: string): string {
  const d = onlyDigits(value).slice(0, 11);
  return d.replace(
    /^(\d{3})(\d{3})(\d{3})(\d{0,2}).*/,
    (_, a, b, c, e) => `${a}.${b}.${c}${e ? `-${e}` : ''}`,
  );
}

export function formatCnpj(value: string): string {
  const d = onlyDigits(value).slice(0, 14);
  return d.replace(
    /^(\d{2})(\d{3})(\d{3})(\d{4})(\d{0,2}).*/,
    (_, a, b, c, e, f) => `${a}.${b}.${c}/${e}${f ? `-${f}` : ''}`,
  );
}

export function formatCep(value: string): string {
  const d = onlyDigits(value).slice(0, 8);
  return d.length > 5 ? `${d.slice(0, 5)}-${d.slice(5)}` : d;
}

/** WhatsApp web link with country code 55. */
export function whatsappLink(phone: string): string {
  return `https://wa.me/55${onlyDigits(phone)}`;
}
