import {
  type FilterExpression,
  SHOT_EMAIL_MAX_LENGTH,
  SHOT_EMAIL_PATTERN,
  SHOT_MOBILE_DIGITS_PATTERN,
} from '@mandato/domain';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { filterCondition } from '../../platform/db/filter/filter-condition.ts';
import { visibleTo } from '../../platform/db/filter/people-visibility.ts';

export { usesNameWords } from '../../platform/db/filter/filter-condition.ts';

import { bigintArray, escapeLike, searchNorm } from '../../platform/db/sql-helpers.ts';
import type { TenantContext } from '../../platform/db/tenancy.ts';
import type { PeopleVisibility } from './people.policy.ts';

export type PersonOrdering = 'name' | 'vote' | 'influence' | 'createDate';
/** Sort keys, ties broken by name then id (the indexes of migrations 0002, 0003 and 0007). */
const ORDER_KEYS: Record<PersonOrdering, string[]> = {
  name: ['p.name', 'p.id'],
  vote: ['p.vote', 'p.name', 'p.id'],
  influence: ['p.influence', 'p.name', 'p.id'],
  createDate: ['p.created_at', 'p.id'],
};

/** Up to this many matches a page is sorted from the collected matches (see page). */
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

/** The people visibility's WHERE, for people's other repositories (compiled in platform/db/filter). */
export { visibleTo };

/**
 * A people filter: the domain expression of a list of the type, compiled here (once per request,
 * filter-condition.ts). `nameWords: false` checks name CONTAINS on the name alone (a page read in
 * sort order when matches are dense, people.service) — the same rows.
 */
export interface PeopleFilter {
  type: 'PERSON' | 'TEAM';
  expression: FilterExpression;
  nameWords?: boolean;
  /** only the people each of these channels can reach (reachableBy) */
  reachable?: readonly ReachChannel[];
}

export type ReachChannel = 'EMAIL' | 'SMS';

const mobileDigits = sql<string>`regexp_replace(p.cellphone, '[^0-9]', '', 'g')`;

/** The domain's isShotEmail / shotMobile in SQL, the same patterns (recipients.lookup.test keeps them agreeing). */
export const validAddressOf: Record<ReachChannel, RawBuilder<SqlBool>> = {
  EMAIL: sql<SqlBool>`(length(p.email) <= ${sql.lit(SHOT_EMAIL_MAX_LENGTH)} AND p.email ~ ${sql.lit(SHOT_EMAIL_PATTERN)})`,
  SMS: sql<SqlBool>`(${mobileDigits} ~ ${sql.lit(SHOT_MOBILE_DIGITS_PATTERN)})`,
};

/** The domain's shotAddress in SQL: the key of `mkt_opt_outs.address`. */
export const addressOf: Record<ReachChannel, RawBuilder<string>> = {
  EMAIL: sql<string>`lower(p.email)`,
  SMS: sql<string>`'55' || right(${mobileDigits}, 11)`,
};

/**
 * A person (`p`) the channel can reach: a valid address that has not opted out. `mkt_opt_outs`
 * belongs to the shots module; it is read here so a list's count is one query (docs/decisions.md).
 */
export const reachableBy = (channel: ReachChannel) =>
  sql<SqlBool>`(${validAddressOf[channel]} AND NOT EXISTS (SELECT 1 FROM mkt_opt_outs o WHERE o.tenant_id = p.tenant_id AND o.channel = ${channel} AND o.address = ${addressOf[channel]}))`;

const conditionOf = (filter?: PeopleFilter) =>
  filter && filterCondition(filter.type, filter.expression, { nameWords: filter.nameWords });

/** The visible people matching `filter` (no selection yet). */
function matching(ctx: TenantContext, vis: PeopleVisibility, filter?: PeopleFilter) {
  let q = ctx.trx.selectFrom('people as p').where('p.tenant_id', '=', ctx.tenantId).where(visibleTo(vis));
  for (const channel of filter?.reachable ?? []) q = q.where(reachableBy(channel));
  const condition = conditionOf(filter);
  return condition ? q.where(condition) : q;
}

/** The count of the visible people matching `filter`, as a query (people-totals keeps its total). */
export const countQuery = (ctx: TenantContext, vis: PeopleVisibility, filter?: PeopleFilter) =>
  matching(ctx, vis, filter).select((eb) => eb.fn.countAll<string>().as('n'));

/**
 * People with the names of what they refer to. Correlated subqueries rather than joins: a page
 * needs 50 key lookups, and five joined tables under row-level security cost more to plan
 * (≈ 2.5 ms) than to run.
 */
function detailQuery(ctx: TenantContext) {
  return ctx.trx
    .selectFrom('people as p')
    .selectAll('p')
    .select((eb) => {
      const user = (id: 'p.user_id' | 'p.created_by') =>
        eb.selectFrom('users as u').whereRef('u.tenant_id', '=', 'p.tenant_id').whereRef('u.id', '=', id);
      return [
        eb
          .selectFrom('companies as c')
          .select('c.name')
          .whereRef('c.tenant_id', '=', 'p.tenant_id')
          .whereRef('c.id', '=', 'p.company_id')
          .as('company_name'),
        eb
          .selectFrom('people as g')
          .select('g.name')
          .whereRef('g.tenant_id', '=', 'p.tenant_id')
          .whereRef('g.id', '=', 'p.godfather_id')
          .as('godfather_name'),
        user('p.user_id').select('u.code').as('user_code'),
        user('p.user_id').select('u.active').as('user_active'),
        user('p.created_by').select('u.code').as('creator_code'),
        user('p.created_by').select('u.name').as('creator_name'),
      ];
    })
    .where('p.tenant_id', '=', ctx.tenantId);
}
export type PersonRow = Awaited<ReturnType<ReturnType<typeof detailQuery>['executeTakeFirstOrThrow']>>;

export const peopleRepository = {
  /** Whether the tenant has the company (a person's companyCode). */
  async companyExists(ctx: TenantContext, id: string): Promise<boolean> {
    const row = await ctx.trx
      .selectFrom('companies as c')
      .select('c.id')
      .where('c.tenant_id', '=', ctx.tenantId)
      .where('c.id', '=', id)
      .executeTakeFirst();
    return !!row;
  },

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
    const rows = await detailQuery(ctx)
      .where(sql<SqlBool>`p.id = ANY(${bigintArray(ids)})`)
      .execute();
    const byId = new Map(rows.map((r) => [String(r.id), r]));
    return ids.map((id) => byId.get(id)).filter((r): r is PersonRow => !!r);
  },

  /**
   * One page of ids matching `filter` among the visible rows, `total` being their exact count. When
   * few rows match, walking the sort index until a page is found would read most of the table, so
   * the matching rows are collected once (MATERIALIZED: by the filter's own indexes) and sorted;
   * otherwise the sort index is walked and the filter checked row by row.
   */
  async page(
    ctx: TenantContext,
    vis: PeopleVisibility,
    filter: PeopleFilter,
    paging: {
      page: number;
      itemsPerPage: number;
      orderingCriteria: PersonOrdering;
      orderingAscending: boolean;
    },
    total: number,
  ): Promise<string[]> {
    const offset = (paging.page - 1) * paging.itemsPerPage;
    if (offset >= total) return [];
    const direction = paging.orderingAscending ? 'asc' : 'desc';
    const keys = ORDER_KEYS[paging.orderingCriteria];
    if (conditionOf(filter) && total <= COLLECT_MAX) {
      const rows = await ctx.trx
        .with(
          (cte) => cte('m').materialized(),
          () =>
            matching(ctx, vis, filter).select([
              'p.id',
              ...keys.map((k, i) => sql.ref<string>(k).as(`k${i}`)),
            ]),
        )
        .selectFrom('m')
        .select('m.id')
        .$call((q) => keys.reduce((acc, _, i) => acc.orderBy(sql.ref(`m.k${i}`), direction), q))
        .limit(paging.itemsPerPage)
        .offset(offset)
        .execute();
      return rows.map((r) => String(r.id));
    }
    const rows = await matching(ctx, vis, filter)
      .select('p.id')
      .$call((q) => keys.reduce((acc, k) => acc.orderBy(sql.ref(k), direction), q))
      .limit(paging.itemsPerPage)
      .offset(offset)
      .execute();
    return rows.map((r) => String(r.id));
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
    values: Partial<PersonValues> & {
      is_team?: boolean;
      user_id?: string | null;
      created_by: string | null;
      /** operator paths only (the demo's growth chart): default now() */
      created_at?: Date;
    },
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
};
