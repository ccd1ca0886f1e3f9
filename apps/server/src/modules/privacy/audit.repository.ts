import { sql } from 'kysely';
import { type VisibleRows, visibleTo } from '../../platform/db/filter/people-visibility.ts';
import type { AuditLogAction } from '../../platform/db/schema.ts';
import type { TenantContext } from '../../platform/db/tenancy.ts';

export interface AuditRecord {
  code: string;
  at: Date | string;
  user_code: string | null;
  user_name: string | null;
  user_email: string | null;
  action: AuditLogAction;
  subject: string;
  detail: unknown;
}

/** What the list and the export filter by: resolved to ids and instants by the service. */
export interface AuditSelection {
  userCode?: string;
  action?: AuditLogAction;
  /** from this instant (the start of a São Paulo day), included */
  since?: Date;
  /** before this instant (the start of the day after the last one), excluded */
  before?: Date;
}

function selected(ctx: TenantContext, selection: AuditSelection) {
  let query = ctx.trx
    .selectFrom('audit_log as a')
    .leftJoin('users as u', (j) => j.onRef('u.tenant_id', '=', 'a.tenant_id').onRef('u.id', '=', 'a.user_id'))
    .where('a.tenant_id', '=', ctx.tenantId);
  if (selection.userCode) query = query.where('u.code', '=', selection.userCode);
  if (selection.action) query = query.where('a.action', '=', selection.action);
  if (selection.since) query = query.where('a.at', '>=', selection.since);
  if (selection.before) query = query.where('a.at', '<', selection.before);
  return query;
}

/** SQL of the audit log (audit_log, migration 0042). */
export const auditRepository = {
  /** A page of the selection, newest first, with who acted. */
  async page(
    ctx: TenantContext,
    selection: AuditSelection,
    limit: number,
    offset: number,
  ): Promise<{ rows: AuditRecord[]; total: number }> {
    const rows = await auditRepository.rows(ctx, selection, limit, offset);
    const count = await selected(ctx, selection)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirst();
    return { rows, total: Number(count?.n ?? 0) };
  },

  /** The rows of the selection, newest first. */
  async rows(
    ctx: TenantContext,
    selection: AuditSelection,
    limit: number,
    offset = 0,
  ): Promise<AuditRecord[]> {
    return (await selected(ctx, selection)
      .select([
        sql<string>`a.code::text`.as('code'),
        'a.at',
        sql<string | null>`u.code::text`.as('user_code'),
        'u.name as user_name',
        'u.email as user_email',
        'a.action',
        'a.subject',
        'a.detail',
      ])
      .orderBy('a.at', 'desc')
      .orderBy('a.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute()) as AuditRecord[];
  },

  /**
   * The titulars of the requests `codes` (uuids) the caller may see, by request code: the name the
   * request keeps (initials once the person was erased, freezeRequestNames). A titular still in
   * people is named only if visible to the caller; one gone from people is named by that name.
   */
  async requestNames(
    ctx: TenantContext,
    visibility: VisibleRows,
    codes: readonly string[],
  ): Promise<{ code: string; name: string }[]> {
    if (codes.length === 0) return [];
    const { rows } = await sql<{ code: string; name: string }>`
      SELECT r.code::text AS code, r.person_name AS name
        FROM privacy_requests r
       WHERE r.tenant_id = ${ctx.tenantId} AND r.code = ANY (${sql.val(codes)}::uuid[])
         AND (r.person_id IS NULL OR EXISTS (SELECT 1 FROM people p
               WHERE p.tenant_id = r.tenant_id AND p.id = r.person_id AND ${visibleTo(visibility)}))`.execute(
      ctx.trx,
    );
    return rows;
  },

  /**
   * The names of the people `ids` the caller may see: in people, or kept by a merge (the merged
   * people's rows, person_merges.merged_rows, until the undo or the purge); the people row first.
   */
  async peopleNames(
    ctx: TenantContext,
    visibility: VisibleRows,
    ids: readonly string[],
  ): Promise<{ id: string; name: string }[]> {
    if (ids.length === 0) return [];
    const wanted = sql`${sql.val(ids)}::bigint[]`;
    const { rows } = await sql<{ id: string; name: string }>`
      SELECT p.id::text AS id, p.name, 0 AS o FROM people p
       WHERE p.tenant_id = ${ctx.tenantId} AND p.id = ANY (${wanted}) AND ${visibleTo(visibility)}
      UNION ALL
      SELECT p.id::text AS id, p.name, 1 AS o
        FROM person_merges m
        CROSS JOIN LATERAL jsonb_to_recordset(m.merged_rows)
          AS p (id bigint, name text, is_team boolean, created_by bigint)
       WHERE m.tenant_id = ${ctx.tenantId} AND m.merged_ids && ${wanted}
         AND p.id = ANY (${wanted}) AND p.name IS NOT NULL AND ${visibleTo(visibility)}
      ORDER BY o`.execute(ctx.trx);
    return rows;
  },
};
