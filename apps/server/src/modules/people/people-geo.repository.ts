import type { FilterExpression } from '@mandato/domain';
import { sql } from 'kysely';
import { filterCondition } from '../../platform/db/filter/filter-condition.ts';
import { type GeoRow, geoRows } from '../../platform/db/geo-rows.ts';
import type { TenantContext } from '../../platform/db/tenancy.ts';
import type { PeopleVisibility } from './people.policy.ts';
import { visibleTo } from './people.repository.ts';

/** The geocoding columns of people (issue 12): read and written by the geocoding job via people-geo.lookup.ts. */
export const peopleGeoRepository = {
  ...geoRows('people'),

  /**
   * Marks the visible people of the type matching the expression, with an address, for the
   * revalidation `recheck`; answers how many.
   */
  async markForRecheck(
    ctx: TenantContext,
    vis: PeopleVisibility,
    type: 'PERSON' | 'TEAM',
    expression: FilterExpression,
    recheck: string,
  ): Promise<number> {
    const condition = filterCondition(type, expression);
    const result = await ctx.trx
      .updateTable('people as p')
      .set({ geo_recheck: recheck })
      .where('p.tenant_id', '=', ctx.tenantId)
      .where(visibleTo(vis))
      .where('p.geo_status', '<>', 'NO_ADDRESS')
      .$if(condition !== undefined, (q) => q.where(condition as NonNullable<typeof condition>))
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  },

  /** Up to `limit` people still marked for the revalidation, in id order. */
  async recheckRows(ctx: TenantContext, recheck: string, limit: number): Promise<GeoRow[]> {
    const { rows } = await sql<GeoRow>`
      SELECT t.id::text AS id, t.zip_code, t.street, t.number, t.neighborhood, t.city, t.state,
        t.geo_status, t.geo_precision, t.geo_attempts
      FROM people AS t
      WHERE t.tenant_id = ${ctx.tenantId} AND t.geo_recheck = ${recheck}
      ORDER BY t.id LIMIT ${limit}`.execute(ctx.trx);
    return rows;
  },

  /** The people of a batch leave the revalidation; answers how many still belonged to it. */
  async clearRecheck(ctx: TenantContext, recheck: string, ids: readonly string[]): Promise<number> {
    if (ids.length === 0) return 0;
    const result = await ctx.trx
      .updateTable('people')
      .set({ geo_recheck: null })
      .where('tenant_id', '=', ctx.tenantId)
      .where('geo_recheck', '=', recheck)
      .where('id', 'in', [...ids])
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  },
};
