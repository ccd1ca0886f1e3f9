import { type RawBuilder, type SqlBool, sql } from 'kysely';

/**
 * Which people a caller may see, as data: people.policy.ts `peopleVisibility` computes it from the
 * caller (the type there is the same shape). Any module's repository that reads people turns it
 * into its WHERE here, as it does a FilterExpression, so the rule is written once and no SQL
 * builder crosses a module's facade. Only repositories call this (architecture.test.ts).
 */
export interface VisibleRows {
  contacts: boolean;
  team: boolean;
  /** set when contacts are limited to the ones this user (users.id) created */
  ownerId: string | null;
}

/**
 * Rows the caller may see: team members with ROLE_TEAM, contacts with ROLE_CRM (own ones unless
 * all-data). `alias` names a table with is_team and created_by: people (p), people_counts (pc),
 * person_tags (pt) or the people of a word search (pw).
 */
export function visibleTo(vis: VisibleRows, alias: 'p' | 'pc' | 'pt' | 'pw' = 'p'): RawBuilder<SqlBool> {
  const isTeam = sql.ref(`${alias}.is_team`);
  const parts: RawBuilder<SqlBool>[] = [];
  if (vis.team) parts.push(sql`${isTeam} = true`);
  if (vis.contacts) {
    parts.push(
      vis.ownerId
        ? sql`(${isTeam} = false AND ${sql.ref(`${alias}.created_by`)} = ${vis.ownerId})`
        : sql`${isTeam} = false`,
    );
  }
  return parts.length === 0 ? sql<SqlBool>`false` : sql<SqlBool>`(${sql.join(parts, sql` OR `)})`;
}
