import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';
import type { TenantContext } from '../../platform/db/tenancy.ts';
import { searchNorm } from '../segments/filter/normalize.ts';
import type { PeopleVisibility } from './people.policy.ts';

type EB = ExpressionBuilder<DB & { p: DB['people'] }, 'p'>;

export type PersonOrdering = 'name' | 'vote' | 'influence' | 'createDate';
const ORDER_COLUMN = {
  name: 'p.name',
  vote: 'p.vote',
  influence: 'p.influence',
  createDate: 'p.created_at',
} as const;

/** Up to this many matches a page is sorted from the collected matches (see search). */
const COLLECT_MAX = 20_000;

/** Columns written by the person form (snake_case, as stored). */
export interface PersonValues {
  name: string | null;
  email: string | null;
  cellphone: string | null;
  phone_two: string | null;
  cpf: string | null;
  birth_date: string | null;
  nickname: string | null;
  gender: string | null;
  zip_code: string | null;
  street: string | null;
  number: string | null;
  complement: string | null;
  neighborhood: string | null;
  city: string | null;
  state: string | null;
  profession: string | null;
  company_id: string | null;
  godfather_id: string | null;
  voting_zone: string | null;
  voting_section: string | null;
  notes: string | null;
  vote: string;
  influence: number;
  tag_ids: string[];
}

/** A bigint[] parameter that both engines accept. */
export const bigintArray = (ids: readonly (string | number)[]) =>
  sql<string[]>`cast(${`{${ids.map(String).join(',')}}`} as bigint[])`;

/** Rows the caller may see: team members with ROLE_TEAM, contacts with ROLE_CRM (own ones unless all-data). */
export function visibleTo(vis: PeopleVisibility) {
  return (eb: EB): Expression<SqlBool> => {
    const parts: Expression<SqlBool>[] = [];
    if (vis.team) parts.push(eb('p.is_team', '=', true));
    if (vis.contacts) {
      const contact = eb('p.is_team', '=', false);
      parts.push(vis.ownerId ? eb.and([contact, eb('p.created_by', '=', vis.ownerId)]) : contact);
    }
    return parts.length === 0 ? sql<SqlBool>`false` : eb.or(parts);
  };
}

function detailQuery(ctx: TenantContext) {
  return ctx.trx
    .selectFrom('people as p')
    .leftJoin('companies as c', (j) =>
      j.onRef('c.tenant_id', '=', 'p.tenant_id').onRef('c.id', '=', 'p.company_id'),
    )
    .leftJoin('people as g', (j) =>
      j.onRef('g.tenant_id', '=', 'p.tenant_id').onRef('g.id', '=', 'p.godfather_id'),
    )
    .leftJoin('users as u', (j) => j.onRef('u.tenant_id', '=', 'p.tenant_id').onRef('u.id', '=', 'p.user_id'))
    .leftJoin('users as cu', (j) =>
      j.onRef('cu.tenant_id', '=', 'p.tenant_id').onRef('cu.id', '=', 'p.created_by'),
    )
    .selectAll('p')
    .select([
      'c.name as company_name',
      'g.name as godfather_name',
      'u.code as user_code',
      'u.active as user_active',
      'cu.code as creator_code',
      'cu.name as creator_name',
    ])
    .where('p.tenant_id', '=', ctx.tenantId);
}
export type PersonRow = Awaited<ReturnType<ReturnType<typeof detailQuery>['executeTakeFirstOrThrow']>>;

export const peopleRepository = {
  async findVisible(ctx: TenantContext, vis: PeopleVisibility, id: string): Promise<PersonRow | undefined> {
    return detailQuery(ctx).where('p.id', '=', id).where(visibleTo(vis)).executeTakeFirst();
  },

  async findVisibleMany(ctx: TenantContext, vis: PeopleVisibility, ids: string[]): Promise<PersonRow[]> {
    if (ids.length === 0) return [];
    return detailQuery(ctx).where('p.id', 'in', ids).where(visibleTo(vis)).execute();
  },

  /** Full rows of the given ids, in the order of the ids. */
  async findByIds(ctx: TenantContext, ids: string[]): Promise<PersonRow[]> {
    if (ids.length === 0) return [];
    const rows = await detailQuery(ctx).where('p.id', 'in', ids).execute();
    const byId = new Map(rows.map((r) => [String(r.id), r]));
    return ids.map((id) => byId.get(id)).filter((r): r is PersonRow => !!r);
  },

  /**
   * One page of ids matching `filter` among the visible rows, plus the exact total. The total comes
   * first: when few rows match, walking the sort index until a page is found would read most of
   * the table, so the matching rows are collected once (MATERIALIZED: by the filter's own indexes)
   * and sorted; otherwise the sort index is walked and the filter checked row by row.
   */
  async search(
    ctx: TenantContext,
    vis: PeopleVisibility,
    filter: Expression<SqlBool> | undefined,
    paging: {
      page: number;
      itemsPerPage: number;
      orderingCriteria: PersonOrdering;
      orderingAscending: boolean;
    },
  ): Promise<{ ids: string[]; total: number }> {
    const total = await peopleRepository.count(ctx, vis, filter);
    const offset = (paging.page - 1) * paging.itemsPerPage;
    if (offset >= total) return { ids: [], total };
    const direction = paging.orderingAscending ? 'asc' : 'desc';
    const column = ORDER_COLUMN[paging.orderingCriteria];
    const base = () => {
      let q = ctx.trx.selectFrom('people as p').where('p.tenant_id', '=', ctx.tenantId).where(visibleTo(vis));
      if (filter) q = q.where(filter);
      return q;
    };
    const rows =
      filter && total <= COLLECT_MAX
        ? await ctx.trx
            .with(
              (cte) => cte('m').materialized(),
              () => base().select(['p.id', sql.ref<string>(column).as('k')]),
            )
            .selectFrom('m')
            .select('m.id')
            .orderBy('m.k', direction)
            .orderBy('m.id', direction)
            .limit(paging.itemsPerPage)
            .offset(offset)
            .execute()
        : await base()
            .select('p.id')
            .orderBy(column, direction)
            .orderBy('p.id', direction)
            .limit(paging.itemsPerPage)
            .offset(offset)
            .execute();
    return { ids: rows.map((r) => String(r.id)), total };
  },

  async count(ctx: TenantContext, vis: PeopleVisibility, filter?: Expression<SqlBool>): Promise<number> {
    let q = ctx.trx.selectFrom('people as p').where('p.tenant_id', '=', ctx.tenantId).where(visibleTo(vis));
    if (filter) q = q.where(filter);
    const row = await q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    return Number(row.n);
  },

  /** Autocomplete: visible people whose name contains the search, by name. */
  async names(
    ctx: TenantContext,
    vis: PeopleVisibility,
    search: string,
    page: number,
    itemsPerPage: number,
  ): Promise<{ list: { id: string; name: string | null }[]; total: number }> {
    const base = () => {
      let q = ctx.trx.selectFrom('people as p').where('p.tenant_id', '=', ctx.tenantId).where(visibleTo(vis));
      if (search)
        q = q.where(sql<SqlBool>`search_norm(p.name) like ${`%${escapeLike(searchNorm(search))}%`}`);
      return q;
    };
    const list = await base()
      .select(['p.id', 'p.name'])
      .orderBy('p.name')
      .orderBy('p.id')
      .limit(itemsPerPage)
      .offset((page - 1) * itemsPerPage)
      .execute();
    const count = await base()
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    return { list: list.map((r) => ({ id: String(r.id), name: r.name })), total: Number(count.n) };
  },

  async namesOf(ctx: TenantContext, vis: PeopleVisibility, ids: string[]) {
    if (ids.length === 0) return [];
    const rows = await ctx.trx
      .selectFrom('people as p')
      .select(['p.id', 'p.name'])
      .where('p.tenant_id', '=', ctx.tenantId)
      .where('p.id', 'in', ids)
      .where(visibleTo(vis))
      .orderBy('p.name')
      .execute();
    return rows.map((r) => ({ id: String(r.id), name: r.name }));
  },

  async insert(
    ctx: TenantContext,
    values: Partial<PersonValues> & { is_team?: boolean; user_id?: string | null; created_by: string | null },
  ): Promise<string> {
    const { tag_ids, ...rest } = values;
    const row = await ctx.trx
      .insertInto('people')
      .values({ ...rest, tenant_id: ctx.tenantId, ...(tag_ids ? { tag_ids: bigintArray(tag_ids) } : {}) })
      .returning('id')
      .executeTakeFirstOrThrow();
    return String(row.id);
  },

  async update(
    ctx: TenantContext,
    id: string,
    values: Partial<PersonValues> & { is_team?: boolean; user_id?: string | null },
  ) {
    const { tag_ids, ...rest } = values;
    await ctx.trx
      .updateTable('people')
      .set({ ...rest, ...(tag_ids ? { tag_ids: bigintArray(tag_ids) } : {}), updated_at: sql`now()` })
      .where('tenant_id', '=', ctx.tenantId)
      .where('id', '=', id)
      .execute();
  },

  /** The team person of a user (every user has one). */
  async findIdByUser(ctx: TenantContext, userId: string): Promise<string | undefined> {
    const row = await ctx.trx
      .selectFrom('people')
      .select('id')
      .where('tenant_id', '=', ctx.tenantId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row && String(row.id);
  },

  async deleteMany(ctx: TenantContext, ids: string[]): Promise<number> {
    if (ids.length === 0) return 0;
    const result = await ctx.trx
      .deleteFrom('people')
      .where('tenant_id', '=', ctx.tenantId)
      .where('id', 'in', ids)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  },

  /** Non-team people of the tenant: the contacts counted by the plan. */
  async countContacts(ctx: TenantContext): Promise<number> {
    const row = await ctx.trx
      .selectFrom('people')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('tenant_id', '=', ctx.tenantId)
      .where('is_team', '=', false)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },
};

export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}
