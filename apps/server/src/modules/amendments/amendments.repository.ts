import type { AmendmentStatus } from '@mandato/domain';
import { type SqlBool, sql } from 'kysely';
import { escapeLike, searchNorm } from '../../platform/db/sql-helpers.ts';
import type { TenantContext } from '../../platform/db/tenancy.ts';

export interface AmendmentFilter {
  title?: string;
  receiver?: string;
  status?: AmendmentStatus;
  year?: number;
  contactId?: string;
}

export interface AmendmentValues {
  year: number;
  title: string;
  description: string | null;
  receiver: string | null;
  /** canonical decimal string */
  value: string;
  status: AmendmentStatus;
  contactId: string | null;
}

function filtered(ctx: TenantContext, f: AmendmentFilter) {
  let q = ctx.trx.selectFrom('amendments').where('tenant_id', '=', ctx.tenantId);
  if (f.status) q = q.where('status', '=', f.status);
  if (f.year !== undefined) q = q.where('year', '=', f.year);
  if (f.contactId) q = q.where('contact_id', '=', f.contactId);
  if (f.title) {
    const like = `%${escapeLike(searchNorm(f.title))}%`;
    q = q.where(sql<SqlBool>`search_norm(title) like ${like}`);
  }
  if (f.receiver) {
    const like = `%${escapeLike(searchNorm(f.receiver))}%`;
    q = q.where(sql<SqlBool>`search_norm(coalesce(receiver, '')) like ${like}`);
  }
  return q;
}

const selection = [
  'id',
  'year',
  'title',
  'description',
  'receiver',
  sql<string>`value::text`.as('value'),
  'status',
  'contact_id',
  'created_at',
  'updated_at',
] as const;

export const amendmentsRepository = {
  /** One page, newest year first, plus the count and exact sum (numeric, as text) of every row. */
  async page(ctx: TenantContext, f: AmendmentFilter, page: { limit: number; offset: number }) {
    const rows = await filtered(ctx, f)
      .select([...selection])
      .orderBy('year', 'desc')
      .orderBy('id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute();
    const totals = await filtered(ctx, f)
      .select([
        (eb) => eb.fn.countAll<string>().as('n'),
        sql<string>`coalesce(sum(value), 0)::numeric(30, 2)::text`.as('sum'),
      ])
      .executeTakeFirstOrThrow();
    return { rows, total: Number(totals.n), sum: totals.sum };
  },

  /** Every filtered row (the export), at most `limit`. */
  async all(ctx: TenantContext, f: AmendmentFilter, limit: number) {
    return filtered(ctx, f)
      .select([...selection])
      .orderBy('year', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  },

  async find(ctx: TenantContext, id: string) {
    return ctx.trx
      .selectFrom('amendments')
      .select([...selection])
      .where('tenant_id', '=', ctx.tenantId)
      .where('id', '=', id)
      .executeTakeFirst();
  },

  async insert(ctx: TenantContext, v: AmendmentValues, createdBy: string): Promise<string> {
    const row = await ctx.trx
      .insertInto('amendments')
      .values({
        tenant_id: ctx.tenantId,
        year: v.year,
        title: v.title,
        description: v.description,
        receiver: v.receiver,
        value: v.value,
        status: v.status,
        contact_id: v.contactId,
        created_by: createdBy,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return String(row.id);
  },

  async update(ctx: TenantContext, id: string, v: AmendmentValues): Promise<void> {
    await ctx.trx
      .updateTable('amendments')
      .set({
        year: v.year,
        title: v.title,
        description: v.description,
        receiver: v.receiver,
        value: v.value,
        status: v.status,
        contact_id: v.contactId,
        updated_at: sql`now()`,
      })
      .where('tenant_id', '=', ctx.tenantId)
      .where('id', '=', id)
      .execute();
  },

  async delete(ctx: TenantContext, id: string): Promise<boolean> {
    const result = await ctx.trx
      .deleteFrom('amendments')
      .where('tenant_id', '=', ctx.tenantId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  },

  /** How many amendments the tenant has (the demo seed runs once). */
  async count(ctx: TenantContext): Promise<number> {
    const row = await ctx.trx
      .selectFrom('amendments')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('tenant_id', '=', ctx.tenantId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },
};

export type AmendmentRecord = NonNullable<Awaited<ReturnType<typeof amendmentsRepository.find>>>;
