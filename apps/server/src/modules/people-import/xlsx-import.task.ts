import type { ImportRow, ImportType } from '@mandato/domain';
import type { AppContext } from '../../platform/app-context.ts';
import { inspectXlsx, verifyEntries, type ZipEntry } from './xlsx-archive.ts';
import { readSheet, type SheetVerdict } from './xlsx-sheet.ts';

/**
 * The uploaded spreadsheet is untrusted: its archive checks and its rows are read in the untrusted
 * pool (platform/untrusted, tasks of untrusted.worker.ts), never on the main thread.
 * 1. `xlsx-verify`, before any transaction: the archive's checks (xlsx-archive.ts), its entries and
 *    merged ranges;
 * 2. `xlsx-rows`: every row validated, the valid ones sent to the
 *    caller in batches that it stages, a transaction each (the task waits for each; that wait is not
 *    its time).
 */
export const XLSX_VERIFY_TASK = 'xlsx-verify';
export const XLSX_ROWS_TASK = 'xlsx-rows';

/** A large sheet's reading, its staging waits not counted (bench:import, 100,000 rows: ~10 s). */
const ROWS_SECONDS = 120;

export interface VerifiedXlsx {
  entries: ZipEntry[];
  merged: string[];
}

export interface XlsxRowsInput extends VerifiedXlsx {
  path: string;
  type: ImportType;
  batchSize: number;
}

export async function verifyXlsx(path: string): Promise<VerifiedXlsx> {
  const entries = await inspectXlsx(path);
  const { merged } = await verifyEntries(path, entries);
  return { entries, merged };
}

export async function readXlsxRows(
  input: XlsxRowsInput,
  emit: (rows: ImportRow[]) => Promise<void>,
): Promise<SheetVerdict> {
  let batch: ImportRow[] = [];
  const verdict = await readSheet(input.path, input.entries, input.type, input.merged, async (row) => {
    batch.push(row);
    if (batch.length < input.batchSize) return;
    const full = batch;
    batch = [];
    await emit(full);
  });
  if (batch.length > 0) await emit(batch);
  return verdict;
}

export const verifyXlsxIsolated = (app: AppContext, tenantId: string, path: string) =>
  app.untrusted.run<VerifiedXlsx>(XLSX_VERIFY_TASK, path, { tenantId });

export const readXlsxRowsIsolated = (
  app: AppContext,
  tenantId: string,
  input: XlsxRowsInput,
  onRows: (rows: ImportRow[]) => Promise<void>,
) =>
  app.untrusted.run<SheetVerdict>(XLSX_ROWS_TASK, input, {
    tenantId,
    seconds: ROWS_SECONDS,
    onChunk: (rows) => onRows(rows as ImportRow[]),
  });
