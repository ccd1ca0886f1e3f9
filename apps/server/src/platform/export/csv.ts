/**
 * CSV for spreadsheet users (Excel pt-BR): UTF-8 with BOM, ';' separator, CRLF rows, RFC 4180
 * quoting, and formula injection neutralised (DESIGN.md §6): a cell starting with = + - @ tab or
 * CR, or with the full-width (＝ ＋ － ＠) or small (﹦ ﹢ ﹣ ﹫) forms a spreadsheet folds to them,
 * gets a leading ' — but a negative number ('-5,00', '-1.234,56') stays a number.
 */
export const CSV_SEPARATOR = ';';
/** Byte order mark: Excel reads the file as UTF-8. */
export const CSV_BOM = '\uFEFF';

const NEEDS_QUOTES = /[";\r\n,]/;

/** The first characters that make a spreadsheet read a cell as a formula. */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20\uFE66\uFE62\uFE63\uFE6B]/;

/** A negative number as pt-BR writes it: nothing a spreadsheet could evaluate. */
const NEGATIVE_NUMBER = /^-\d[\d.]*(,\d+)?$/;

export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'string' ? value : String(value);
  if (FORMULA_START.test(text) && !NEGATIVE_NUMBER.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(
  header: readonly string[],
  rows: readonly (readonly (string | number | null)[])[],
): string {
  const lines = [header, ...rows].map((row) => row.map(csvCell).join(CSV_SEPARATOR));
  return `${CSV_BOM}${lines.join('\r\n')}\r\n`;
}

/** One CSV row with its CRLF, for exports written row by row (streams). */
export function csvLine(cells: readonly (string | number | null | undefined)[]): string {
  let line = '';
  for (let i = 0; i < cells.length; i++) line += (i === 0 ? '' : CSV_SEPARATOR) + csvCell(cells[i]);
  return `${line}\r\n`;
}

/** Content-Disposition of a download, with the RFC 5987 form for non-ASCII names. */
export function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, '');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
