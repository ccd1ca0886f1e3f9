import type { FilterExpression, SegmentType } from '@mandato/domain';
import { sql } from 'kysely';
import type { TenantContext } from '../../platform/db/tenancy.ts';

export interface SegmentRecord {
  id: string;
  name: string;
  type: SegmentType;
  expression: FilterExpression;
  active: boolean;
}

const columns = ['id', 'name', 'type', 'expression', 'active'] as const;
type Row = { id: string; name: string; type: string; expression: unknown; active: boolean };

const toRecord = (r: Row): SegmentRecord => ({
  id: String(r.id),
  name: r.name,
  type: r.type as SegmentType,
  expression: (typeof r.expression === 'string'
    ? JSON.parse(r.expression)
    : r.expression) as FilterExpression,
  active: r.active,
});

export const segmentsRepository = {
  async list(ctx: TenantContext, type: SegmentType, offset: number, limit: number): Promise<SegmentRecord[]> {
    if (limit <= 0) return [];
    const rows = await ctx.trx
      .selectFrom('segments')
      .select(columns)
      .where('tenant_id', '=', ctx.tenantId)
      .where('type', '=', type)
      .where('active', '=', true)
      .orderBy(sql`lower(name)`)
      .orderBy('id')
      .limit(limit)
      .offset(offset)
      .execute();
    return rows.map(toRecord);
  },

  async countActive(ctx: TenantContext, type: SegmentType): Promise<number> {
    const row = await ctx.trx
      .selectFrom('segments')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('tenant_id', '=', ctx.tenantId)
      .where('type', '=', type)
      .where('active', '=', true)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  async names(ctx: TenantContext, types: SegmentType[]) {
    if (types.length === 0) return [];
    const rows = await ctx.trx
      .selectFrom('segments')
      .select(['id', 'name', 'type'])
      .where('tenant_id', '=', ctx.tenantId)
      .where('type', 'in', types)
      .where('active', '=', true)
      .orderBy(sql`lower(name)`)
      .orderBy('id')
      .execute();
    return rows.map((r) => ({ id: String(r.id), name: r.name, type: r.type as SegmentType }));
  },

  async find(ctx: TenantContext, id: string): Promise<SegmentRecord | undefined> {
    const row = await ctx.trx
      .selectFrom('segments')
      .select(columns)
      .where('tenant_id', '=', ctx.tenantId)
      .where('id', '=', id)
      .executeTakeFirst();
    return row && toRecord(row);
  },

  async insert(
    ctx: TenantContext,
    values: { name: string; type: SegmentType; expression: FilterExpression },
    createdBy: string,
  ): Promise<SegmentRecord> {
    const row = await ctx.trx
      .insertInto('segments')
      .values({
        tenant_id: ctx.tenantId,
        name: values.name,
        type: values.type,
        expression: JSON.stringify(values.expression),
        created_by: createdBy,
      })
      .returning(columns)
      .executeTakeFirstOrThrow();
    return toRecord(row);
  },

  async update(
    ctx: TenantContext,
    id: string,
    values: { name: string; type: SegmentType; expression: FilterExpression },
  ) {
    await ctx.trx
      .updateTable('segments')
      .set({
        name: values.name,
        type: values.type,
        expression: JSON.stringify(values.expression),
        updated_at: sql`now()`,
      })
      .where('tenant_id', '=', ctx.tenantId)
      .where('id', '=', id)
      .execute();
  },

  async setActive(ctx: TenantContext, id: string, active: boolean) {
    await ctx.trx
      .updateTable('segments')
      .set({ active, updated_at: sql`now()` })
      .where('tenant_id', '=', ctx.tenantId)
      .where('id', '=', id)
      .execute();
  },
};
