import { sql } from 'kysely';
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
};
