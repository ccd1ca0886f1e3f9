import { type RawBuilder, sql } from 'kysely';
import type { TenantContext } from '../../platform/db/tenancy.ts';

/**
 * SQL of the reports. Every figure counts contacts (is_team = false) and, when `ownerId` is set
 * (a caller without ROLE_CRM_ALL_DATA), only the people that user created. The counters are kept
 * by the triggers of migration 0021 (report_people_months, report_godfather_counts) and 0008
 * (people_counts); the names and goals of godfathers are read from people by key.
 */
export interface GodfatherRecord {
  id: string;
  name: string | null;
  influence: number;
  total: number;
}

type Direction = 'asc' | 'desc';

const owned = (column: string, ownerId: string | null): RawBuilder<unknown> =>
  ownerId ? sql`AND ${sql.ref(column)} = ${ownerId}` : sql``;

/** Godfathers with at least one visible affiliate, and their totals (a CTE body). */
const affiliates = (ctx: TenantContext, ownerId: string | null) => sql`
  SELECT g.godfather_id AS id, sum(g.n)::bigint AS total
  FROM report_godfather_counts g
  WHERE g.tenant_id = ${ctx.tenantId} AND g.is_team = false ${owned('g.created_by', ownerId)}
  GROUP BY g.godfather_id HAVING sum(g.n) > 0`;

const toRecord = (r: {
  id: string | number;
  name: string | null;
  influence: number | string;
  total: string | number;
}) => ({
  id: String(r.id),
  name: r.name,
  influence: Number(r.influence),
  total: Number(r.total),
});

export const reportsRepository = {
  /** Visible contacts per vote, from the counters of migration 0008. */
  async contactsByVote(ctx: TenantContext, ownerId: string | null): Promise<Map<string, number>> {
    const { rows } = await sql<{ vote: string; n: string }>`
      SELECT pc.vote, sum(pc.n)::bigint AS n FROM people_counts pc
      WHERE pc.tenant_id = ${ctx.tenantId} AND pc.is_team = false ${owned('pc.created_by', ownerId)}
      GROUP BY pc.vote`.execute(ctx.trx);
    return new Map(rows.map((r) => [r.vote, Number(r.n)]));
  },

  /** Visible contacts created per month ('YYYY-MM-01' → n) from `fromMonth` to `toMonth`. */
  async createdPerMonth(
    ctx: TenantContext,
    ownerId: string | null,
    fromMonth: string,
    toMonth: string,
  ): Promise<Map<string, number>> {
    const { rows } = await sql<{ month: string; n: string }>`
      SELECT to_char(m.month, 'YYYY-MM-DD') AS month, sum(m.n)::bigint AS n FROM report_people_months m
      WHERE m.tenant_id = ${ctx.tenantId} AND m.is_team = false
        AND m.month >= ${fromMonth}::date AND m.month <= ${toMonth}::date ${owned('m.created_by', ownerId)}
      GROUP BY m.month`.execute(ctx.trx);
    return new Map(rows.map((r) => [r.month, Number(r.n)]));
  },

  /**
   * Godfathers with affiliates, by their totals (ties by name, id): one page, how many there are,
   * and how many of them have a goal (influence > 0).
   */
  async affiliatedPage(
    ctx: TenantContext,
    ownerId: string | null,
    direction: Direction,
    limit: number,
    offset: number,
  ): Promise<{ rows: GodfatherRecord[]; count: number; withGoal: number }> {
    const dir = sql.raw(direction);
    const { rows } = await sql<{
      id: string;
      name: string | null;
      influence: number;
      total: string;
      count: string;
      with_goal: string;
    }>`
      WITH aff AS MATERIALIZED (${affiliates(ctx, ownerId)}),
      a AS (
        SELECT p.id, p.name, p.influence, aff.total FROM aff
        JOIN people p ON p.tenant_id = ${ctx.tenantId} AND p.id = aff.id
        WHERE p.is_team = false ${owned('p.created_by', ownerId)}
      ),
      c AS (SELECT count(*) AS count, count(*) FILTER (WHERE a.influence > 0) AS with_goal FROM a)
      SELECT page.*, c.count, c.with_goal FROM c
      LEFT JOIN LATERAL (
        SELECT a.id, a.name, a.influence, a.total FROM a
        ORDER BY a.total ${dir}, a.name NULLS LAST, a.id LIMIT ${limit} OFFSET ${offset}
      ) page ON true`.execute(ctx.trx);
    const first = rows[0];
    return {
      rows: rows.filter((r) => r.id !== null).map(toRecord),
      count: Number(first?.count ?? 0),
      withGoal: Number(first?.with_goal ?? 0),
    };
  },

  /** Visible contacts with a goal (influence > 0), from the counters of migration 0021. */
  async withGoalCount(ctx: TenantContext, ownerId: string | null): Promise<number> {
    const { rows } = await sql<{ n: string | null }>`
      SELECT sum(g.n)::bigint AS n FROM report_goal_counts g
      WHERE g.tenant_id = ${ctx.tenantId} AND g.is_team = false ${owned('g.created_by', ownerId)}`.execute(
      ctx.trx,
    );
    return Number(rows[0]?.n ?? 0);
  },

  /** Contacts with a goal and no visible affiliate, by name (then id): totals of 0. */
  async unaffiliatedPage(
    ctx: TenantContext,
    ownerId: string | null,
    limit: number,
    offset: number,
  ): Promise<GodfatherRecord[]> {
    const { rows } = await sql<{ id: string; name: string | null; influence: number; total: number }>`
      WITH aff AS MATERIALIZED (${affiliates(ctx, ownerId)})
      SELECT p.id, p.name, p.influence, 0 AS total FROM people p
      WHERE p.tenant_id = ${ctx.tenantId} AND p.is_team = false AND p.influence > 0
        ${owned('p.created_by', ownerId)}
        AND NOT EXISTS (SELECT 1 FROM aff WHERE aff.id = p.id)
      ORDER BY p.name NULLS LAST, p.id LIMIT ${limit} OFFSET ${offset}`.execute(ctx.trx);
    return rows.map(toRecord);
  },

  /**
   * Every godfather (a goal or an affiliate) in the given order: a page (limit/offset) or, for the
   * export, up to `limit` rows.
   */
  async godfathers(
    ctx: TenantContext,
    ownerId: string | null,
    order: 'name' | 'influence' | 'totalAffiliates',
    direction: Direction,
    limit: number,
    offset: number,
  ): Promise<GodfatherRecord[]> {
    const dir = sql.raw(direction);
    const key =
      order === 'name'
        ? sql`g.name ${dir} NULLS LAST, g.id ${dir}`
        : order === 'influence'
          ? sql`g.influence ${dir}, g.name NULLS LAST, g.id`
          : sql`g.total ${dir}, g.name NULLS LAST, g.id`;
    const { rows } = await sql<{ id: string; name: string | null; influence: number; total: string }>`
      WITH aff AS MATERIALIZED (${affiliates(ctx, ownerId)}),
      g AS (
        SELECT p.id, p.name, p.influence, coalesce(aff.total, 0) AS total FROM people p
        LEFT JOIN aff ON aff.id = p.id
        WHERE p.tenant_id = ${ctx.tenantId} AND p.is_team = false ${owned('p.created_by', ownerId)}
          AND p.id IN (
            SELECT q.id FROM people q WHERE q.tenant_id = ${ctx.tenantId} AND q.is_team = false
              AND q.influence > 0 ${owned('q.created_by', ownerId)}
            UNION SELECT aff.id FROM aff
          )
      )
      SELECT g.id, g.name, g.influence, g.total FROM g ORDER BY ${key}
      LIMIT ${limit} OFFSET ${offset}`.execute(ctx.trx);
    return rows.map(toRecord);
  },
};
