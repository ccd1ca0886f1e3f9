/**
 * CSV for spreadsheet users (Excel pt-BR): UTF-8 with BOM, ';' separator, CRLF rows, RFC 4180
 * quoting, and formula injection neutralised (DESIGN.md §6): a cell starting with = + - @ tab or
 * CR gets a leading '.
 */
export const CSV_SEPARATOR = ';';
const BOM = '\uFEFF';

export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[";\r\n,]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(
  header: readonly string[],
  rows: readonly (readonly (string | number | null)[])[],
): string {
  const lines = [header, ...rows].map((row) => row.map(csvCell).join(CSV_SEPARATOR));
  return `${BOM}${lines.join('\r\n')}\r\n`;
}

/** Content-Disposition of a download, with the RFC 5987 form for non-ASCII names. */
export function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, '');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
