import { setImmediate } from 'node:timers/promises';
import { IMPORT_MESSAGES, type ImportRow, PRIVACY_TEXTS } from '@mandato/domain';
import { z } from 'zod';
import type { AppContext } from '../../platform/app-context.ts';
import { type TenantContext, withTenant } from '../../platform/db/tenancy.ts';
import { defineQueue, rowId } from '../../platform/jobs/queue.ts';
import { countContacts } from '../people/people.service.ts';
import { importPeopleBatch } from '../people/people-batch.lookup.ts';
import { type PrivacyKeySource, suppressedAddresses } from '../privacy/privacy.service.ts';
import { contactLimit } from '../tenants/tenants.lookup.ts';
import { peopleImportRepository } from './people-import.repository.ts';

/**
 * One import at a time per worker: each is a long run of write transactions, and on PGlite they all
 * share its one connection (a second import side by side would only halve the speed of both).
 */
export const importQueue = defineQueue({
  name: 'people.import',
  payload: z.object({ tenantId: rowId, importId: rowId }),
  concurrency: 1,
  maxAttempts: 20,
});
export type ImportJob = z.infer<typeof importQueue.payload>;

/** Attempts of an import's job before the import is marked 'Erro' (its committed batches stay). */
export const IMPORT_MAX_FAILURES = 5;

/**
 * A batch that took the contacts past the plan (the check before the start cannot see godfathers
 * created on the way, nor another import running at the same time): it is rolled back and the
 * import stops there, the rows left counted as errors under one message.
 */
class PlanLimitReached extends Error {
  constructor(
    readonly limit: number,
    readonly line: number,
  ) {
    super(IMPORT_MESSAGES.planLimitReached(limit));
  }
}

/**
 * Runs an import's staged batches in file order. Each batch is one transaction: the import row is
 * locked, the batch's people are written (people module, set-based), and its error lines, totals
 * and the cursor (batches_done) are recorded with them. A worker killed mid-batch (SIGKILL) leaves
 * that batch uncommitted: the job, claimed again once its lock expires, resumes at the cursor, so
 * every row is imported once. A second worker on the same import waits on the lock and then sees
 * the cursor moved: it never writes a batch twice.
 */
export function importHandler(
  app: Pick<AppContext, 'db' | 'log'> & Partial<PrivacyKeySource>,
  options: { onBatch?: (importId: string, batchesDone: number) => void } = {},
) {
  return async (job: ImportJob) => {
    try {
      for (;;) {
        const done = await withTenant(app.db, job.tenantId, (ctx) => runBatch(ctx, job.importId, app));
        if (done === undefined) return;
        options.onBatch?.(job.importId, done);
        // let the server's I/O through between batches (PGlite runs in this thread: a loop of
        // awaited queries alone would hold every request until the import ends)
        await setImmediate();
      }
    } catch (error) {
      if (error instanceof PlanLimitReached) {
        await withTenant(app.db, job.tenantId, (ctx) =>
          peopleImportRepository.stopAtLine(ctx, job.importId, error.line, error.message),
        );
        return;
      }
      const message = error instanceof Error ? error.message : String(error);
      const failures = await withTenant(app.db, job.tenantId, async (ctx) => {
        const n = await peopleImportRepository.recordFailure(ctx, job.importId, message);
        if (n >= IMPORT_MAX_FAILURES)
          await peopleImportRepository.finish(ctx, job.importId, 'ERROR', message);
        return n;
      });
      if (failures < IMPORT_MAX_FAILURES) throw error;
      app.log.error({ importId: job.importId, err: message }, 'importação falhou');
    }
  };
}

/** One batch in the caller's transaction: answers the batches done, undefined once there is none left. */
async function runBatch(
  ctx: TenantContext,
  importId: string,
  app: Partial<PrivacyKeySource>,
): Promise<number | undefined> {
  const current = await peopleImportRepository.lock(ctx, importId);
  if (current?.status !== 'IN_PROGRESS') return undefined;
  if (current.batches_done >= current.batches) {
    await peopleImportRepository.finish(ctx, importId, 'CONCLUDED');
    return undefined;
  }
  const batch = current.batches_done + 1;
  // with a contact limit, the batches of the tenant's imports are written one at a time, so the
  // count after a batch sees every other import's committed rows (and none in flight)
  const limit = current.type === 'PERSON' ? await contactLimit(ctx) : 0;
  if (limit > 0) await peopleImportRepository.lockContactWrites(ctx);
  const staged = await peopleImportRepository.batchRows(ctx, importId, batch);
  const stagedRows = staged ? (JSON.parse(staged) as ImportRow[]) : [];
  // rows of people anonymised or deleted at their request are skipped with the reason
  const { rows, suppressed } = await withoutSuppressed(ctx, stagedRows, app);
  const imported =
    rows.length === 0
      ? []
      : await importPeopleBatch(ctx, {
          rows,
          behavior: current.update_behavior,
          isTeam: current.type === 'TEAM',
          importerId: current.user_id === null ? null : String(current.user_id),
          ownerOnly: current.owner_only,
        });
  const outcomes = [...imported, ...suppressed].sort((a, b) => a.line - b.line);
  if (limit > 0 && outcomes.some((o) => o.status === 'success') && (await countContacts(ctx)) > limit)
    throw new PlanLimitReached(limit, rows[0]?.line ?? 0);
  const totals = { success: 0, error: 0, skip: 0 };
  for (const o of outcomes) totals[o.status]++;
  await peopleImportRepository.commitBatch(
    ctx,
    importId,
    batch,
    totals,
    // the log: every row with a reason (its errors, and the skips of a member who holds more)
    outcomes.flatMap((o) =>
      o.message === undefined ? [] : [{ line: o.line, personId: o.personId, message: o.message }],
    ),
  );
  return batch;
}

/**
 * The rows whose e-mail or a phone is on the suppression list, as skips; the others to import. An
 * app without the privacy keys (a test's bare worker) imports them all.
 */
async function withoutSuppressed(tctx: TenantContext, rows: ImportRow[], app: Partial<PrivacyKeySource>) {
  const { privacyKeys } = app;
  if (!privacyKeys) return { rows, suppressed: [] };
  const ctx = { ...tctx, app: { privacyKeys } };
  const emails = await suppressedAddresses(
    ctx,
    'EMAIL',
    rows.flatMap((r) => (r.email ? [r.email] : [])),
  );
  const phones = await suppressedAddresses(
    ctx,
    'PHONE',
    rows.flatMap((r) => [r.cellphone, r.phoneTwo].filter((p): p is string => Boolean(p))),
  );
  const isSuppressed = (r: ImportRow) =>
    (r.email !== undefined && emails.has(r.email)) ||
    [r.cellphone, r.phoneTwo].some((p) => p !== undefined && phones.has(p));
  return {
    rows: rows.filter((r) => !isSuppressed(r)),
    suppressed: rows.filter(isSuppressed).map((r) => ({
      line: r.line,
      status: 'skip' as const,
      personId: null,
      message: PRIVACY_TEXTS.suppressedSkip,
    })),
  };
}
