import type { RevalidationStatus } from '@mandato/domain';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';
import type { TenantContext } from '../../platform/db/tenancy.ts';
import type { SourceResult } from './address.ts';

export type CachedResult = Exclude<SourceResult, { kind: 'retry' }>;

/** The HTTP geocoder's answers by normalised address (global table, docs/decisions.md). */
export const geocodeCacheRepository = {
  async get(db: Kysely<DB>, source: string, keys: readonly string[]): Promise<Map<string, CachedResult>> {
    const answers = new Map<string, CachedResult>();
    if (keys.length === 0) return answers;
    const rows = await db
      .selectFrom('geocode_cache')
      .select(['query', 'found', 'latitude', 'longitude', 'precision'])
      .where('source', '=', source)
      .where('query', 'in', [...new Set(keys)])
      .execute();
    for (const r of rows) {
      answers.set(
        r.query,
        r.found && r.latitude !== null && r.longitude !== null
          ? {
              kind: 'found',
              answer: {
                latitude: r.latitude,
                longitude: r.longitude,
                precision: r.precision as 'STREET' | 'ZIP' | 'NEIGHBORHOOD' | 'CITY',
                source: source as 'nominatim',
              },
            }
          : { kind: 'not_found' },
      );
    }
    return answers;
  },

  /** Records an answer (found or not found); a second writer of the same address keeps the first. */
  async put(db: Kysely<DB>, source: string, key: string, result: CachedResult): Promise<void> {
    await db
      .insertInto('geocode_cache')
      .values({
        source,
        query: key,
        found: result.kind === 'found',
        latitude: result.kind === 'found' ? result.answer.latitude : null,
        longitude: result.kind === 'found' ? result.answer.longitude : null,
        precision: result.kind === 'found' ? result.answer.precision : null,
      })
      .onConflict((oc) => oc.columns(['source', 'query']).doNothing())
      .execute();
  },
};

/**
 * A queue job that must run no later than `runAt`: enqueued, or an already pending one with that
 * singleton key moved earlier (the geocoder's back-off retries of a tenant: one job, the earliest).
 */
export async function enqueueNoLaterThan(
  db: Kysely<DB>,
  queue: string,
  payload: unknown,
  singletonKey: string,
  runAt: Date,
): Promise<void> {
  await sql`
    INSERT INTO jobs (queue, payload, run_at, singleton_key)
    VALUES (${queue}, ${JSON.stringify(payload)}::jsonb, ${runAt}, ${singletonKey})
    ON CONFLICT (queue, singleton_key) WHERE singleton_key IS NOT NULL AND state IN ('pending', 'active')
    DO UPDATE SET run_at = least(jobs.run_at, excluded.run_at) WHERE jobs.state = 'pending'`.execute(db);
}

export const revalidationsRepository = {
  async insert(ctx: TenantContext, userId: string, type: 'PERSON' | 'TEAM'): Promise<string> {
    const row = await ctx.trx
      .insertInto('geo_revalidations')
      .values({ tenant_id: ctx.tenantId, user_id: userId, type })
      .returning('id')
      .executeTakeFirstOrThrow();
    return String(row.id);
  },

  async setTotal(ctx: TenantContext, id: string, total: number): Promise<void> {
    await ctx.trx
      .updateTable('geo_revalidations')
      .set({ total })
      .where('tenant_id', '=', ctx.tenantId)
      .where('id', '=', id)
      .execute();
  },

  async find(ctx: TenantContext, id: string) {
    return ctx.trx
      .selectFrom('geo_revalidations')
      .select(['id', 'status', 'total', 'done'])
      .where('tenant_id', '=', ctx.tenantId)
      .where('id', '=', id)
      .executeTakeFirst();
  },

  /** The revalidation, locked for the batch about to be written (a second worker waits, then moves on). */
  async lock(ctx: TenantContext, id: string) {
    return ctx.trx
      .selectFrom('geo_revalidations')
      .select(['id', 'status', 'total', 'done'])
      .where('tenant_id', '=', ctx.tenantId)
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
  },

  async addDone(ctx: TenantContext, id: string, n: number): Promise<void> {
    await ctx.trx
      .updateTable('geo_revalidations')
      .set((eb) => ({ done: sql<number>`least(${eb.ref('total')}, ${eb.ref('done')} + ${n})` }))
      .where('tenant_id', '=', ctx.tenantId)
      .where('id', '=', id)
      .execute();
  },

  async finish(
    ctx: TenantContext,
    id: string,
    status: RevalidationStatus,
    lastError?: string,
  ): Promise<void> {
    await ctx.trx
      .updateTable('geo_revalidations')
      .set((eb) => ({
        status,
        finished_at: sql<Date>`now()`,
        ...(status === 'CONCLUDED' ? { done: eb.ref('total') } : {}),
        ...(lastError ? { last_error: lastError.slice(0, 2000) } : {}),
      }))
      .where('tenant_id', '=', ctx.tenantId)
      .where('id', '=', id)
      .where('status', '=', 'IN_PROGRESS')
      .execute();
  },

  /** A failed attempt of the job: answers how many there were. */
  async recordFailure(ctx: TenantContext, id: string, message: string): Promise<number> {
    const row = await ctx.trx
      .updateTable('geo_revalidations')
      .set((eb) => ({ failed_attempts: eb('failed_attempts', '+', 1), last_error: message.slice(0, 2000) }))
      .where('tenant_id', '=', ctx.tenantId)
      .where('id', '=', id)
      .returning('failed_attempts')
      .executeTakeFirst();
    return row?.failed_attempts ?? 0;
  },
};

/**
 * Whether an HTTP geocoder is configured, read by the address trigger (migration 0028): without one
 * the trigger settles a row with the offline answer; with one it leaves the row to the job.
 */
export async function recordHttpGeocoder(db: Kysely<DB>, enabled: boolean): Promise<void> {
  await db.updateTable('geocoder_settings').set({ http_enabled: enabled }).execute();
}
