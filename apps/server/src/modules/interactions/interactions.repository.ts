import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import { toDate } from '../../platform/dates.ts';
import { visibleTo } from '../../platform/db/filter/people-visibility.ts';
import type { DB } from '../../platform/db/schema.ts';
import { bigintArray } from '../../platform/db/sql-helpers.ts';
import type { TenantContext } from '../../platform/db/tenancy.ts';
import type { PeopleVisibility } from '../people/people.policy.ts';

export interface InteractionRecord {
  id: string;
  personId: string;
  personName: string | null;
  type: string;
  source: string;
  description: string;
  beginAt: Date;
  endAt: Date;
  status: string;
  responsibleCode: string | null;
  responsibleName: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface InteractionValues {
  personId: string;
  source: string;
  description: string;
  beginAt: string;
  endAt: string;
  responsibleId: string;
  status: string;
}

export interface InteractionFilter {
  fromAt: string;
  toAt: string;
  status?: string;
  onlyLate: boolean;
  responsibleCode?: string;
  personId?: string;
  tagIds: string[];
}

type QB = ExpressionBuilder<
  DB & { pc: DB['people_contacts']; p: DB['people']; r: DB['users'] },
  'pc' | 'p' | 'r'
>;

/** Interactions joined to their person (visible to the caller only) and responsible user. */
function baseQuery(ctx: TenantContext, vis: PeopleVisibility) {
  return ctx.trx
    .selectFrom('people_contacts as pc')
    .innerJoin('people as p', (j) =>
      j.onRef('p.tenant_id', '=', 'pc.tenant_id').onRef('p.id', '=', 'pc.person_id'),
    )
    .leftJoin('users as r', (j) =>
      j.onRef('r.tenant_id', '=', 'pc.tenant_id').onRef('r.id', '=', 'pc.responsible_id'),
    )
    .where('pc.tenant_id', '=', ctx.tenantId)
    .where(visibleTo(vis));
}

function detailQuery(ctx: TenantContext, vis: PeopleVisibility) {
  return baseQuery(ctx, vis).select([
    'pc.id',
    'pc.person_id',
    'p.name as person_name',
    'pc.type',
    'pc.source',
    'pc.description',
    'pc.begin_at',
    'pc.end_at',
    'pc.status',
    'r.code as responsible_code',
    'r.name as responsible_name',
    'pc.created_at',
    'pc.updated_at',
  ]);
}
type Row = Awaited<ReturnType<ReturnType<typeof detailQuery>['executeTakeFirstOrThrow']>>;

function toRecord(r: Row): InteractionRecord {
  return {
    id: String(r.id),
    personId: String(r.person_id),
    personName: r.person_name,
    type: r.type,
    source: r.source,
    description: r.description,
    beginAt: toDate(r.begin_at),
    endAt: toDate(r.end_at),
    status: r.status,
    responsibleCode: r.responsible_code,
    responsibleName: r.responsible_name,
    createdAt: toDate(r.created_at),
    updatedAt: toDate(r.updated_at),
  };
}

function matching(filter: InteractionFilter) {
  return (eb: QB) => {
    const parts: Expression<SqlBool>[] = [
      eb('pc.begin_at', '>=', new Date(filter.fromAt)),
      eb('pc.begin_at', '<', new Date(filter.toAt)),
    ];
    if (filter.onlyLate) {
      parts.push(eb('pc.status', '=', 'IN_PROGRESS'), eb('pc.end_at', '<', sql<Date>`now()`));
    } else if (filter.status) {
      parts.push(eb('pc.status', '=', filter.status));
    }
    if (filter.responsibleCode) parts.push(eb('r.code', '=', filter.responsibleCode));
    if (filter.personId) parts.push(eb('pc.person_id', '=', filter.personId));
    if (filter.tagIds.length > 0) parts.push(sql<SqlBool>`p.tag_ids && ${bigintArray(filter.tagIds)}`);
    return eb.and(parts);
  };
}

export const interactionsRepository = {
  async findVisible(
    ctx: TenantContext,
    vis: PeopleVisibility,
    id: string,
  ): Promise<InteractionRecord | undefined> {
    const row = await detailQuery(ctx, vis).where('pc.id', '=', id).executeTakeFirst();
    return row && toRecord(row);
  },

  /** A person's timeline: newest first. */
  async listByPerson(
    ctx: TenantContext,
    vis: PeopleVisibility,
    personId: string,
    page: number,
    itemsPerPage: number,
  ): Promise<{ list: InteractionRecord[]; total: number }> {
    const rows = await detailQuery(ctx, vis)
      .where('pc.person_id', '=', personId)
      .orderBy('pc.begin_at', 'desc')
      .orderBy('pc.id', 'desc')
      .limit(itemsPerPage)
      .offset((page - 1) * itemsPerPage)
      .execute();
    const count = await baseQuery(ctx, vis)
      .where('pc.person_id', '=', personId)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    return { list: rows.map(toRecord), total: Number(count.n) };
  },

  /** The interaction report: one page in begin order, plus the exact total. */
  async search(
    ctx: TenantContext,
    vis: PeopleVisibility,
    filter: InteractionFilter,
    paging: { page: number; itemsPerPage: number; ascending: boolean },
  ): Promise<{ list: InteractionRecord[]; total: number }> {
    const direction = paging.ascending ? 'asc' : 'desc';
    const rows = await detailQuery(ctx, vis)
      .where(matching(filter))
      .orderBy('pc.begin_at', direction)
      .orderBy('pc.id', direction)
      .limit(paging.itemsPerPage)
      .offset((paging.page - 1) * paging.itemsPerPage)
      .execute();
    const count = await baseQuery(ctx, vis)
      .where(matching(filter))
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    return { list: rows.map(toRecord), total: Number(count.n) };
  },

  /** Every matching row for the export, up to `limit`. */
  async all(
    ctx: TenantContext,
    vis: PeopleVisibility,
    filter: InteractionFilter,
    ascending: boolean,
    limit: number,
  ): Promise<InteractionRecord[]> {
    const direction = ascending ? 'asc' : 'desc';
    const rows = await detailQuery(ctx, vis)
      .where(matching(filter))
      .orderBy('pc.begin_at', direction)
      .orderBy('pc.id', direction)
      .limit(limit)
      .execute();
    return rows.map(toRecord);
  },

  async insert(ctx: TenantContext, values: InteractionValues, createdBy: string): Promise<string> {
    const row = await ctx.trx
      .insertInto('people_contacts')
      .values({
        tenant_id: ctx.tenantId,
        person_id: values.personId,
        type: 'CONTACT',
        source: values.source,
        description: values.description,
        begin_at: values.beginAt,
        end_at: values.endAt,
        responsible_id: values.responsibleId,
        status: values.status,
        created_by: createdBy,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return String(row.id);
  },

  async update(ctx: TenantContext, id: string, values: InteractionValues) {
    await ctx.trx
      .updateTable('people_contacts')
      .set({
        person_id: values.personId,
        source: values.source,
        description: values.description,
        begin_at: values.beginAt,
        end_at: values.endAt,
        responsible_id: values.responsibleId,
        status: values.status,
        updated_at: sql`now()`,
      })
      .where('tenant_id', '=', ctx.tenantId)
      .where('id', '=', id)
      .execute();
  },

  async setStatus(ctx: TenantContext, id: string, status: string) {
    await ctx.trx
      .updateTable('people_contacts')
      .set({ status, updated_at: sql`now()` })
      .where('tenant_id', '=', ctx.tenantId)
      .where('id', '=', id)
      .execute();
  },

  async delete(ctx: TenantContext, id: string) {
    await ctx.trx
      .deleteFrom('people_contacts')
      .where('tenant_id', '=', ctx.tenantId)
      .where('id', '=', id)
      .execute();
  },
};
