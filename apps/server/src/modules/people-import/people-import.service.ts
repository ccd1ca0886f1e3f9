import {
  BULK_OPERATION_MAX_LOGS,
  type BulkOperation,
  canSeeSegmentType,
  IMPORT_MESSAGES,
  type ImportLog,
  type ImportLogEntry,
  type ListAnswer,
  seesAllContacts,
} from '@mandato/domain';
import type { RequestContext } from '../../platform/app-context.ts';
import type { AuthContext } from '../../platform/auth/guard.ts';
import { toIso } from '../../platform/dates.ts';
import { notFound } from '../../platform/http/errors.ts';
import {
  type ImportRecord,
  type ImportsVisibility,
  peopleImportRepository,
} from './people-import.repository.ts';

/** Rows per staged batch: what one transaction of the job writes (and what a crash may redo). */
export const IMPORT_BATCH_SIZE = 1000;

/**
 * One import as the API shows it. While its sheet is validated it is 'Em andamento' with the rows
 * read so far; a validation that stalled (the server stopped mid-sheet) shows as failed.
 */
export function presentImport(r: ImportRecord): ImportLog {
  const done = r.total_success + r.total_error + r.total_skip;
  const status = r.validation_stalled ? 'ERROR' : r.status;
  return {
    code: Number(r.id),
    type: r.type,
    fileName: r.file_name,
    updateBehavior: r.update_behavior,
    status,
    concluded: status === 'CONCLUDED',
    failure: status === 'ERROR',
    totalRecords: r.validating_since ? r.batches * IMPORT_BATCH_SIZE : r.total_records,
    totalSuccess: r.total_success,
    totalError: r.total_error,
    totalSkip: r.total_skip,
    rowsDone: done,
    validating: r.validating_since !== null && !r.validation_stalled,
    createDate: toIso(r.created_at),
    finishDate: toIso(r.finished_at),
    responsiblePersonName: r.user_name ?? null,
    responsible: r.user_code ? { code: r.user_code, name: r.user_name ?? '' } : null,
  };
}

function visibility(auth: AuthContext): ImportsVisibility {
  return {
    types: (['PERSON', 'TEAM'] as const).filter((t) => canSeeSegmentType(auth.access, t)),
    ownerId: seesAllContacts(auth.access) ? null : auth.user.id,
  };
}

/** GET /people/imports: the history, newest first (30 a page). */
export async function listImports(
  ctx: RequestContext,
  auth: AuthContext,
  query: { page: number; itemsPerPage: number },
): Promise<ListAnswer<ImportLog>> {
  const { list, total } = await peopleImportRepository.page(
    ctx,
    visibility(auth),
    query.page,
    query.itemsPerPage,
  );
  return { list: list.map(presentImport), total };
}

export async function getImport(ctx: RequestContext, auth: AuthContext, id: string): Promise<ImportLog> {
  const found = await peopleImportRepository.find(ctx, visibility(auth), id);
  if (!found) throw notFound(IMPORT_MESSAGES.notFound);
  return presentImport(found);
}

/** GET /people/imports/{id}/logs: the rows that failed ('Cód. Contato' / 'Erro'). */
export async function importLogs(
  ctx: RequestContext,
  auth: AuthContext,
  id: string,
  query: { page: number; itemsPerPage: number },
): Promise<ListAnswer<ImportLogEntry>> {
  const found = await peopleImportRepository.find(ctx, visibility(auth), id);
  if (!found) throw notFound(IMPORT_MESSAGES.notFound);
  if (found.validation_stalled) {
    // recorded at the tenant's next import (import-validation.ts `beginImport`); said meanwhile
    return { list: [{ line: 0, recordPK: null, text: IMPORT_MESSAGES.validationInterrupted }], total: 1 };
  }
  const { list, total } = await peopleImportRepository.errors(ctx, id, query.page, query.itemsPerPage);
  return {
    list: list.map((e) => ({
      line: e.line,
      recordPK: e.person_id === null ? null : Number(e.person_id),
      text: e.message,
    })),
    total,
  };
}

function presentBulk(
  r: ImportRecord,
  logs: { line: number; person_id: string | null; message: string }[],
): BulkOperation {
  const log = presentImport(r);
  return {
    code: log.code,
    creationDate: log.createDate,
    finishDate: log.finishDate,
    type: log.type,
    fileName: log.fileName,
    updateBehavior: log.updateBehavior,
    customArgs: { userCreator: log.responsible },
    status: log.status,
    totalRecords: log.totalRecords,
    totalRecordsProcessed: log.rowsDone,
    totalRecordsSuccessfully: log.totalSuccess,
    totalRecordsWithError: log.totalError,
    totalRecordsIgnored: log.totalSkip,
    logs: logs.map((l) => ({
      line: l.line,
      recordPK: l.person_id === null ? null : Number(l.person_id),
      text: l.message,
    })),
  };
}

/** GET /bulk-operations/search: the same history in the second form (spec 2 §3 "Bulk operation"). */
export async function searchBulkOperations(
  ctx: RequestContext,
  auth: AuthContext,
  query: { page: number; itemsPerPage: number },
): Promise<ListAnswer<BulkOperation>> {
  const { list, total } = await peopleImportRepository.page(
    ctx,
    visibility(auth),
    query.page,
    query.itemsPerPage,
  );
  const logs = await peopleImportRepository.firstErrors(
    ctx,
    list.map((r) => String(r.id)),
    BULK_OPERATION_MAX_LOGS,
  );
  return {
    list: list.map((r) =>
      presentBulk(
        r,
        logs.filter((l) => String(l.import_id) === String(r.id)),
      ),
    ),
    total,
  };
}

export async function getBulkOperation(
  ctx: RequestContext,
  auth: AuthContext,
  id: string,
): Promise<BulkOperation> {
  const found = await peopleImportRepository.find(ctx, visibility(auth), id);
  if (!found) throw notFound(IMPORT_MESSAGES.notFound);
  const logs = await peopleImportRepository.firstErrors(ctx, [id], BULK_OPERATION_MAX_LOGS);
  return presentBulk(found, logs);
}
