import { SHOT_EMAIL_MAX_LENGTH, SHOT_EMAIL_PATTERN, SHOT_MOBILE_DIGITS_PATTERN } from '@mandato/domain';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { filterCondition } from '../../platform/db/filter/filter-condition.ts';
import type { TenantContext } from '../../platform/db/tenancy.ts';
import type { PeopleVisibility } from './people.policy.ts';
import { type PeopleFilter, visibleTo } from './people.repository.ts';

export type RecipientChannel = 'EMAIL' | 'SMS';

const mobileDigits = sql<string>`regexp_replace(p.cellphone, '[^0-9]', '', 'g')`;

/** The SQL of the domain's isShotEmail / shotMobile (the same patterns; recipients.test keeps them agreeing). */
export const validAddressOf: Record<RecipientChannel, RawBuilder<SqlBool>> = {
  EMAIL: sql<SqlBool>`(length(p.email) <= ${sql.lit(SHOT_EMAIL_MAX_LENGTH)} AND p.email ~ ${sql.lit(SHOT_EMAIL_PATTERN)})`,
  SMS: sql<SqlBool>`(${mobileDigits} ~ ${sql.lit(SHOT_MOBILE_DIGITS_PATTERN)})`,
};

/** The domain's shotAddress in SQL: the key of `mkt_opt_outs.address`. */
export const addressOf: Record<RecipientChannel, RawBuilder<string>> = {
  EMAIL: sql<string>`lower(p.email)`,
  SMS: sql<string>`'55' || right(${mobileDigits}, 11)`,
};

/** The visible people of the list (filter compiled as the other people repositories do). */
function listed(ctx: TenantContext, vis: PeopleVisibility, filter: PeopleFilter) {
  const condition = filterCondition(filter.type, filter.expression);
  const q = ctx.trx.selectFrom('people as p').where('p.tenant_id', '=', ctx.tenantId).where(visibleTo(vis));
  return condition ? q.where(condition) : q;
}

/**
 * The people side of shots. `mkt_opt_outs` belongs to the shots module; it is read here so the
 * count of a list is one query (docs/decisions.md).
 */
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

  /** How many visible people of the list have a valid address of the channel not opted out. */
  async countReachable(
    ctx: TenantContext,
    vis: PeopleVisibility,
    filter: PeopleFilter,
    channel: RecipientChannel,
  ): Promise<number> {
    const row = await listed(ctx, vis, filter)
      .where(validAddressOf[channel])
      .where(
        sql<SqlBool>`NOT EXISTS (SELECT 1 FROM mkt_opt_outs o WHERE o.tenant_id = p.tenant_id AND o.channel = ${channel} AND o.address = ${addressOf[channel]})`,
      )
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },
};
