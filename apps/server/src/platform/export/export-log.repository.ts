import type { TenantContext } from '../db/tenancy.ts';

/**
 * The export log (migration 0015, DESIGN.md §6) of a CSV answered at once: who exported, what
 * (kind and filter), how many rows. The people export, which streams and records its progress,
 * keeps its own rows (people-export.repository.ts).
 */
export async function recordExport(
  ctx: TenantContext,
  userId: string,
  kind: string,
  filter: unknown,
  totalRows: number,
): Promise<void> {
  await ctx.trx
    .insertInto('export_logs')
    .values({
      tenant_id: ctx.tenantId,
      user_id: userId,
      kind,
      filter: JSON.stringify(filter),
      total_rows: totalRows,
    })
    .execute();
}
