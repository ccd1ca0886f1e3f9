import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { type VisibleRows, visibleTo } from '../../platform/db/filter/people-visibility.ts';
import type { TenantContext } from '../../platform/db/tenancy.ts';

export interface MergeHistoryRow {
  id: string | number;
  created_at: Date | string;
  created_by_name: string | null;
  survivor_id: string | number | null;
  survivor_name: string | null;
  /** in the order of merged_ids; name null when the caller may not see that person */
  merged: { code: string | number; name: string | null }[];
  undone_at: Date | string | null;
  undo_until: Date | string;
}

/**
 * The people merged by `m`, as far as the tenant still knows them: the rows the merge kept (until
 * the undo) and the people the undo brought back. Aliased `p` (is_team, created_by) for visibleTo.
 */
const mergedPeople = sql`(
  SELECT r.id, r.name, r.is_team, r.created_by
    FROM jsonb_to_recordset(m.merged_rows) AS r (id bigint, name text, is_team boolean, created_by bigint)
  UNION ALL
  SELECT q.id, q.name, q.is_team, q.created_by FROM people q
    WHERE q.tenant_id = m.tenant_id AND q.id = ANY (m.merged_ids)
) AS p`;

/**
 * The merges the caller may see: the survivor (p of the outer query) visible to them; the survivor
 * gone, every merged person still known visible to them (and at least one known).
 */
function visibleMerge(visibility: VisibleRows): RawBuilder<SqlBool> {
  return sql<SqlBool>`(CASE WHEN p.id IS NOT NULL THEN ${visibleTo(visibility, 'p')}
    ELSE EXISTS (SELECT 1 FROM ${mergedPeople})
      AND NOT EXISTS (SELECT 1 FROM ${mergedPeople} WHERE (${visibleTo(visibility, 'p')}) IS NOT TRUE) END)`;
}

/** SQL of the merge list (GET /api/people/merges): person_merges with its people and users. */
export const mergeHistoryRepository = {
  /** A page of the tenant's merges newer than `days` the caller may see, newest first, and their total. */
  async page(
    ctx: TenantContext,
    visibility: VisibleRows,
    days: number,
    limit: number,
    offset: number,
  ): Promise<{ rows: MergeHistoryRow[]; total: number }> {
    // the survivor is aliased p so visibleTo reads it; inside the subqueries their own p shadows it
    const from = sql`person_merges m LEFT JOIN people p ON p.tenant_id = m.tenant_id AND p.id = m.survivor_id`;
    const where = sql`m.tenant_id = ${ctx.tenantId}
      AND m.created_at >= now() - make_interval(days => ${days})
      AND ${visibleMerge(visibility)}`;
    const counted = await sql<{
      n: string | number;
    }>`SELECT count(*) AS n FROM ${from} WHERE ${where}`.execute(ctx.trx);
    const total = Number(counted.rows[0]?.n ?? 0);
    if (total === 0 || offset >= total) return { rows: [], total };
    const { rows } = await sql<MergeHistoryRow>`
      SELECT m.id, m.created_at, u.name AS created_by_name,
        p.id AS survivor_id, p.name AS survivor_name,
        (SELECT coalesce(jsonb_agg(jsonb_build_object('code', k.id, 'name',
            (SELECT p.name FROM ${mergedPeople}
              WHERE p.id = k.id AND ${visibleTo(visibility, 'p')} LIMIT 1)) ORDER BY k.n), '[]'::jsonb)
          FROM unnest(m.merged_ids) WITH ORDINALITY AS k (id, n)) AS merged,
        m.undone_at, m.created_at + make_interval(days => ${days}) AS undo_until
      FROM ${from}
      LEFT JOIN users u ON u.tenant_id = m.tenant_id AND u.id = m.created_by
      WHERE ${where}
      ORDER BY m.created_at DESC, m.id DESC
      LIMIT ${limit} OFFSET ${offset}`.execute(ctx.trx);
    return { rows, total };
  },
};
