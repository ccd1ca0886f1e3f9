import {
  BULK_OPERATION_MAX_LOGS,
  type BulkOperation,
  canSeeSegmentType,
  IMPORT_MESSAGES,
  type ImportData,
  type ImportLog,
  type ImportLogEntry,
  type ImportRow,
  type ListAnswer,
  seesAllContacts,
} from '@mandato/domain';
import type { RequestContext } from '../../platform/app-context.ts';
import type { AuthContext } from '../../platform/auth/guard.ts';
import { toIso } from '../../platform/dates.ts';
import type { TenantContext } from '../../platform/db/tenancy.ts';
import { badRequest, notFound } from '../../platform/http/errors.ts';
import { assertType } from '../people/people.policy.ts';
import { countContacts } from '../people/people.service.ts';
import { knownPeopleKeys } from '../people/people-batch.lookup.ts';
import { type ImportJob, importQueue } from './people-import.job.ts';
import {
  type ImportRecord,
  type ImportsVisibility,
  peopleImportRepository,
} from './people-import.repository.ts';
import type { SheetVerdict } from './xlsx-sheet.ts';

/** Rows per staged batch: what one transaction of the job writes (and what a crash may redo). */
export const IMPORT_BATCH_SIZE = 1000;

function presentImport(r: ImportRecord): ImportLog {
  const done = r.total_success + r.total_error + r.total_skip;
  return {
    code: Number(r.id),
    type: r.type,
    fileName: r.file_name,
    updateBehavior: r.update_behavior,
    status: r.status,
    concluded: r.status === 'CONCLUDED',
    failure: r.status === 'ERROR',
    totalRecords: r.total_records,
    totalSuccess: r.total_success,
    totalError: r.total_error,
    totalSkip: r.total_skip,
    rowsDone: done,
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

/** An import left in validation this long (the server stopped mid-sheet) goes at the tenant's next. */
const ABANDONED_VALIDATION_SECONDS = 3600;

/** An import whose rows are being validated and staged (steps below). */
export interface ImportStaging {
  importId: string;
  batches: number;
  /** the keys of the plan check, only where the plan limits contacts */
  keys: { emails: (string | null)[]; cpfs: (string | null)[] } | null;
}

/**
 * POST /people/import, after the file checks of the route (xlsx-import.task.ts `verifyXlsx`), in
 * short transactions, so that reading a sheet never holds a connection (on the embedded engine, the
 * one every tenant shares):
 * 1. `beginImport`: the import, hidden until its verdict;
 * 2. `stageImportRows`, one transaction a batch, as the untrusted pool reads and validates the rows;
 * 3. `finishImport`: a sheet with inconsistencies is a 400 with the messages by line and column;
 *    a valid one is checked against the plan's contacts, then shown and its job enqueued, in one
 *    transaction: the answer comes at once, the import goes on in the background.
 * Whatever fails after step 1, `discardImport` deletes the import and its staged rows.
 */
export async function beginImport(
  ctx: RequestContext,
  auth: AuthContext,
  input: { fileName: string; data: ImportData },
): Promise<ImportStaging> {
  const { data } = input;
  assertType(auth, data.type);
  await peopleImportRepository.discardAbandoned(ctx, ABANDONED_VALIDATION_SECONDS);
  const importId = await peopleImportRepository.insert(ctx, {
    userId: auth.user.id,
    type: data.type,
    behavior: data.updateBehavior,
    fileName: input.fileName,
    ownerOnly: data.type === 'PERSON' && !seesAllContacts(auth.access),
  });
  const limited = data.type === 'PERSON' && !!auth.tenant.planTotalContacts;
  return { importId, batches: 0, keys: limited ? { emails: [], cpfs: [] } : null };
}

/** A batch of valid rows, in file order (the pool's worker sends copies, never slices of a chunk). */
export async function stageImportRows(ctx: RequestContext, staging: ImportStaging, rows: ImportRow[]) {
  if (rows.length === 0) return;
  for (const row of rows) {
    // a row with a code updates that person (or fails): it never adds a contact
    if (staging.keys && !row.code) {
      staging.keys.emails.push(row.email ?? null);
      staging.keys.cpfs.push(row.cpf ?? null);
    }
  }
  await peopleImportRepository.stageBatch(ctx, staging.importId, staging.batches + 1, JSON.stringify(rows));
  staging.batches++;
}

export async function finishImport(
  ctx: RequestContext,
  auth: AuthContext,
  staging: ImportStaging,
  verdict: SheetVerdict,
): Promise<ImportLog> {
  if (verdict.errorLines > 0) throw badRequest(IMPORT_MESSAGES.inconsistencies, verdict.errors);
  if (staging.keys) await checkPlanLimit(ctx, auth, staging.keys.emails, staging.keys.cpfs);
  const { importId } = staging;
  await peopleImportRepository.staged(ctx, importId, verdict.rows, staging.batches);
  const job: ImportJob = { tenantId: ctx.tenantId, importId };
  await ctx.app.jobs.enqueue(importQueue, job, { singletonKey: `import:${importId}` }, ctx.trx);
  const created = await peopleImportRepository.find(
    ctx,
    { types: ['PERSON', 'TEAM'], ownerId: null },
    importId,
  );
  return presentImport(created as ImportRecord);
}

export async function discardImport(ctx: RequestContext, staging: ImportStaging): Promise<void> {
  await peopleImportRepository.discard(ctx, staging.importId);
}

/**
 * The plan's contact limit (0: unlimited): the rows that would create a contact (no e-mail nor CPF
 * already in the list nor earlier in the file) plus the contacts there are must fit.
 */
async function checkPlanLimit(
  ctx: TenantContext,
  auth: AuthContext,
  emails: (string | null)[],
  cpfs: (string | null)[],
) {
  const limit = auth.tenant.planTotalContacts;
  if (!limit) return;
  const known = { emails: new Set<string>(), cpfs: new Set<string>() };
  const allEmails = [...new Set(emails.filter((e): e is string => !!e))];
  const allCpfs = [...new Set(cpfs.filter((c): c is string => !!c))];
  const CHUNK = 20_000;
  for (let i = 0; i < Math.max(allEmails.length, allCpfs.length); i += CHUNK) {
    const found = await knownPeopleKeys(
      ctx,
      false,
      allEmails.slice(i, i + CHUNK),
      allCpfs.slice(i, i + CHUNK),
    );
    for (const e of found.emails) known.emails.add(e);
    for (const c of found.cpfs) known.cpfs.add(c);
  }
  let adding = 0;
  for (let i = 0; i < emails.length; i++) {
    const email = emails[i];
    const cpf = cpfs[i];
    if ((email && known.emails.has(email)) || (cpf && known.cpfs.has(cpf))) continue;
    adding++;
    if (email) known.emails.add(email);
    if (cpf) known.cpfs.add(cpf);
  }
  const used = await countContacts(ctx);
  if (used + adding > limit) {
    const message = IMPORT_MESSAGES.planLimit(limit, used, adding);
    throw badRequest(message, message);
  }
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
