import { type SqlBool, sql } from 'kysely';
import { hasNameRun } from '../../platform/db/filter/compile-filter.ts';
import { filterCondition } from '../../platform/db/filter/filter-condition.ts';
import type { TenantContext } from '../../platform/db/tenancy.ts';
import type { PeopleVisibility } from './people.policy.ts';
import { visibleTo } from './people.repository.ts';

export interface QuickRow {
  id: string;
  name: string | null;
  email: string | null;
  cellphone: string | null;
  phone_two: string | null;
}

/**
 * Reads of the main menu's quick search (issue 13), each at most `limit` rows of the visible
 * contacts walking one index. E-mail and phone by their start: starts_with (^@) is leakproof, so
 * under row-level security the index answers it (people_email, text_pattern_ops since 0024;
 * people_prefix_cellphone), where a "contains" would read every row (seconds at 1,000,000). A
 * phone's tail is the start of its stored reversed digits (people_tail_*, migration 0035).
 */
export const quickSearchRepository = {
  /** Whether the name search of `text` looks up the name words (a run of 3+ letters or digits). */
  hasNameWord: hasNameRun,

  /** Names containing a text of one or two letters (no name word to look up; such a text is common). */
  walkNames(ctx: TenantContext, vis: PeopleVisibility, text: string, limit: number) {
    const name = filterCondition('PERSON', [
      { units: [{ field: 'name', operator: 'CONTAINS', values: [text] }] },
    ]);
    return visible(ctx, vis)
      .$if(name !== undefined, (q) => q.where(name as NonNullable<typeof name>))
      .orderBy('p.name')
      .orderBy('p.id')
      .limit(limit)
      .execute();
  },

  emailsStartingWith(ctx: TenantContext, vis: PeopleVisibility, text: string, limit: number) {
    return visible(ctx, vis)
      .where(sql<SqlBool>`p.email ^@ ${text.toLowerCase()}`)
      .orderBy('p.email')
      .limit(limit)
      .execute();
  },

  cellphonesStartingWith(ctx: TenantContext, vis: PeopleVisibility, digits: string, limit: number) {
    return visible(ctx, vis)
      .where(sql<SqlBool>`p.cellphone ^@ ${digits}`)
      .orderBy('p.cellphone')
      .limit(limit)
      .execute();
  },

  /** Whose cellphone, or whose second phone (`column`), ends with the digits. */
  phonesEndingWith(
    ctx: TenantContext,
    vis: PeopleVisibility,
    column: 'cellphone_reversed' | 'phone_two_reversed',
    digits: string,
    limit: number,
  ) {
    const reversed = [...digits].reverse().join('');
    return visible(ctx, vis)
      .where(sql<SqlBool>`${sql.ref(`p.${column}`)} ^@ ${reversed}`)
      .orderBy(`p.${column}`)
      .limit(limit)
      .execute();
  },
};

const visible = (ctx: TenantContext, vis: PeopleVisibility) =>
  ctx.trx
    .selectFrom('people as p')
    .select(['p.id', 'p.name', 'p.email', 'p.cellphone', 'p.phone_two'])
    .where('p.tenant_id', '=', ctx.tenantId)
    .where(visibleTo(vis));
