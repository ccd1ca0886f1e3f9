import { sql } from 'kysely';
import type { TenantContext } from './tenancy.ts';

/**
 * The geocoding columns (migrations 0016/0017) are the same on people and companies: the SQL that
 * reads and writes them, for the table a module names (people-geo.repository.ts and
 * companies-geo.repository.ts call it; the geocoding module reaches them through their lookups).
 */
export type GeoTable = 'people' | 'companies';

/** A row's address as read, with what the geocoder already knows of it. */
export interface GeoRow {
  id: string;
  zip_code: string | null;
  street: string | null;
  number: string | null;
  neighborhood: string | null;
  city: string | null;
  state: string | null;
  geo_status: string;
  geo_precision: string | null;
  geo_attempts: number;
}

/**
 * What to write on a row. DONE and NOT_FOUND settle it; PENDING keeps it waiting (a back-off:
 * attempts and next_at); KEEP leaves its point as it is (a revalidation found nothing better).
 */
export interface GeoOutcome {
  id: string;
  status: 'DONE' | 'NOT_FOUND' | 'PENDING' | 'KEEP';
  latitude: number | null;
  longitude: number | null;
  precision: string | null;
  source: string | null;
  attempts: number;
  nextAt: string | null;
}

const ADDRESS = ['zip_code', 'street', 'number', 'neighborhood', 'city', 'state'] as const;

function select(table: GeoTable) {
  return sql`SELECT t.id::text AS id, t.zip_code, t.street, t.number, t.neighborhood, t.city, t.state,
    t.geo_status, t.geo_precision, t.geo_attempts FROM ${sql.table(table)} AS t`;
}

export function geoRows(table: GeoTable) {
  return {
    /** Up to `limit` rows waiting for the geocoder whose back-off is over, in id order. */
    async pending(ctx: TenantContext, limit: number): Promise<GeoRow[]> {
      const { rows } = await sql<GeoRow>`${select(table)}
        WHERE t.tenant_id = ${ctx.tenantId} AND t.geo_status = 'PENDING'
          AND (t.geo_next_at IS NULL OR t.geo_next_at <= now())
        ORDER BY t.id LIMIT ${limit}`.execute(ctx.trx);
      return rows;
    },

    /** When the earliest back-off of the tenant ends (undefined: none waits). */
    async nextRetryAt(ctx: TenantContext): Promise<Date | undefined> {
      const { rows } = await sql<{ at: Date | string | null }>`
        SELECT min(t.geo_next_at) AS at FROM ${sql.table(table)} AS t
        WHERE t.tenant_id = ${ctx.tenantId} AND t.geo_status = 'PENDING' AND t.geo_next_at IS NOT NULL`.execute(
        ctx.trx,
      );
      const at = rows[0]?.at;
      return at ? new Date(at) : undefined;
    },

    /**
     * Writes the outcomes of a batch in one statement, on rows whose address is still the one read
     * (a row saved again meanwhile is PENDING for its new address and left to the next batch) and
     * that still wait (`recheck` unset) or still belong to that revalidation. Answers the rows written.
     */
    async write(
      ctx: TenantContext,
      read: readonly GeoRow[],
      outcomes: readonly GeoOutcome[],
      recheck?: string,
    ): Promise<number> {
      if (outcomes.length === 0) return 0;
      const byId = new Map(read.map((r) => [r.id, r]));
      const json = JSON.stringify(
        outcomes.map((o) => {
          const r = byId.get(o.id);
          return {
            id: o.id,
            status: o.status,
            latitude: o.latitude,
            longitude: o.longitude,
            precision: o.precision,
            source: o.source,
            attempts: o.attempts,
            next_at: o.nextAt,
            ...Object.fromEntries(ADDRESS.map((c) => [c, r?.[c] ?? null])),
          };
        }),
      );
      const keep = sql`o.status = 'KEEP'`;
      const result = await sql`
        UPDATE ${sql.table(table)} AS t SET
          geo_status = CASE WHEN ${keep} THEN t.geo_status ELSE o.status END,
          latitude = CASE WHEN ${keep} THEN t.latitude ELSE o.latitude END,
          longitude = CASE WHEN ${keep} THEN t.longitude ELSE o.longitude END,
          geo_precision = CASE WHEN ${keep} THEN t.geo_precision ELSE o.precision END,
          geo_source = CASE WHEN ${keep} THEN t.geo_source ELSE o.source END,
          geocoded_at = CASE WHEN o.status IN ('DONE', 'NOT_FOUND') THEN now() ELSE t.geocoded_at END,
          geo_attempts = CASE WHEN ${keep} THEN t.geo_attempts ELSE o.attempts END,
          geo_next_at = CASE WHEN ${keep} THEN t.geo_next_at ELSE o.next_at END
        FROM json_to_recordset(${json}::json) AS o(id bigint, status text, latitude double precision,
          longitude double precision, precision text, source text, attempts integer, next_at timestamptz,
          zip_code text, street text, number text, neighborhood text, city text, state text)
        WHERE t.tenant_id = ${ctx.tenantId} AND t.id = o.id
          AND ${sql.join(
            ADDRESS.map((c) => sql`t.${sql.ref(c)} IS NOT DISTINCT FROM o.${sql.ref(c)}`),
            sql` AND `,
          )}
          AND ${recheck === undefined ? sql`t.geo_status = 'PENDING'` : sql`t.geo_recheck = ${recheck}`}`.execute(
        ctx.trx,
      );
      return Number(result.numAffectedRows ?? 0);
    },
  };
}
