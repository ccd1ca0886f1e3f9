import { filterCondition } from '../../platform/db/filter/filter-condition.ts';
import type { TenantContext } from '../../platform/db/tenancy.ts';
import type { PeopleVisibility } from './people.policy.ts';
import { type PeopleFilter, reachableBy, visibleTo } from './people.repository.ts';

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
