import { sql } from 'kysely';
import type { TenantContext } from '../../platform/db/tenancy.ts';

export interface DemandRow {
  id: string;
  code: number;
  title: string;
  description: string | null;
  applicantId: string;
  status: string;
  createdAt: Date;
}

export interface DemandFileRow {
  demandId: string;
  name: string;
  originalName: string;
  size: number;
  storageKey: string;
  contentType: string;
}

export interface NewDemandFile {
  demandId: string;
  storageKey: string;
  name: string;
  originalName: string;
  fileType: string;
  contentType: string;
  size: number;
  createdBy: string;
}

const DEMAND_COLUMNS = [
  'id',
  'code',
  'title',
  'description',
  'applicant_id',
  'status',
  'created_at',
] as const;

const toRow = (r: {
  id: string;
  code: number;
  title: string;
  description: string | null;
  applicant_id: string | number;
  status: string;
  created_at: Date;
}): DemandRow => ({
  id: String(r.id),
  code: Number(r.code),
  title: r.title,
  description: r.description,
  applicantId: String(r.applicant_id),
  status: r.status,
  createdAt: new Date(r.created_at),
});

export const demandsRepository = {
  async page(ctx: TenantContext, limit: number, offset: number) {
    const rows = await ctx.trx
      .selectFrom('demands')
      .select(DEMAND_COLUMNS)
      .where('tenant_id', '=', ctx.tenantId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
    const count = await ctx.trx
      .selectFrom('demands')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('tenant_id', '=', ctx.tenantId)
      .executeTakeFirstOrThrow();
    return { rows: rows.map(toRow), total: Number(count.n) };
  },

  async byCode(ctx: TenantContext, code: number): Promise<DemandRow | undefined> {
    const row = await ctx.trx
      .selectFrom('demands')
      .select(DEMAND_COLUMNS)
      .where('tenant_id', '=', ctx.tenantId)
      .where('code', '=', code)
      .executeTakeFirst();
    return row ? toRow(row) : undefined;
  },

  /** A new demand with the next code of the tenant, and its first history entry. */
  async insert(
    ctx: TenantContext,
    values: { title: string; description: string | null; applicantId: string; status: string },
    user: { id: string; name: string },
  ): Promise<DemandRow> {
    // two registrations at once would read the same max(code): the second waits for the first
    await sql`SELECT pg_advisory_xact_lock(hashtext('demands.code'), ${Number(ctx.tenantId)}::int)`.execute(
      ctx.trx,
    );
    const row = await ctx.trx
      .insertInto('demands')
      .values({
        tenant_id: ctx.tenantId,
        code: sql<number>`(SELECT coalesce(max(code), 0) + 1 FROM demands WHERE tenant_id = ${ctx.tenantId})`,
        title: values.title,
        description: values.description,
        applicant_id: values.applicantId,
        status: values.status,
        created_by: user.id,
      })
      .returning(DEMAND_COLUMNS)
      .executeTakeFirstOrThrow();
    await this.recordStatus(ctx, String(row.id), null, values.status, user);
    return toRow(row);
  },

  async setStatus(ctx: TenantContext, id: string, status: string) {
    await ctx.trx
      .updateTable('demands')
      .set({ status, updated_at: sql`now()` })
      .where('tenant_id', '=', ctx.tenantId)
      .where('id', '=', id)
      .execute();
  },

  async recordStatus(
    ctx: TenantContext,
    demandId: string,
    from: string | null,
    to: string,
    user: { id: string; name: string },
  ) {
    await ctx.trx
      .insertInto('demand_status_changes')
      .values({
        tenant_id: ctx.tenantId,
        demand_id: demandId,
        from_status: from,
        to_status: to,
        changed_by: user.id,
        changed_by_name: user.name.slice(0, 150),
      })
      .execute();
  },

  async history(ctx: TenantContext, demandId: string) {
    const rows = await ctx.trx
      .selectFrom('demand_status_changes')
      .select(['from_status', 'to_status', 'changed_by_name', 'changed_at'])
      .where('tenant_id', '=', ctx.tenantId)
      .where('demand_id', '=', demandId)
      .orderBy('id')
      .execute();
    return rows.map((r) => ({
      from: r.from_status,
      to: r.to_status,
      by: r.changed_by_name,
      at: new Date(r.changed_at),
    }));
  },

  async filesOf(ctx: TenantContext, demandIds: readonly string[]): Promise<DemandFileRow[]> {
    if (demandIds.length === 0) return [];
    const rows = await ctx.trx
      .selectFrom('demand_files')
      .select(['demand_id', 'name', 'original_name', 'size', 'storage_key', 'content_type'])
      .where('tenant_id', '=', ctx.tenantId)
      .where('demand_id', 'in', [...demandIds])
      .orderBy('id')
      .execute();
    return rows.map((r) => ({
      demandId: String(r.demand_id),
      name: r.name,
      originalName: r.original_name,
      size: Number(r.size),
      storageKey: r.storage_key,
      contentType: r.content_type,
    }));
  },

  async fileByName(ctx: TenantContext, name: string): Promise<DemandFileRow | undefined> {
    const row = await ctx.trx
      .selectFrom('demand_files')
      .select(['demand_id', 'name', 'original_name', 'size', 'storage_key', 'content_type'])
      .where('tenant_id', '=', ctx.tenantId)
      .where('name', '=', name)
      .executeTakeFirst();
    return row
      ? {
          demandId: String(row.demand_id),
          name: row.name,
          originalName: row.original_name,
          size: Number(row.size),
          storageKey: row.storage_key,
          contentType: row.content_type,
        }
      : undefined;
  },

  async insertFile(ctx: TenantContext, file: NewDemandFile) {
    await ctx.trx
      .insertInto('demand_files')
      .values({
        tenant_id: ctx.tenantId,
        demand_id: file.demandId,
        storage_key: file.storageKey,
        name: file.name,
        original_name: file.originalName,
        file_type: file.fileType,
        content_type: file.contentType,
        size: file.size,
        created_by: file.createdBy,
      })
      .execute();
  },
};
