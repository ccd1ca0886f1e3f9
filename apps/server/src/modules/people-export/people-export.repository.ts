import type { FilterExpression, PeopleExportStatus, PeopleExportType } from '@mandato/domain';
import { type SqlBool, sql } from 'kysely';
import type { TenantContext } from '../../platform/db/tenancy.ts';

/** Which exports of the log a caller may read (see exportLogVisibility in the service). */
export interface ExportLogVisibility {
  types: PeopleExportType[];
  /** PERSON exports limited to this user's own (no ROLE_CRM_ALL_DATA) */
  personOwnerId: string | null;
}

export interface ExportLogRow {
  id: string;
  created_at: Date;
  user_name: string | null;
  kind: string;
  list_code: string | null;
  list_name: string | null;
  total_rows: number;
  status: PeopleExportStatus;
}

function visibleLogs(ctx: TenantContext, vis: ExportLogVisibility) {
  const parts = vis.types.map((type) =>
    type === 'PERSON' && vis.personOwnerId
      ? sql<SqlBool>`(e.kind = 'PERSON' AND e.user_id = ${vis.personOwnerId})`
      : sql<SqlBool>`e.kind = ${type}`,
  );
  return ctx.trx
    .selectFrom('export_logs as e')
    .where('e.tenant_id', '=', ctx.tenantId)
    .where(parts.length > 0 ? sql<SqlBool>`(${sql.join(parts, sql` OR `)})` : sql<SqlBool>`false`);
}

/** The people exports of the export log (migrations 0005 and 0015). */
export const peopleExportRepository = {
  /** The export about to start (committed before the first row is written). */
  async start(
    ctx: TenantContext,
    values: {
      userId: string;
      type: PeopleExportType;
      expression: FilterExpression;
      listCode: number | null;
      listName: string | null;
      expectedRows: number;
    },
  ): Promise<string> {
    const row = await ctx.trx
      .insertInto('export_logs')
      .values({
        tenant_id: ctx.tenantId,
        user_id: values.userId,
        kind: values.type,
        filter: JSON.stringify(values.expression),
        total_rows: values.expectedRows,
        list_code: values.listCode,
        list_name: values.listName,
        status: 'STARTED',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return String(row.id);
  },

  /** The rows actually written, when the stream ended (DONE) or the client went away. */
  async finish(ctx: TenantContext, id: string, rows: number, status: 'DONE' | 'INTERRUPTED') {
    await ctx.trx
      .updateTable('export_logs')
      .set({ total_rows: rows, status, finished_at: sql`now()` })
      .where('tenant_id', '=', ctx.tenantId)
      .where('id', '=', id)
      .where('status', '=', 'STARTED')
      .execute();
  },

  /** A page of the visible people exports, newest first, with who made them. */
  async page(
    ctx: TenantContext,
    vis: ExportLogVisibility,
    offset: number,
    limit: number,
  ): Promise<{ list: ExportLogRow[]; total: number }> {
    const list = await visibleLogs(ctx, vis)
      .select((eb) => [
        'e.id',
        'e.created_at',
        'e.kind',
        'e.list_code',
        'e.list_name',
        'e.total_rows',
        'e.status',
        eb
          .selectFrom('users as u')
          .select('u.name')
          .whereRef('u.tenant_id', '=', 'e.tenant_id')
          .whereRef('u.id', '=', 'e.user_id')
          .as('user_name'),
      ])
      .orderBy('e.created_at', 'desc')
      .orderBy('e.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
    const count = await visibleLogs(ctx, vis)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    return { list: list as ExportLogRow[], total: Number(count.n) };
  },
};
