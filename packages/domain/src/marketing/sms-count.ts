/**
 * Counting an SMS as carriers bill it (issue 27, 3GPP TS 23.038): GSM-7 when every character is in
 * its default alphabet or extension table (an extension character takes two septets), 160 septets in
 * one part and 153 per part when split; otherwise UCS-2, 70 UTF-16 units in one part and 67 per part.
 */

/** The GSM 03.38 default alphabet, as typed (no escape). */
const GSM_BASIC = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);
/** The extension table: each one costs an escape and itself. */
export const GSM_EXTENSION = new Set('\f^{}\\[~]|€');

export type SmsEncoding = 'GSM-7' | 'UCS-2';

export interface SmsCount {
  encoding: SmsEncoding;
  /** septets (GSM-7) or UTF-16 units (UCS-2) */
  units: number;
  /** the parts the carrier bills (0 for an empty text) */
  parts: number;
  /** units one part holds at this length: 160/153 (GSM-7), 70/67 (UCS-2) */
  perPart: number;
  /** the characters outside GSM-7 (each once, in order of appearance): why it is UCS-2 */
  nonGsm: string[];
}

export const isGsmChar = (c: string): boolean => GSM_BASIC.has(c) || GSM_EXTENSION.has(c);

/** Counts `text` as a carrier bills it. */
export function countSms(text: string): SmsCount {
  const nonGsm: string[] = [];
  let septets = 0;
  for (const c of text) {
    if (GSM_BASIC.has(c)) septets += 1;
    else if (GSM_EXTENSION.has(c)) septets += 2;
    else if (!nonGsm.includes(c)) nonGsm.push(c);
  }
  if (nonGsm.length === 0) {
    const perPart = septets <= 160 ? 160 : 153;
    return { encoding: 'GSM-7', units: septets, parts: Math.ceil(septets / perPart), perPart, nonGsm };
  }
  const units = text.length; // UTF-16 code units: an emoji outside the BMP takes two
  const perPart = units <= 70 ? 70 : 67;
  return { encoding: 'UCS-2', units, parts: Math.ceil(units / perPart), perPart, nonGsm };
}

/** Characters with no GSM-7 letter under their accent, and what they become. */
const GSM_REPLACEMENTS: Record<string, string> = {
  '\u2018': "'",
  '\u2019': "'",
  '\u201A': "'",
  '\u201C': '"',
  '\u201D': '"',
  '\u201E': '"',
  '\u2013': '-',
  '\u2014': '-',
  '\u2026': '...',
  '\u00A0': ' ',
  '\u00AA': 'a',
  '\u00BA': 'o',
  '\u00B0': 'o',
  '\t': ' ',
};

/**
 * The one-click fix: each character outside GSM-7 replaced by its unaccented letter (ã → a, ç → c,
 * Ô → O), or a plain equivalent (“ ” → ", – → -); characters that are in GSM-7 (é, à, Ç…) and those
 * with no equivalent (emoji) stay as they are.
 */
export function toGsm(text: string): string {
  let out = '';
  for (const c of text) {
    if (isGsmChar(c)) out += c;
    else if (GSM_REPLACEMENTS[c] !== undefined) out += GSM_REPLACEMENTS[c];
    else {
      const bare = c.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
      out += bare !== '' && [...bare].every(isGsmChar) ? bare : c;
    }
  }
  return out;
}
