import {
  type FilterExpression,
  IMPORT_GENDER_LABELS,
  IMPORT_VOTE_LABELS,
  PEOPLE_SHEET_COLUMNS,
  SHEET_TAG_SEPARATOR,
  sheetDate,
} from '@mandato/domain';
import type { AuthContext } from '../../platform/auth/guard.ts';
import type { TenantContext } from '../../platform/db/tenancy.ts';
import { CSV_SEPARATOR, csvCell } from '../../platform/export/csv.ts';
import { tagsByIds } from '../tags/tags.service.ts';
import { visibilityOfType } from './people.policy.ts';
import { peopleSheetRepository, type SheetCells } from './people-sheet.repository.ts';

const CURSOR = 'people_sheet';
type Cell = SheetCells[number];
/** Tag names by id; null for an id that names no tag any more. */
type TagNames = Map<string, string | null>;

const label = (labels: Record<string, string>) => (v: Cell) =>
  typeof v === 'string' ? (labels[v] ?? v) : null;
const VOTE = label(IMPORT_VOTE_LABELS);
const GENDER = label(IMPORT_GENDER_LABELS);
const DATE = (v: Cell) => (typeof v === 'string' ? sheetDate(v) : null);
const TAGS = PEOPLE_SHEET_COLUMNS.indexOf('tags');

/**
 * One CSV line (CRLF) of a person: the spreadsheet's `voto`/`genero` labels, dates dd/mm/aaaa and
 * tag names as the domain's sheetRow writes them, each cell by csvCell (formula injection
 * neutralised). Positional, without an object per row: it runs a million times an export.
 */
function csvLineOf(cells: SheetCells, tagNames: TagNames): string {
  let line = '';
  for (let i = 0; i < cells.length; i++) {
    const column = PEOPLE_SHEET_COLUMNS[i];
    let value = cells[i] as Cell;
    if (column === 'voto') value = VOTE(value);
    else if (column === 'genero') value = GENDER(value);
    else if (column === 'data') value = DATE(value);
    else if (i === TAGS) {
      let names = '';
      for (const id of (value as (string | number)[] | null) ?? []) {
        const name = tagNames.get(String(id));
        if (name) names = names ? names + SHEET_TAG_SEPARATOR + name : name;
      }
      value = names;
    }
    line += (i === 0 ? '' : CSV_SEPARATOR) + csvCell(value as string | number | null);
  }
  return `${line}\r\n`;
}

/** Reads the names of the tags of `rows` not seen yet (one query a batch at most). */
async function learnTags(ctx: TenantContext, rows: SheetCells[], tagNames: TagNames) {
  const missing = new Set<string>();
  for (const row of rows) {
    for (const id of (row[TAGS] as (string | number)[] | null) ?? []) {
      if (!tagNames.has(String(id))) missing.add(String(id));
    }
  }
  if (missing.size === 0) return;
  for (const id of missing) tagNames.set(id, null);
  for (const t of await tagsByIds(ctx, [...missing])) tagNames.set(String(t.id), t.name);
}

/** A batch of sheet rows as stored, with the names of every tag they carry. */
interface SheetBatch {
  rows: SheetCells[];
  tagNames: TagNames;
}

/**
 * The people of the type the caller may see (the ROLE_CRM_ALL_DATA rule of the search) matching
 * the expression, in the import spreadsheet's columns (domain PEOPLE_SHEET_COLUMNS), `batchSize`
 * at a time from a cursor of the caller's transaction: memory holds one batch whatever the count.
 * Stopping early (return) closes the cursor.
 */
async function* sheetBatches(
  ctx: TenantContext,
  auth: AuthContext,
  type: 'PERSON' | 'TEAM',
  expression: FilterExpression,
  batchSize: number,
): AsyncGenerator<SheetBatch> {
  const vis = visibilityOfType(auth, type);
  await peopleSheetRepository.open(ctx, CURSOR, vis, { type, expression });
  const tagNames: TagNames = new Map();
  const fetchNext = () => peopleSheetRepository.fetch(ctx, CURSOR, batchSize);
  // the next batch is asked for before this one is written: the database reads it meanwhile
  let next: Promise<SheetCells[]> | undefined = fetchNext();
  try {
    while (next) {
      const rows: SheetCells[] = await next;
      next = rows.length === batchSize ? fetchNext() : undefined;
      if (rows.length === 0) break;
      await learnTags(ctx, rows, tagNames);
      yield { rows, tagNames };
    }
  } finally {
    // stopped early: let the batch in flight land, then free the cursor (after a database error
    // the transaction is aborted and the cursor gone with it)
    if (next) {
      await next.catch(() => undefined);
      await peopleSheetRepository.close(ctx, CURSOR).catch(() => undefined);
    }
  }
}

/** The sheet rows (sheetBatches) as CSV lines, a batch at a time. */
export async function* peopleSheetLines(
  ctx: TenantContext,
  auth: AuthContext,
  type: 'PERSON' | 'TEAM',
  expression: FilterExpression,
  batchSize: number,
): AsyncGenerator<{ text: string; rows: number }> {
  for await (const { rows, tagNames } of sheetBatches(ctx, auth, type, expression, batchSize)) {
    let text = '';
    for (const row of rows) text += csvLineOf(row, tagNames);
    yield { text, rows: rows.length };
  }
}

/**
 * A person's cells as a typed spreadsheet writes them, in PEOPLE_SHEET_COLUMNS order: the labels
 * and tag names of the CSV, `influencia` a number, `data` the stored 'YYYY-MM-DD' (a date cell),
 * every other cell the stored text as it is (formula neutralising is the writer's: a text cell).
 */
export type SheetValues = (string | number | null)[];

function valuesOf(cells: SheetCells, tagNames: TagNames): SheetValues {
  const values: SheetValues = new Array(cells.length);
  for (let i = 0; i < cells.length; i++) {
    const column = PEOPLE_SHEET_COLUMNS[i];
    const value = cells[i] as Cell;
    if (column === 'voto') values[i] = VOTE(value);
    else if (column === 'genero') values[i] = GENDER(value);
    else if (i === TAGS) {
      const names: string[] = [];
      for (const id of (value as (string | number)[] | null) ?? []) {
        const name = tagNames.get(String(id));
        if (name) names.push(name);
      }
      values[i] = names.length > 0 ? names.join(SHEET_TAG_SEPARATOR) : null;
    } else values[i] = Array.isArray(value) ? null : value;
  }
  return values;
}

/** The sheet rows (sheetBatches) as typed values (an XLSX export), a batch at a time. */
export async function* peopleSheetValues(
  ctx: TenantContext,
  auth: AuthContext,
  type: 'PERSON' | 'TEAM',
  expression: FilterExpression,
  batchSize: number,
): AsyncGenerator<SheetValues[]> {
  for await (const { rows, tagNames } of sheetBatches(ctx, auth, type, expression, batchSize))
    yield rows.map((row) => valuesOf(row, tagNames));
}
