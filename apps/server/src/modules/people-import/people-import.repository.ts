import type { ImportStatus, ImportType, UpdateBehavior } from '@mandato/domain';
import { type SqlBool, sql } from 'kysely';
import type { TenantContext } from '../../platform/db/tenancy.ts';

/** Which imports a caller lists: of the types they see, only their own without all-data. */
export interface ImportsVisibility {
  types: ImportType[];
  ownerId: string | null;
}

function listQuery(ctx: TenantContext, vis: ImportsVisibility) {
  let q = ctx.trx
    .selectFrom('imports as i')
    .where('i.tenant_id', '=', ctx.tenantId)
    .where('i.type', 'in', vis.types.length > 0 ? vis.types : ['NONE' as ImportType]);
  if (vis.ownerId) q = q.where('i.user_id', '=', vis.ownerId);
  return q;
}

/**
 * A validation without progress this long was cut short (the server stopped mid-sheet): the
 * history shows it failed. Each staged batch (1,000 rows, well under a second) moves
 * `validating_since` on (`stageBatch`).
 */
const STALLED_SECONDS = 600;

function detail(ctx: TenantContext, vis: ImportsVisibility) {
  return listQuery(ctx, vis)
    .selectAll('i')
    .select((eb) => [
      sql<boolean>`coalesce(i.validating_since < now() - make_interval(secs => ${STALLED_SECONDS}), false)`.as(
        'validation_stalled',
      ),
      eb
        .selectFrom('users as u')
        .whereRef('u.tenant_id', '=', 'i.tenant_id')
        .whereRef('u.id', '=', 'i.user_id')
        .select('u.name')
        .as('user_name'),
      eb
        .selectFrom('users as u')
        .whereRef('u.tenant_id', '=', 'i.tenant_id')
        .whereRef('u.id', '=', 'i.user_id')
        .select(sql<string>`u.code::text`.as('code'))
        .as('user_code'),
    ]);
}
export type ImportRecord = Awaited<ReturnType<ReturnType<typeof detail>['executeTakeFirstOrThrow']>>;

export const peopleImportRepository = {
  /** A new import, 'validating' while its rows are read and staged (see `staged`). */
  async insert(
    ctx: TenantContext,
    values: {
      userId: string;
      type: ImportType;
      behavior: UpdateBehavior;
      fileName: string;
      ownerOnly: boolean;
    },
  ): Promise<string> {
    const row = await ctx.trx
      .insertInto('imports')
      .values({
        tenant_id: ctx.tenantId,
        user_id: values.userId,
        type: values.type,
        update_behavior: values.behavior,
        file_name: values.fileName,
        owner_only: values.ownerOnly,
        validating_since: sql<Date>`now()`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return String(row.id);
  },

  async stageBatch(ctx: TenantContext, importId: string, batch: number, rows: string): Promise<void> {
    await ctx.trx
      .insertInto('import_rows')
      .values({ tenant_id: ctx.tenantId, import_id: importId, batch, rows })
      .execute();
    // the validation's progress: the rows read so far, and a sign of life (STALLED_SECONDS)
    await ctx.trx
      .updateTable('imports')
      .set({ batches: batch, validating_since: sql<Date>`now()` })
      .where('tenant_id', '=', ctx.tenantId)
      .where('id', '=', importId)
      .where('validating_since', 'is not', null)
      .execute();
  },

  /** Every row staged and the sheet valid: the import is ready for its job, with its totals. */
  async staged(ctx: TenantContext, importId: string, totalRecords: number, batches: number): Promise<void> {
    await ctx.trx
      .updateTable('imports')
      .set({ total_records: totalRecords, batches, validating_since: null })
      .where('tenant_id', '=', ctx.tenantId)
      .where('id', '=', importId)
      .execute();
  },

  /** An import still being validated, and its staged rows (cascade), gone. */
  async discard(ctx: TenantContext, importId: string): Promise<void> {
    await ctx.trx
      .deleteFrom('imports')
      .where('tenant_id', '=', ctx.tenantId)
      .where('id', '=', importId)
      .where('validating_since', 'is not', null)
      .execute();
  },

  /**
   * A sheet refused after the answer (import-validation.ts `recordRefusal`): the import ends as
   * 'Erro', the reasons in its error log, its staged rows gone. Only while it is still validating.
   */
  async refuse(ctx: TenantContext, importId: string, reasons: { line: number; message: string }[]) {
    const ended = await ctx.trx
      .updateTable('imports')
      .set({
        status: 'ERROR',
        validating_since: null,
        finished_at: sql`now()`,
        last_error: reasons[0]?.message ?? null,
      })
      .where('tenant_id', '=', ctx.tenantId)
      .where('id', '=', importId)
      .where('validating_since', 'is not', null)
      .returning('id')
      .executeTakeFirst();
    if (!ended) return;
    await sql`
      INSERT INTO import_errors (tenant_id, import_id, line, person_id, message)
      SELECT ${ctx.tenantId}::bigint, ${importId}::bigint, e.line, NULL, e.message
      FROM json_to_recordset(${JSON.stringify(reasons)}::json) AS e(line integer, message text)`.execute(
      ctx.trx,
    );
    await ctx.trx
      .deleteFrom('import_rows')
      .where('tenant_id', '=', ctx.tenantId)
      .where('import_id', '=', importId)
      .execute();
  },

  /** Validations without progress for STALLED_SECONDS (a crash) end as refused with `message`. */
  async recordStalled(ctx: TenantContext, message: string): Promise<void> {
    const stalled = await ctx.trx
      .selectFrom('imports')
      .select('id')
      .where('tenant_id', '=', ctx.tenantId)
      .where(sql<SqlBool>`validating_since < now() - make_interval(secs => ${STALLED_SECONDS})`)
      .execute();
    for (const { id } of stalled)
      await peopleImportRepository.refuse(ctx, String(id), [{ line: 0, message }]);
  },

  async page(ctx: TenantContext, vis: ImportsVisibility, page: number, itemsPerPage: number) {
    const list = await detail(ctx, vis)
      .orderBy('i.created_at', 'desc')
      .orderBy('i.id', 'desc')
      .limit(itemsPerPage)
      .offset((page - 1) * itemsPerPage)
      .execute();
    const count = await listQuery(ctx, vis)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    return { list, total: Number(count.n) };
  },

  async find(ctx: TenantContext, vis: ImportsVisibility, id: string): Promise<ImportRecord | undefined> {
    return detail(ctx, vis).where('i.id', '=', id).executeTakeFirst();
  },

  async errors(ctx: TenantContext, importId: string, page: number, itemsPerPage: number) {
    const base = () =>
      ctx.trx
        .selectFrom('import_errors')
        .where('tenant_id', '=', ctx.tenantId)
        .where('import_id', '=', importId);
    const list = await base()
      .select(['line', 'person_id', 'message'])
      .orderBy('line')
      .limit(itemsPerPage)
      .offset((page - 1) * itemsPerPage)
      .execute();
    const count = await base()
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    return { list, total: Number(count.n) };
  },

  /** The first error lines of several imports (bulk-operations/search embeds them). */
  async firstErrors(ctx: TenantContext, importIds: string[], perImport: number) {
    if (importIds.length === 0) return [];
    const { rows } = await sql<{
      import_id: string;
      line: number;
      person_id: string | null;
      message: string;
    }>`
      SELECT import_id, line, person_id, message FROM (
        SELECT e.*, row_number() OVER (PARTITION BY e.import_id ORDER BY e.line) AS k
        FROM import_errors e
        WHERE e.tenant_id = ${ctx.tenantId}
          AND e.import_id = ANY(ARRAY(SELECT json_array_elements_text(${JSON.stringify(importIds)}::json))::bigint[])
      ) AS e WHERE e.k <= ${perImport} ORDER BY import_id, line`.execute(ctx.trx);
    return rows;
  },

  /** Until the transaction ends, no other import batch of the tenant that takes it writes contacts. */
  async lockContactWrites(ctx: TenantContext): Promise<void> {
    await sql`SELECT pg_advisory_xact_lock(74218531, hashtext(${ctx.tenantId}::text))`.execute(ctx.trx);
  },

  /** The import, locked for the batch about to be written (a second worker waits, then sees it done). */
  async lock(ctx: TenantContext, importId: string) {
    return ctx.trx
      .selectFrom('imports')
      .select(['id', 'user_id', 'type', 'update_behavior', 'owner_only', 'status', 'batches', 'batches_done'])
      .where('tenant_id', '=', ctx.tenantId)
      .where('id', '=', importId)
      .forUpdate()
      .executeTakeFirst();
  },

  async batchRows(ctx: TenantContext, importId: string, batch: number): Promise<string | undefined> {
    const row = await ctx.trx
      .selectFrom('import_rows')
      .select('rows')
      .where('tenant_id', '=', ctx.tenantId)
      .where('import_id', '=', importId)
      .where('batch', '=', batch)
      .executeTakeFirst();
    return row?.rows;
  },

  /** A batch done: its log lines (rows with a reason), the totals and the cursor, and its staged rows gone. */
  async commitBatch(
    ctx: TenantContext,
    importId: string,
    batch: number,
    totals: { success: number; error: number; skip: number },
    errors: { line: number; personId: string | null; message: string }[],
  ): Promise<void> {
    if (errors.length > 0) {
      await sql`
        INSERT INTO import_errors (tenant_id, import_id, line, person_id, message)
        SELECT ${ctx.tenantId}::bigint, ${importId}::bigint, e.line, e.person_id, e.message
        FROM json_to_recordset(${JSON.stringify(
          errors.map((e) => ({ line: e.line, person_id: e.personId, message: e.message })),
        )}::json) AS e(line integer, person_id bigint, message text)`.execute(ctx.trx);
    }
    await ctx.trx
      .updateTable('imports')
      .set((eb) => ({
        batches_done: batch,
        total_success: eb('total_success', '+', totals.success),
        total_error: eb('total_error', '+', totals.error),
        total_skip: eb('total_skip', '+', totals.skip),
      }))
      .where('tenant_id', '=', ctx.tenantId)
      .where('id', '=', importId)
      .where('batches_done', '=', batch - 1)
      .execute();
    await ctx.trx
      .deleteFrom('import_rows')
      .where('tenant_id', '=', ctx.tenantId)
      .where('import_id', '=', importId)
      .where('batch', '=', batch)
      .execute();
  },

  async finish(
    ctx: TenantContext,
    importId: string,
    status: ImportStatus,
    lastError?: string,
  ): Promise<void> {
    await ctx.trx
      .updateTable('imports')
      .set({
        status,
        finished_at: sql`now()`,
        ...(lastError ? { last_error: lastError.slice(0, 2000) } : {}),
      })
      .where('tenant_id', '=', ctx.tenantId)
      .where('id', '=', importId)
      .where(sql<SqlBool>`status = 'IN_PROGRESS'`)
      .execute();
    if (status === 'ERROR')
      await ctx.trx
        .deleteFrom('import_rows')
        .where('tenant_id', '=', ctx.tenantId)
        .where('import_id', '=', importId)
        .execute();
  },

  /**
   * The import stopped at `line` (the batch from it on was not written): that line gets `message`,
   * the rows not written count as errors (so the totals still add up to the file), and it ends
   * as 'Erro'.
   */
  async stopAtLine(ctx: TenantContext, importId: string, line: number, message: string): Promise<void> {
    await ctx.trx
      .insertInto('import_errors')
      .values({ tenant_id: ctx.tenantId, import_id: importId, line, person_id: null, message })
      .execute();
    await ctx.trx
      .updateTable('imports')
      .set((eb) => ({
        total_error: sql<number>`${eb.ref('total_records')} - ${eb.ref('total_success')} - ${eb.ref('total_skip')}`,
      }))
      .where('tenant_id', '=', ctx.tenantId)
      .where('id', '=', importId)
      .where(sql<SqlBool>`status = 'IN_PROGRESS'`)
      .execute();
    await peopleImportRepository.finish(ctx, importId, 'ERROR', message);
  },

  /** A failed attempt of the job: answers how many there were. */
  async recordFailure(ctx: TenantContext, importId: string, message: string): Promise<number> {
    const row = await ctx.trx
      .updateTable('imports')
      .set((eb) => ({ failed_attempts: eb('failed_attempts', '+', 1), last_error: message.slice(0, 2000) }))
      .where('tenant_id', '=', ctx.tenantId)
      .where('id', '=', importId)
      .returning('failed_attempts')
      .executeTakeFirst();
    return row?.failed_attempts ?? 0;
  },
};
