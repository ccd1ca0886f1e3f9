import fs from 'node:fs/promises';
import {
  IMPORT_MESSAGES,
  type ImportData,
  type ImportLog,
  type ImportRow,
  seesAllContacts,
} from '@mandato/domain';
import type { AppContext, RequestContext } from '../../platform/app-context.ts';
import type { AuthContext } from '../../platform/auth/guard.ts';
import { type TenantContext, withTenant } from '../../platform/db/tenancy.ts';
import { AppError, badRequest } from '../../platform/http/errors.ts';
import { assertType } from '../people/people.policy.ts';
import { countContacts } from '../people/people.service.ts';
import { knownPeopleKeys } from '../people/people-batch.lookup.ts';
import { type ImportJob, importQueue } from './people-import.job.ts';
import { peopleImportRepository } from './people-import.repository.ts';
import { IMPORT_BATCH_SIZE, presentImport } from './people-import.service.ts';
import { readXlsxRowsIsolated, type VerifiedXlsx } from './xlsx-import.task.ts';
import type { SheetVerdict } from './xlsx-sheet.ts';

/** An import whose rows are being validated and staged (steps below). */
export interface ImportStaging {
  tenantId: string;
  importId: string;
  batches: number;
  /** the plan's contacts (0: unlimited), read when the import began */
  planLimit: number;
  /** the keys of the plan check, only where the plan limits contacts */
  keys: { emails: (string | null)[]; cpfs: (string | null)[] } | null;
}

/**
 * POST /people/import, after the file checks of the route (xlsx-import.task.ts `verifyXlsx`), in
 * short transactions, so that reading a sheet never holds a connection (on the embedded engine, the
 * one every tenant shares):
 * 1. `beginImport`, in the caller's guarded transaction: the import, shown as 'validating';
 * 2. `importWithin`: the untrusted pool reads and validates the rows, each batch staged in its own
 *    transaction (bound to the tenant the guard checked at step 1), then the verdict: a valid sheet
 *    is checked against the plan's contacts and its job enqueued. A verdict within the configured
 *    wait is the answer (the spec's 400 with the inconsistencies by line, and nothing kept); past
 *    it the answer is the import, still validating, and a refusal is recorded on it (status 'Erro',
 *    the inconsistencies in its error log, no row imported), so a sheet of any size answers at once.
 */
export async function beginImport(
  ctx: RequestContext,
  auth: AuthContext,
  input: { fileName: string; data: ImportData },
): Promise<ImportStaging> {
  const { data } = input;
  assertType(auth, data.type);
  await peopleImportRepository.recordStalled(ctx, IMPORT_MESSAGES.validationInterrupted);
  const importId = await peopleImportRepository.insert(ctx, {
    userId: auth.user.id,
    type: data.type,
    behavior: data.updateBehavior,
    fileName: input.fileName,
    ownerOnly: data.type === 'PERSON' && !seesAllContacts(auth.access),
  });
  const planLimit = data.type === 'PERSON' ? (auth.tenant.planTotalContacts ?? 0) : 0;
  return {
    tenantId: ctx.tenantId,
    importId,
    batches: 0,
    planLimit,
    keys: planLimit ? { emails: [], cpfs: [] } : null,
  };
}

export interface SheetToValidate extends VerifiedXlsx {
  /** the uploaded file, removed once it is read */
  path: string;
}

/**
 * Steps 2 and 3 of `beginImport`: the import as the answer (valid, or still validating after
 * `waitMs`), or the 400 (or the pool's 4xx) of a sheet refused within the wait.
 */
export async function importWithin(
  app: AppContext,
  staging: ImportStaging,
  sheet: SheetToValidate,
  type: ImportData['type'],
): Promise<ImportLog> {
  const validation = validateSheet(app, staging, sheet, type).then(
    (log) => ({ log }),
    (error: unknown) => ({ error }),
  );
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), app.config.importVerdictWaitMs);
  });
  const first = await Promise.race([validation, waited]);
  clearTimeout(timer);
  if (first === undefined) {
    void validation.then(async (outcome) => {
      if ('error' in outcome) await recordRefusal(app, staging, outcome.error);
    });
    return withTenant(app.db, staging.tenantId, (ctx) => presentStaged(ctx, staging));
  }
  if ('log' in first) return first.log;
  await withTenant(app.db, staging.tenantId, (ctx) =>
    peopleImportRepository.discard(ctx, staging.importId),
  ).catch((error: Error) => app.log.warn({ err: error }, 'importação deixada em validação'));
  throw first.error;
}

async function validateSheet(
  app: AppContext,
  staging: ImportStaging,
  sheet: SheetToValidate,
  type: ImportData['type'],
): Promise<ImportLog> {
  const inTenant = <T>(work: (ctx: TenantContext) => Promise<T>) =>
    withTenant(app.db, staging.tenantId, work);
  try {
    const verdict = await readXlsxRowsIsolated(
      app,
      staging.tenantId,
      { ...sheet, type, batchSize: IMPORT_BATCH_SIZE },
      (batch) => inTenant((ctx) => stageImportRows(ctx, staging, batch)),
    );
    return await inTenant((ctx) => finishImport({ ...ctx, app }, staging, verdict));
  } finally {
    await fs.rm(sheet.path, { force: true });
  }
}

/** A batch of valid rows, in file order (the pool's worker sends copies, never slices of a chunk). */
async function stageImportRows(ctx: TenantContext, staging: ImportStaging, rows: ImportRow[]) {
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

async function finishImport(
  ctx: RequestContext,
  staging: ImportStaging,
  verdict: SheetVerdict,
): Promise<ImportLog> {
  if (verdict.errorLines > 0) throw badRequest(IMPORT_MESSAGES.inconsistencies, verdict.errors);
  if (staging.keys) await checkPlanLimit(ctx, staging.planLimit, staging.keys.emails, staging.keys.cpfs);
  const { importId } = staging;
  await peopleImportRepository.staged(ctx, importId, verdict.rows, staging.batches);
  const job: ImportJob = { tenantId: ctx.tenantId, importId };
  await ctx.app.jobs.enqueue(importQueue, job, { singletonKey: `import:${importId}` }, ctx.trx);
  return presentStaged(ctx, staging);
}

async function presentStaged(ctx: TenantContext, staging: ImportStaging): Promise<ImportLog> {
  const found = await peopleImportRepository.find(
    ctx,
    { types: ['PERSON', 'TEAM'], ownerId: null },
    staging.importId,
  );
  if (!found) throw new Error(`import ${staging.importId} gone while validated`);
  return presentImport(found);
}

/**
 * A sheet refused after the answer: the import ends as 'Erro' with the reasons in its error log
 * (the inconsistencies by line, or the plan's or the pool's message on line 0), its staged rows gone.
 */
async function recordRefusal(app: AppContext, staging: ImportStaging, error: unknown) {
  const reasons =
    error instanceof AppError && error.status < 500
      ? refusalLines(error)
      : [{ line: 0, message: IMPORT_MESSAGES.validationFailed }];
  if (!(error instanceof AppError)) app.log.error({ err: error }, 'validação de importação falhou');
  await withTenant(app.db, staging.tenantId, (ctx) =>
    peopleImportRepository.refuse(ctx, staging.importId, reasons),
  ).catch((e: Error) => app.log.error({ err: e }, 'recusa de importação não registrada'));
}

/** 'Coluna: mensagem' per failure of a line, as the inconsistencies table shows them. */
export function refusalLines(error: AppError): { line: number; message: string }[] {
  const { errors } = error;
  if (!errors || typeof errors !== 'object' || Array.isArray(errors))
    return [{ line: 0, message: error.message }];
  return Object.entries(errors).flatMap(([line, failures]) => {
    const at = Number(line) || 0;
    if (Array.isArray(failures)) return failures.map((message) => ({ line: at, message }));
    return Object.entries(failures as Record<string, string[]>).flatMap(([column, messages]) =>
      messages.map((m) => ({ line: at, message: `${column}: ${m}` })),
    );
  });
}

/**
 * The plan's contact limit: the rows that would create a contact (no e-mail nor CPF already in the
 * list nor earlier in the file) plus the contacts there are must fit.
 */
async function checkPlanLimit(
  ctx: TenantContext,
  limit: number,
  emails: (string | null)[],
  cpfs: (string | null)[],
) {
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
