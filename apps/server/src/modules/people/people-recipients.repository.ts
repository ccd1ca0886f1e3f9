import { sql } from 'kysely';
import { filterCondition } from '../../platform/db/filter/filter-condition.ts';
import type { TenantContext } from '../../platform/db/tenancy.ts';
import type { PeopleVisibility } from './people.policy.ts';
import { type PeopleFilter, reachableBy, visibleTo } from './people.repository.ts';

/** Whose birthday to find: month * 100 + day values (people.birth_md) and the year's bounds. */
export interface BirthdayQuery {
  monthDays: readonly number[];
  yearStart: string;
  yearEnd: string;
}

/** The visible people of the list (filter compiled as the other people repositories do). */
function listed(ctx: TenantContext, vis: PeopleVisibility, filter: PeopleFilter) {
  const condition = filterCondition(filter.type, filter.expression);
  let q = ctx.trx.selectFrom('people as p').where('p.tenant_id', '=', ctx.tenantId).where(visibleTo(vis));
  for (const channel of filter.reachable ?? []) q = q.where(reachableBy(channel));
  return condition ? q.where(condition) : q;
}

/** The people side of shots (recipients.lookup). */
export const peopleRecipientsRepository = {
  /** The next `limit` visible people of the list after `afterId`, by id (the primary key: keyset). */
  async candidates(
    ctx: TenantContext,
    vis: PeopleVisibility,
    filter: PeopleFilter,
    afterId: string | null,
    limit: number,
  ) {
    let q = listed(ctx, vis, filter);
    if (afterId !== null) q = q.where('p.id', '>', afterId);
    const rows = await q
      .select(['p.id', 'p.name', 'p.email', 'p.cellphone'])
      .orderBy('p.id')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ id: String(r.id), name: r.name, email: r.email, cellphone: r.cellphone }));
  },

  /**
   * The next `limit` visible people after `afterId`, by id, whose birthday is one of `monthDays`, the
   * e-mail reaches, and who got no birthday shot in the year yet (mkt_shots/mkt_shot_recipients
   * belong to the shots module; read here so the page is one keyset query, as reachableBy does).
   */
  async birthdayCandidates(
    ctx: TenantContext,
    vis: PeopleVisibility,
    query: BirthdayQuery,
    afterId: string | null,
    limit: number,
  ) {
    let q = ctx.trx
      .selectFrom('people as p')
      .where('p.tenant_id', '=', ctx.tenantId)
      .where(visibleTo(vis))
      .where(reachableBy('EMAIL'))
      .where('p.birth_md', 'in', [...query.monthDays])
      .where(
        sql<boolean>`NOT EXISTS (SELECT 1 FROM mkt_shot_recipients r JOIN mkt_shots s
          ON s.tenant_id = r.tenant_id AND s.id = r.shot_id
          WHERE r.tenant_id = p.tenant_id AND r.person_id = p.id AND r.status <> 'DROPPED'
            AND s.birthday AND s.birthday_date BETWEEN ${query.yearStart}::date AND ${query.yearEnd}::date)`,
      );
    if (afterId !== null) q = q.where('p.id', '>', afterId);
    const rows = await q
      .select(['p.id', 'p.name', 'p.email', 'p.cellphone'])
      .orderBy('p.id')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ id: String(r.id), name: r.name, email: r.email, cellphone: r.cellphone }));
  },

  /**
   * The longest merge values (characters) among the visible people of the list, split from the name
   * as the domain's mergeValuesOf does (first word, last word when there are two or more, the words
   * joined by one space) and the e-mail as stored; 0 when the list has nobody.
   */
  async longestMergeValues(ctx: TenantContext, vis: PeopleVisibility, filter: PeopleFilter) {
    const words = sql<string>`btrim(regexp_replace(coalesce(p.name, ''), '[[:space:]]+', ' ', 'g'))`;
    const row = await listed(ctx, vis, filter)
      .select([
        sql<number | null>`max(length(split_part(${words}, ' ', 1)))`.as('first_name'),
        sql<number | null>`max(CASE WHEN position(' ' in ${words}) > 0
          THEN length(regexp_replace(${words}, '^.* ', '')) ELSE 0 END)`.as('last_name'),
        sql<number | null>`max(length(${words}))`.as('full_name'),
        sql<number | null>`max(length(coalesce(p.email, '')))`.as('email'),
      ])
      .executeTakeFirstOrThrow();
    return {
      firstName: Number(row.first_name ?? 0),
      lastName: Number(row.last_name ?? 0),
      fullName: Number(row.full_name ?? 0),
      email: Number(row.email ?? 0),
    };
  },

  /**
   * How many visible people of the list there are, with `filter.reachable` those its channels can
   * reach. Never kept in the totals cache: an opt-out does not change the people version.
   */
  async count(ctx: TenantContext, vis: PeopleVisibility, filter: PeopleFilter): Promise<number> {
    const row = await listed(ctx, vis, filter)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },
};
