/**
 * Counting an SMS as carriers bill it (issue 27, 3GPP TS 23.038; issue 39): GSM-7 when every
 * character is in its default alphabet or extension table (an extension character takes two
 * septets, an escape and itself), 160 septets in one part and 153 per part when split; otherwise
 * UCS-2, 70 UTF-16 units in one part and 67 per part. A split message is cut as the carrier cuts
 * it, never inside an escape pair or a surrogate pair (an emoji): when such a character would start
 * on a part's last unit, that part ends one unit early and the character opens the next one, so the
 * parts are counted by filling them, not by dividing the total ('€'.repeat(153): 3 parts, not 2).
 *
 * The text is counted in Unicode NFC, as it is saved and sent (`normalizeSms`): a decomposed 'ç'
 * ('c' and U+0327, as some phones and pasted text write it) is one character, the 'ç' it shows.
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
  /**
   * the characters outside GSM-7 (each once, in order of appearance): why it is UCS-2. A character
   * is what the screen shows: a letter with the accents that no composed letter holds stays one
   * ('x́'), never a lone combining mark.
   */
  nonGsm: string[];
}

export const isGsmChar = (c: string): boolean => GSM_BASIC.has(c) || GSM_EXTENSION.has(c);

/** The form an SMS is counted, saved and sent in: Unicode NFC (a decomposed 'ç' becomes 'ç'). */
export const normalizeSms = (text: string): string => text.normalize('NFC');

const graphemes = new Intl.Segmenter('pt-BR', { granularity: 'grapheme' });

/**
 * `text` split as the screen shows it (grapheme clusters): a letter with its combining marks, an
 * emoji with its modifiers and joiners, '\r\n', each one piece; never a lone combining mark.
 */
export const smsCharacters = (text: string): string[] =>
  Array.from(graphemes.segment(text), (s) => s.segment);

/** Whether each code point of a shown character is in GSM-7 ('\r\n' is; 'x́' and emoji are not). */
const isGsmShown = (shown: string): boolean => [...shown].every(isGsmChar);

/** The combining diacritical marks (U+0300–U+036F): the accents `toGsm` takes off. */
const DIACRITICS = /[\u0300-\u036f]/gu;

/**
 * The parts of a split message: units of each indivisible piece, filled greedily into parts of
 * `perPart` (a piece that does not fit in what is left of a part opens the next one).
 */
function fill(pieces: readonly number[], perPart: number): number {
  let parts = 1;
  let used = 0;
  for (const size of pieces) {
    if (used + size > perPart) {
      parts += 1;
      used = 0;
    }
    used += size;
  }
  return parts;
}

/** Counts `text` (in NFC, as it is sent) as a carrier bills it. */
export function countSms(raw: string): SmsCount {
  const text = normalizeSms(raw);
  const nonGsm: string[] = [];
  for (const shown of smsCharacters(text)) {
    if (!isGsmShown(shown) && !nonGsm.includes(shown)) nonGsm.push(shown);
  }
  const gsm = nonGsm.length === 0;
  // each code point is one piece: 1 or 2 septets (GSM-7), 1 or 2 UTF-16 units (UCS-2, a surrogate pair)
  const pieces = [...text].map((c) => (gsm ? (GSM_EXTENSION.has(c) ? 2 : 1) : c.length));
  const units = pieces.reduce((sum, n) => sum + n, 0);
  const [single, split]: [number, number] = gsm ? [160, 153] : [70, 67];
  const encoding: SmsEncoding = gsm ? 'GSM-7' : 'UCS-2';
  if (units <= single) return { encoding, units, parts: units === 0 ? 0 : 1, perPart: single, nonGsm };
  return { encoding, units, parts: fill(pieces, split), perPart: split, nonGsm };
}

/** Characters with no GSM-7 letter under their accent, and what they become. */
const GSM_REPLACEMENTS: Record<string, string> = {
  '\u2018': "'",
  '\u2019': "'",
  '\u201A': "'",
  '`': "'",
  '\u00B4': "'",
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
 * The one-click fix, on the text in NFC: each character outside GSM-7 replaced by its unaccented
 * letter (ã → a, ç → c, Ô → O), or a plain equivalent (“ ” → ", – → -, ` → '); a combining mark
 * left on a letter no composed character holds is dropped (x́ → x); characters that are in GSM-7
 * (é, à, Ç…) and those with no equivalent (emoji) stay as they are.
 */
export function toGsm(text: string): string {
  let out = '';
  for (const c of normalizeSms(text)) {
    if (isGsmChar(c)) out += c;
    else if (GSM_REPLACEMENTS[c] !== undefined) out += GSM_REPLACEMENTS[c];
    else {
      // a diacritic left on a letter that has no composed form is dropped (bare === '')
      const bare = c.normalize('NFD').replace(DIACRITICS, '');
      out += [...bare].every(isGsmChar) ? bare : c;
    }
  }
  return out;
}
