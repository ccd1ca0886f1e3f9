import { QUICK_SEARCH_MIN_PHONE_DIGITS } from '@mandato/domain';
import { type SqlBool, sql } from 'kysely';
import { escapeLike, searchNorm } from '../../platform/db/sql-helpers.ts';
import type { TenantContext } from '../../platform/db/tenancy.ts';
import type { PeopleVisibility } from './people.policy.ts';
import { visibleTo } from './people.repository.ts';

/**
 * The main menu's quick search (issue 13): name OR e-mail contains the text OR the cellphone
 * contains its digits, among the visible people, first `limit` by name. No count: the planner
 * walks people_list_name for a common text and the trigram indexes of 0003 for a rare one (tens of
 * milliseconds at 1,000,000 contacts either way), where the exact total of the same OR takes
 * seconds.
 */
export async function quickSearchRows(
  ctx: TenantContext,
  vis: PeopleVisibility,
  text: string,
  limit: number,
) {
  const like = `%${escapeLike(searchNorm(text))}%`;
  const digits = text.replace(/\D/g, '');
  const matches: ReturnType<typeof sql<SqlBool>>[] = [
    sql<SqlBool>`search_norm(p.name) like ${like}`,
    sql<SqlBool>`search_norm(p.email) like ${like}`,
  ];
  if (digits.length >= QUICK_SEARCH_MIN_PHONE_DIGITS)
    matches.push(sql<SqlBool>`p.cellphone like ${`%${digits}%`}`);
  return ctx.trx
    .selectFrom('people as p')
    .select(['p.id', 'p.name', 'p.email', 'p.cellphone'])
    .where('p.tenant_id', '=', ctx.tenantId)
    .where(visibleTo(vis))
    .where(sql<SqlBool>`(${sql.join(matches, sql` OR `)})`)
    .orderBy('p.name')
    .orderBy('p.id')
    .limit(limit)
    .execute();
}
