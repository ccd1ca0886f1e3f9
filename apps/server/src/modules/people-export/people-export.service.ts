import {
  CRM_MESSAGES,
  canSeeSegmentType,
  IMPORT_COLUMNS,
  type ListAnswer,
  MESSAGES,
  PEOPLE_EXPORT_TEXTS,
  PEOPLE_EXPORT_TYPES,
  PEOPLE_SHEET_COLUMNS,
  type PeopleExport,
  type PeopleExportLog,
  type PeopleExportsQuery,
  type PeopleExportType,
  pageOffset,
  SEGMENT_TYPE_LABELS,
  SEGMENT_TYPES,
  SPECIAL_SEGMENT_CODES,
  seesAllContacts,
} from '@mandato/domain';
import type { RequestContext } from '../../platform/app-context.ts';
import type { AuthContext } from '../../platform/auth/guard.ts';
import { CSV_BOM, csvLine } from '../../platform/export/csv.ts';
import { badRequest, notFound } from '../../platform/http/errors.ts';
import { assertType } from '../people/people.policy.ts';
import { countPeople } from '../people/people.service.ts';
import { peopleSheetLines, peopleSheetValues } from '../people/people-batch.lookup.ts';
import { findActiveSegment } from '../segments/segments.lookup.ts';
import { type ExportLogRow, peopleExportRepository } from './people-export.repository.ts';
import { XLSX_MAX_DATA_ROWS, type XlsxColumn, XlsxSheetWriter } from './xlsx-sheet-writer.ts';

/** Rows read from the cursor and written at a time (≈ 0.4 MB of CSV; 500 to 5,000 measured alike). */
export const EXPORT_BATCH_ROWS = 2_000;

/** Where the file goes: `write` resolves false once the client has gone away. */
export interface ExportSink {
  write(chunk: string | Buffer): Promise<boolean>;
}

/**
 * The XLSX's columns: the import template's, in its order; `influencia` a number, `data` a date,
 * every other one text (CPF, phones, CEP, zone, section and codes keep their leading zeros).
 */
const XLSX_COLUMNS: readonly XlsxColumn[] = PEOPLE_SHEET_COLUMNS.map((header) => ({
  header,
  kind: header === 'influencia' ? 'number' : header === 'data' ? 'date' : 'text',
  width: Math.max(12, (IMPORT_COLUMNS.find((c) => c.header === header)?.example.length ?? 10) + 2),
}));

const tooManyForXlsx = () =>
  badRequest(MESSAGES.validation, { format: [PEOPLE_EXPORT_TEXTS.xlsxTooManyRows(XLSX_MAX_DATA_ROWS)] });

/** An export recorded as STARTED: its log row and the rows it is to write. */
export interface StartedExport {
  logId: string;
  expectedRows: number;
}

const listMismatch = () =>
  badRequest(MESSAGES.validation, { segmentCode: [PEOPLE_EXPORT_TEXTS.listMismatch] });

/** The saved list named by the export, as the log records it: code and name at export time. */
async function exportedList(ctx: RequestContext, body: PeopleExport) {
  const code = body.segmentCode;
  if (code === undefined) return { listCode: null, listName: null };
  const special = SEGMENT_TYPES.find((type) => SPECIAL_SEGMENT_CODES[type] === code);
  if (special) {
    if (special !== body.type) throw listMismatch();
    return { listCode: code, listName: SEGMENT_TYPE_LABELS[special] };
  }
  const segment = await findActiveSegment(ctx, String(code));
  if (!segment) throw notFound(CRM_MESSAGES.segmentNotFound);
  if (segment.type !== body.type) throw listMismatch();
  return { listCode: code, listName: segment.name };
}

/**
 * POST /people/search/export, first transaction: the checks (type of list the caller may see,
 * the saved list of the tenant and of that type, a valid expression), the count the caller would
 * see in the search, and the log row as STARTED. It commits before the first row leaves, so an
 * export cut by a failure stays recorded (LGPD: who, when, what filter, at most how many rows).
 */
export async function startPeopleExport(
  ctx: RequestContext,
  auth: AuthContext,
  body: PeopleExport,
): Promise<StartedExport> {
  assertType(auth, body.type);
  const list = await exportedList(ctx, body);
  const expectedRows = await countPeople(ctx, auth, body.type, body.expression);
  if (body.format === 'XLSX' && expectedRows > XLSX_MAX_DATA_ROWS) throw tooManyForXlsx();
  const logId = await peopleExportRepository.start(ctx, {
    userId: auth.user.id,
    type: body.type,
    expression: body.expression,
    expectedRows,
    ...list,
  });
  return { logId, expectedRows };
}

/** The CSV (BOM, the import template's header, one line per person), batch by batch. */
async function writeCsv(
  ctx: RequestContext,
  auth: AuthContext,
  body: PeopleExport,
  sink: ExportSink,
): Promise<{ rows: number; whole: boolean }> {
  let rows = 0;
  if (!(await sink.write(CSV_BOM + csvLine(PEOPLE_SHEET_COLUMNS)))) return { rows, whole: false };
  for await (const batch of peopleSheetLines(ctx, auth, body.type, body.expression, EXPORT_BATCH_ROWS)) {
    if (!(await sink.write(batch.text))) return { rows, whole: false };
    rows += batch.rows;
  }
  return { rows, whole: true };
}

/**
 * The XLSX (one sheet: the import template's header, one row per person, typed cells), batch by
 * batch; the sheet can hold no more rows than XLSX_MAX_DATA_ROWS (checked at the start, and a
 * list that grew since stops there).
 */
async function writeXlsx(
  ctx: RequestContext,
  auth: AuthContext,
  body: PeopleExport,
  sink: ExportSink,
): Promise<{ rows: number; whole: boolean }> {
  let rows = 0;
  const sheet = new XlsxSheetWriter(
    (bytes) => sink.write(bytes),
    PEOPLE_EXPORT_TEXTS.sheetName,
    XLSX_COLUMNS,
  );
  if (!(await sheet.start())) return { rows, whole: false };
  for await (const batch of peopleSheetValues(ctx, auth, body.type, body.expression, EXPORT_BATCH_ROWS)) {
    const room = XLSX_MAX_DATA_ROWS - rows;
    const taken = batch.length > room ? batch.slice(0, room) : batch;
    if (!(await sheet.rows(taken))) return { rows, whole: false };
    rows += taken.length;
    if (rows >= XLSX_MAX_DATA_ROWS) break;
  }
  return { rows, whole: await sheet.finish() };
}

/**
 * Second transaction: the file (CSV or XLSX) written to `sink` batch by batch from a database
 * cursor, with the same visibility as the search; then the log row gets the rows written and
 * DONE, or INTERRUPTED when the client went away.
 */
export async function streamPeopleExport(
  ctx: RequestContext,
  auth: AuthContext,
  input: { body: PeopleExport; started: StartedExport; sink: ExportSink },
): Promise<{ rows: number; status: 'DONE' | 'INTERRUPTED' }> {
  const { body, started, sink } = input;
  const write = body.format === 'XLSX' ? writeXlsx : writeCsv;
  const { rows, whole } = await write(ctx, auth, body, sink);
  const status = whole ? 'DONE' : 'INTERRUPTED';
  await peopleExportRepository.finish(ctx, started.logId, rows, status);
  return { rows, status };
}

function presentLog(r: ExportLogRow): PeopleExportLog {
  return {
    code: Number(r.id),
    date: new Date(r.created_at).toISOString(),
    userName: r.user_name,
    type: r.kind as PeopleExportType,
    listCode: r.list_code === null ? null : Number(r.list_code),
    listName: r.list_name,
    rows: Number(r.total_rows),
    status: r.status,
  };
}

/**
 * GET /people/exports: the tenant's people exports of the types the caller may see, newest first.
 * Without ROLE_CRM_ALL_DATA the caller sees only their own exports of contacts (as with the
 * contacts themselves); team exports are seen by every ROLE_TEAM user.
 */
export async function listPeopleExports(
  ctx: RequestContext,
  auth: AuthContext,
  query: PeopleExportsQuery,
): Promise<ListAnswer<PeopleExportLog>> {
  if (query.type) assertType(auth, query.type);
  const types = (query.type ? [query.type] : [...PEOPLE_EXPORT_TYPES]).filter((type) =>
    canSeeSegmentType(auth.access, type),
  );
  const vis = { types, personOwnerId: seesAllContacts(auth.access) ? null : auth.user.id };
  const page = await peopleExportRepository.page(ctx, vis, pageOffset(query), query.itemsPerPage);
  return { list: page.list.map(presentLog), total: page.total };
}
