import type { FilterExpression } from '@mandato/domain';
import { type SqlBool, sql } from 'kysely';
import { filterCondition } from '../../platform/db/filter/filter-condition.ts';
import { bigintArray, escapeLike, searchNorm } from '../../platform/db/sql-helpers.ts';
import type { TenantContext } from '../../platform/db/tenancy.ts';

export interface CompanyValues {
  name: string;
  cnpj: string | null;
  email: string | null;
  phone: string | null;
  zip_code: string | null;
  street: string | null;
  number: string | null;
  complement: string | null;
  neighborhood: string | null;
  city: string | null;
  state: string | null;
  main_contact_id: string | null;
  tag_ids: string[];
}

const ORDER_COLUMN = { name: 'c.name', createDate: 'c.created_at' } as const;

function detailQuery(ctx: TenantContext) {
  return ctx.trx
    .selectFrom('companies as c')
    .leftJoin('people as m', (j) =>
      j.onRef('m.tenant_id', '=', 'c.tenant_id').onRef('m.id', '=', 'c.main_contact_id'),
    )
    .selectAll('c')
    .select('m.name as main_contact_name')
    .where('c.tenant_id', '=', ctx.tenantId);
}
export type CompanyRow = Awaited<ReturnType<ReturnType<typeof detailQuery>['executeTakeFirstOrThrow']>>;

const withTags = <T extends { tag_ids: string[] }>(values: T) => {
  const { tag_ids, ...rest } = values;
  return { ...rest, tag_ids: bigintArray(tag_ids) };
};

/** The tenant's companies matching a filter expression (compiled here, once per request). */
function matching(ctx: TenantContext, expression: FilterExpression) {
  const q = ctx.trx.selectFrom('companies as c').where('c.tenant_id', '=', ctx.tenantId);
  const condition = filterCondition('COMPANY', expression);
  return condition ? q.where(condition) : q;
}

export const companiesRepository = {
  findById(ctx: TenantContext, id: string): Promise<CompanyRow | undefined> {
    return detailQuery(ctx).where('c.id', '=', id).executeTakeFirst();
  },

  async findByIds(ctx: TenantContext, ids: string[]): Promise<CompanyRow[]> {
    if (ids.length === 0) return [];
    const rows = await detailQuery(ctx).where('c.id', 'in', ids).execute();
    const byId = new Map(rows.map((r) => [String(r.id), r]));
    return ids.map((id) => byId.get(id)).filter((r): r is CompanyRow => !!r);
  },

  async search(
    ctx: TenantContext,
    expression: FilterExpression,
    paging: {
      page: number;
      itemsPerPage: number;
      orderingCriteria: 'name' | 'createDate';
      orderingAscending: boolean;
    },
  ) {
    const base = () => matching(ctx, expression);
    const direction = paging.orderingAscending ? 'asc' : 'desc';
    const rows = await base()
      .select('c.id')
      .orderBy(ORDER_COLUMN[paging.orderingCriteria], direction)
      .orderBy('c.id', direction)
      .limit(paging.itemsPerPage)
      .offset((paging.page - 1) * paging.itemsPerPage)
      .execute();
    const count = await base()
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    return { ids: rows.map((r) => String(r.id)), total: Number(count.n) };
  },

  async count(ctx: TenantContext, expression: FilterExpression): Promise<number> {
    const row = await matching(ctx, expression)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  async names(ctx: TenantContext, search: string, page: number, itemsPerPage: number) {
    const base = () => {
      const q = ctx.trx.selectFrom('companies as c').where('c.tenant_id', '=', ctx.tenantId);
      return search
        ? q.where(sql<SqlBool>`search_norm(c.name) like ${`%${escapeLike(searchNorm(search))}%`}`)
        : q;
    };
    const rows = await base()
      .select(['c.id', 'c.name'])
      .orderBy('c.name')
      .orderBy('c.id')
      .limit(itemsPerPage)
      .offset((page - 1) * itemsPerPage)
      .execute();
    const count = await base()
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    return { list: rows.map((r) => ({ id: String(r.id), name: r.name })), total: Number(count.n) };
  },

  async namesOf(ctx: TenantContext, ids: string[]) {
    if (ids.length === 0) return [];
    const rows = await ctx.trx
      .selectFrom('companies')
      .select(['id', 'name'])
      .where('tenant_id', '=', ctx.tenantId)
      .where('id', 'in', ids)
      .orderBy('name')
      .execute();
    return rows.map((r) => ({ id: String(r.id), name: r.name }));
  },

  async insert(ctx: TenantContext, values: CompanyValues, createdBy: string): Promise<string> {
    const row = await ctx.trx
      .insertInto('companies')
      .values({ ...withTags(values), tenant_id: ctx.tenantId, created_by: createdBy })
      .returning('id')
      .executeTakeFirstOrThrow();
    return String(row.id);
  },

  async update(ctx: TenantContext, id: string, values: CompanyValues): Promise<boolean> {
    const result = await ctx.trx
      .updateTable('companies')
      .set({ ...withTags(values), updated_at: sql`now()` })
      .where('tenant_id', '=', ctx.tenantId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  },

  async deleteMany(ctx: TenantContext, ids: string[]): Promise<number> {
    if (ids.length === 0) return 0;
    const result = await ctx.trx
      .deleteFrom('companies')
      .where('tenant_id', '=', ctx.tenantId)
      .where('id', 'in', ids)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  },
};
