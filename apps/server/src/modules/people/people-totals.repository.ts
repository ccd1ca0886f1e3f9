import { type Compilable, type OperationNodeSource, type SqlBool, sql } from 'kysely';
import { bigintArray } from '../../platform/db/sql-helpers.ts';
import type { TenantContext } from '../../platform/db/tenancy.ts';
import type { PeopleVisibility } from './people.policy.ts';
import { visibleTo } from './people.repository.ts';

export { idCodes, isOneNameWord } from '../../platform/db/filter/filter-condition.ts';

/** A query answering one row with the count in `n`. */
export type CountQuery = Compilable<{ n: string }> & OperationNodeSource;

/** SQL of the exact totals of people lists (people-totals.ts says which one answers what). */
export const peopleTotalsRepository = {
  /** What identifies a count: its SQL and parameters (tenant, visibility and filter included). */
  keyOf(query: CountQuery): string {
    const compiled = query.compile();
    return JSON.stringify([compiled.sql, compiled.parameters]);
  },

  /** The tenant's people version (migration 0007); '0' before its first write. */
  async version(ctx: TenantContext): Promise<string> {
    const row = await ctx.trx
      .selectFrom('people_versions')
      .select('version')
      .where('tenant_id', '=', ctx.tenantId)
      .executeTakeFirst();
    return row ? String(row.version) : '0';
  },

  /**
   * A count (a query answering one row with `n`) and the version its snapshot saw: one statement,
   * one snapshot. `cacheable` is false inside a transaction that has written anything: its version
   * may never commit.
   */
  async totalAtVersion(
    ctx: TenantContext,
    query: CountQuery,
  ): Promise<{ total: number; version: string; cacheable: boolean }> {
    const { rows } = await sql<{ n: string; version: string | null; read_only: boolean }>`
      SELECT q.n,
        (SELECT v.version FROM people_versions v WHERE v.tenant_id = ${ctx.tenantId}) AS version,
        pg_current_xact_id_if_assigned() IS NULL AS read_only
      FROM (${query}) AS q`.execute(ctx.trx);
    const row = rows[0];
    return { total: Number(row?.n ?? 0), version: String(row?.version ?? '0'), cacheable: !!row?.read_only };
  },

  /**
   * A total from people_counts (migration 0008): every visible person, or those of some votes.
   * `rows` is how many differences were summed (folded by compactCounts when they pile up).
   */
  async countFromGroups(
    ctx: TenantContext,
    vis: PeopleVisibility,
    votes?: string[],
  ): Promise<{ total: number; rows: number }> {
    let q = ctx.trx
      .selectFrom('people_counts as pc')
      .where('pc.tenant_id', '=', ctx.tenantId)
      .where(visibleTo(vis, 'pc'));
    if (votes) q = q.where('pc.vote', 'in', votes);
    const row = await q
      .select([sql<string | null>`sum(pc.n)`.as('total'), sql<string>`count(*)`.as('rows')])
      .executeTakeFirstOrThrow();
    return { total: Number(row.total ?? 0), rows: Number(row.rows) };
  },

  /** Visible people holding any of the tags, counted on person_tags alone (migration 0009). */
  countByTagsQuery(ctx: TenantContext, vis: PeopleVisibility, tagIds: string[]) {
    return ctx.trx
      .selectFrom('person_tags as pt')
      .where('pt.tenant_id', '=', ctx.tenantId)
      .where(sql<SqlBool>`pt.tag_id = ANY(${bigintArray(tagIds)})`)
      .where(visibleTo(vis, 'pt'))
      .select(sql<string>`count(DISTINCT pt.person_id)`.as('n'));
  },

  /**
   * Visible people holding a name word that contains `word` (migration 0011): the total of a
   * one-word name CONTAINS, read on person_name_words alone.
   */
  countByNameWordQuery(ctx: TenantContext, vis: PeopleVisibility, word: string) {
    return ctx.trx
      .selectFrom('person_name_words as pw')
      .where('pw.tenant_id', '=', ctx.tenantId)
      .where(sql<SqlBool>`pw.word IN (SELECT w.word FROM name_words w
        WHERE w.tenant_id = ${ctx.tenantId} AND w.word LIKE '%' || search_norm(${word}) || '%')`)
      .where(visibleTo(vis, 'pw'))
      .select(sql<string>`count(DISTINCT pw.person_id)`.as('n'));
  },

  /**
   * Folds the tenant's count differences into one row per group. Rows written meanwhile are not in
   * this statement's snapshot and stay; a concurrent fold skips the rows this one deleted.
   */
  async compactCounts(ctx: TenantContext): Promise<void> {
    await sql`WITH gone AS (
        DELETE FROM people_counts WHERE tenant_id = ${ctx.tenantId} RETURNING is_team, created_by, vote, n
      )
      INSERT INTO people_counts (tenant_id, is_team, created_by, vote, n)
      SELECT ${ctx.tenantId}::bigint, is_team, created_by, vote, sum(n) FROM gone
      GROUP BY is_team, created_by, vote HAVING sum(n) <> 0`.execute(ctx.trx);
  },
};
