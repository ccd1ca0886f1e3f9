import {
  columnLetter,
  headerKey,
  IMPORT_HEADERS,
  IMPORT_MAX_REPORTED_LINES,
  IMPORT_MAX_ROWS,
  IMPORT_MESSAGES,
  IMPORT_REQUIRED_HEADERS,
  type ImportCell,
  type ImportColumn,
  type ImportInconsistencies,
  type ImportRow,
  type ImportType,
  isBlankRow,
  parseImportRow,
} from '@mandato/domain';
import type { ZipEntry } from './xlsx-archive.ts';
import { type SheetCell, sheetRows } from './xlsx-stream.ts';

export interface SheetVerdict {
  /** valid data rows read (all of them when `errors` is empty) */
  rows: number;
  errors: ImportInconsistencies;
  /** lines with inconsistencies (more than the ones listed past IMPORT_MAX_REPORTED_LINES) */
  errorLines: number;
}

const HEADER_FIELD = IMPORT_MESSAGES.headerLine;
const KNOWN: ReadonlySet<string> = new Set(IMPORT_HEADERS);

/** Excel's day 0 (serial dates count days from 1899-12-30, the 1900 leap-year bug included). */
const EXCEL_EPOCH = Date.UTC(1899, 11, 30);

/** A birth date typed as a date: its serial number as the Date it shows. */
const serialDate = (n: number) =>
  n > 0 && n < 2_958_466 ? new Date(EXCEL_EPOCH + Math.floor(n) * 86_400_000) : n;

/**
 * Reads the first worksheet of a checked XLSX (xlsx-archive.ts) as a stream (xlsx-stream.ts): the
 * header row, then every row validated (domain `parseImportRow`). `accept` gets
 * each valid row in file order while the file has no inconsistency yet (the caller stages them; a
 * refused file is rolled back). Lines are the spreadsheet's row numbers (the header is line 1).
 */
export async function readSheet(
  path: string,
  entries: ZipEntry[],
  type: ImportType,
  merged: string[],
  accept: (row: ImportRow) => Promise<void>,
): Promise<SheetVerdict> {
  const errors: ImportInconsistencies = {};
  let errorLines = 0;
  const report = (line: number, field: string, message: string) => {
    const key = String(line);
    if (!errors[key]) {
      errorLines++;
      if (errorLines > IMPORT_MAX_REPORTED_LINES) return;
      errors[key] = {};
    }
    const byField = errors[key] as Record<string, string[]>;
    const list = byField[field];
    if (!list) byField[field] = [message];
    else if (!list.includes(message)) list.push(message);
  };

  let columns: Map<number, ImportColumn> | undefined;
  let rows = 0;
  let blank = 0;
  for await (const row of sheetRows(path, entries)) {
    const values = row.cells;
    const line = row.line;
    if (!columns) {
      if (values.every((v) => v === undefined || v === null || v === '')) continue;
      const header = headerRow(values, line, report);
      if (!header) break; // a wrong header: nothing below can be read
      columns = header;
      for (const range of merged)
        report(Number(/\d+/.exec(range)?.[0] ?? line), columnOf(range), IMPORT_MESSAGES.merged(range));
      continue;
    }
    const cells: Partial<Record<ImportColumn, ImportCell>> = {};
    const plain: ImportCell[] = [];
    let bad = false;
    for (let c = 1; c < values.length; c++) {
      const value = values[c];
      if (value === undefined || value === null) continue;
      const column = columns.get(c);
      const ref = `${columnLetter(c)}${line}`;
      if (typeof value === 'object' && !(value instanceof Date)) {
        report(
          line,
          column ?? columnLetter(c),
          'formula' in value ? IMPORT_MESSAGES.formula(ref) : IMPORT_MESSAGES.cellError(ref),
        );
        bad = true;
        continue;
      }
      plain.push(value);
      if (column) cells[column] = column === 'data' && typeof value === 'number' ? serialDate(value) : value;
      else if (!isBlankRow([value])) {
        report(line, columnLetter(c), IMPORT_MESSAGES.extraColumn(columnLetter(c)));
        bad = true;
      }
    }
    if (!bad && isBlankRow(plain)) {
      if (++blank > IMPORT_MAX_ROWS) {
        report(line, HEADER_FIELD, IMPORT_MESSAGES.tooManyRows);
        break;
      }
      continue;
    }
    if (++rows > IMPORT_MAX_ROWS) {
      report(line, HEADER_FIELD, IMPORT_MESSAGES.tooManyRows);
      break;
    }
    const parsed = parseImportRow(line, cells, type);
    if (!parsed.ok) {
      for (const [field, messages] of Object.entries(parsed.errors))
        for (const message of messages ?? []) report(line, field, message);
    } else if (!bad && errorLines === 0) {
      await accept(parsed.row);
    }
  }
  if (!columns && errorLines === 0) report(1, HEADER_FIELD, IMPORT_MESSAGES.emptySheet);
  else if (columns && rows === 0 && errorLines === 0) report(2, HEADER_FIELD, IMPORT_MESSAGES.emptySheet);
  if (errorLines > IMPORT_MAX_REPORTED_LINES)
    report(0, HEADER_FIELD, IMPORT_MESSAGES.moreLines(errorLines - IMPORT_MAX_REPORTED_LINES));
  return { rows, errors, errorLines };
}

const columnOf = (range: string) => /^[A-Z]+/.exec(range)?.[0] ?? range;

/** The header row: each known column once, all of them; answers column number → column. */
function headerRow(
  values: SheetCell[],
  line: number,
  report: (line: number, field: string, message: string) => void,
): Map<number, ImportColumn> | undefined {
  const columns = new Map<number, ImportColumn>();
  const unknown: string[] = [];
  const seen = new Set<string>();
  let ok = true;
  for (let c = 1; c < values.length; c++) {
    const value = values[c];
    if (value === null || value === undefined) continue;
    if (typeof value === 'object' && !(value instanceof Date)) {
      report(line, HEADER_FIELD, IMPORT_MESSAGES.formula(`${columnLetter(c)}${line}`));
      ok = false;
      continue;
    }
    const name = String(value).trim();
    if (!name) continue;
    const key = headerKey(name);
    if (!KNOWN.has(key)) unknown.push(name);
    else if (seen.has(key)) {
      report(line, HEADER_FIELD, IMPORT_MESSAGES.duplicateHeader(key));
      ok = false;
    } else {
      seen.add(key);
      columns.set(c, key as ImportColumn);
    }
  }
  if (unknown.length > 0) {
    report(line, HEADER_FIELD, IMPORT_MESSAGES.unknownHeaders(unknown.slice(0, 10)));
    ok = false;
  }
  const missing = IMPORT_REQUIRED_HEADERS.filter((h) => !seen.has(h));
  if (missing.length > 0) {
    report(line, HEADER_FIELD, IMPORT_MESSAGES.missingHeaders(missing));
    ok = false;
  }
  return ok ? columns : undefined;
}
