import { setImmediate } from 'node:timers/promises';
import { z } from 'zod';
import type { AppContext } from '../../platform/app-context.ts';
import type { GeoOutcome, GeoRow } from '../../platform/db/geo-rows.ts';
import { withTenant } from '../../platform/db/tenancy.ts';
import { jobsRepository } from '../../platform/jobs/jobs.repository.ts';
import { defineQueue, rowId } from '../../platform/jobs/queue.ts';
import { companiesGeo } from '../companies/companies.lookup.ts';
import { peopleGeo } from '../people/people-geo.lookup.ts';
import {
  enqueueNoLaterThan,
  geocodeCacheRepository,
  revalidationsRepository,
} from './geocoding.repository.ts';
import { askMissing, type Geocoders, httpQueries, type Resolution, resolveRows } from './resolve.ts';

/**
 * Queue of a tenant's new and changed addresses. Its jobs are enqueued by the database (migration
 * 0017, trigger geo_enqueue: `{"tenantId": "<id>"}`, 5 attempts) in the transaction of any
 * statement that leaves a row PENDING: saves, imports and seeds alike, with no module calling this
 * one. One job at a time per worker: a job drains a whole tenant in long runs of batches.
 */
export const geocodeQueue = defineQueue({
  name: 'geocoding.drain',
  payload: z.object({ tenantId: rowId }),
  concurrency: 1,
});
/** Queue of 'Revalidar pontos'. */
export const revalidateQueue = defineQueue({
  name: 'geocoding.revalidate',
  payload: z.object({ tenantId: rowId, revalidationId: rowId }),
  concurrency: 1,
});
/** Rows a batch reads and writes (one transaction writes them all). */
export const GEO_BATCH_SIZE = 1000;
/** Revalidations whose job failed this often end as ERROR (their committed batches stay). */
export const REVALIDATE_MAX_FAILURES = 5;

export type GeocodeJob = z.infer<typeof geocodeQueue.payload>;
export type RevalidateJob = z.infer<typeof revalidateQueue.payload>;

interface Options {
  batchSize?: number;
  /** batches of `batchSize` written side by side (default: 3 on PostgreSQL with no HTTP geocoder) */
  parallel?: number;
  /** called after each batch commits, with the rows it wrote (tests and the benchmark watch it) */
  onBatch?: (written: number) => void;
}

type Deps = Pick<AppContext, 'db' | 'log' | 'config' | 'geocoders'>;
type Table = typeof peopleGeo | typeof companiesGeo;

/** HTTP questions a batch may ask: about 20 s of the service's pace, so no batch waits long. */
const httpBudget = (deps: Deps) => Math.max(1, Math.floor(20_000 / Math.max(1, deps.config.geocoder.rateMs)));

/**
 * One batch: read the rows and the cached answers (one transaction), ask the HTTP geocoder what
 * it was never asked (no transaction open: its pace is one request a second), then write every
 * outcome in one transaction. A worker killed before that commit leaves the rows PENDING, and the
 * answers it got are in the cache: the job, claimed again, redoes the batch without asking twice.
 */
async function runBatch(
  deps: Deps,
  geocoders: Geocoders,
  tenantId: string,
  read: (ctx: Parameters<Parameters<typeof withTenant>[2]>[0]) => Promise<GeoRow[]>,
  mode: 'pending' | 'recheck',
  write: (
    ctx: Parameters<Parameters<typeof withTenant>[2]>[0],
    rows: GeoRow[],
    outcomes: GeoOutcome[],
  ) => Promise<number>,
  chunks = 1,
): Promise<{ rows: number; written: number; resolution: Resolution } | undefined> {
  const { rows, queries, cached } = await withTenant(deps.db, tenantId, async (ctx) => {
    const rows = await read(ctx);
    const queries = httpQueries(geocoders, rows);
    const keys = queries.flatMap((q) => (q ? [q.key] : []));
    const cached = geocoders.nominatim
      ? await geocodeCacheRepository.get(ctx.trx, geocoders.nominatim.source, keys)
      : new Map();
    return { rows, queries, cached };
  });
  if (rows.length === 0) return undefined;
  const lookups = await askMissing(geocoders, queries, cached, httpBudget(deps), (key, result) =>
    geocodeCacheRepository.put(deps.db.kysely, 'nominatim', key, result),
  );
  const resolution = resolveRows(geocoders, rows, queries, lookups, mode);
  // the rows' outcomes in `chunks` transactions side by side (PostgreSQL writes them on several
  // cores); each chunk's rows and outcomes commit together
  const size = Math.ceil(rows.length / chunks);
  const byId = new Map(resolution.outcomes.map((o) => [o.id, o]));
  const parts = Array.from({ length: chunks }, (_, k) => rows.slice(k * size, (k + 1) * size)).filter(
    (part) => part.length > 0,
  );
  const written = (
    await Promise.all(
      parts.map((part) =>
        withTenant(deps.db, tenantId, (ctx) =>
          write(
            ctx,
            part,
            part.flatMap((row) => byId.get(row.id) ?? []),
          ),
        ),
      ),
    )
  ).reduce((a, b) => a + b, 0);
  return { rows: rows.length, written, resolution };
}

/** Geocodes a tenant's PENDING people and companies in batches until none is due. */
export function geocodeHandler(deps: Deps, options: Options = {}) {
  const { geocoders } = deps;
  const size = options.batchSize ?? GEO_BATCH_SIZE;
  // batches written side by side: on PostgreSQL with the offline table only (an HTTP geocoder
  // answers one address a second: nothing to gain); PGlite has one connection
  const chunks = options.parallel ?? (deps.db.engine === 'postgres' && !geocoders.nominatim ? 3 : 1);
  const drainTable = async (tenantId: string, table: Table) => {
    for (;;) {
      const batch = await runBatch(
        deps,
        geocoders,
        tenantId,
        (ctx) => table.pending(ctx, size * chunks),
        'pending',
        (ctx, rows, outcomes) => table.write(ctx, rows, outcomes),
        chunks,
      );
      // none written: every row read was saved again meanwhile (the next job takes them)
      if (!batch || batch.written === 0) return;
      options.onBatch?.(batch.written);
      // let the server's I/O through between batches (PGlite runs in this thread)
      await setImmediate();
    }
  };
  return async ({ tenantId }: GeocodeJob) => {
    const keys = [`geo:${tenantId}`, `geo-retry:${tenantId}`];
    for (let round = 0; ; round++) {
      await drainTable(tenantId, peopleGeo);
      await drainTable(tenantId, companiesGeo);
      if (round > 0) break;
      // saves that committed while this job ran met its singleton key and enqueued nothing: free
      // the key (a later save enqueues again) and take one more round for what came meanwhile
      for (const key of keys) await jobsRepository.releaseSingleton(deps.db.kysely, geocodeQueue.name, key);
    }
    // addresses backing off after an HTTP failure: one job of the tenant, at the earliest retry
    const next = await withTenant(deps.db, tenantId, async (ctx) => {
      const dates = [await peopleGeo.nextRetryAt(ctx), await companiesGeo.nextRetryAt(ctx)];
      return dates.filter((d): d is Date => d !== undefined).sort((a, b) => a.getTime() - b.getTime())[0];
    });
    if (next) {
      const payload = geocodeQueue.payload.parse({ tenantId } satisfies GeocodeJob);
      await enqueueNoLaterThan(deps.db.kysely, geocodeQueue.name, payload, keys[1] as string, next);
    }
  };
}

/**
 * 'Revalidar pontos': rechecks the people marked with the revalidation (people.geo_recheck) with
 * every configured source, keeping the most precise answer; each batch's points, the marks it
 * clears and the progress (`done`) commit together. An HTTP failure leaves its rows marked and the
 * job fails after committing the rest: the queue tries it again later (its back-off).
 */
export function revalidateHandler(deps: Deps, options: Options = {}) {
  const { geocoders } = deps;
  const size = options.batchSize ?? GEO_BATCH_SIZE;
  return async (job: RevalidateJob) => {
    const id = job.revalidationId;
    try {
      for (;;) {
        let open = true;
        const batch = await runBatch(
          deps,
          geocoders,
          job.tenantId,
          async (ctx) => {
            const current = await revalidationsRepository.find(ctx, id);
            open = current?.status === 'IN_PROGRESS';
            return open ? peopleGeo.recheckRows(ctx, id, size) : [];
          },
          'recheck',
          async (ctx, rows, outcomes) => {
            const locked = await revalidationsRepository.lock(ctx, id);
            if (locked?.status !== 'IN_PROGRESS') return 0;
            await peopleGeo.write(ctx, rows, outcomes, id);
            const settled = new Set(outcomes.map((o) => o.id));
            const n = await peopleGeo.clearRecheck(
              ctx,
              id,
              rows.filter((row) => settled.has(row.id)).map((row) => row.id),
            );
            await revalidationsRepository.addDone(ctx, id, n);
            return n;
          },
        );
        if (!batch) {
          if (open)
            await withTenant(deps.db, job.tenantId, (ctx) =>
              revalidationsRepository.finish(ctx, id, 'CONCLUDED'),
            );
          return;
        }
        options.onBatch?.(batch.written);
        if (batch.resolution.failed > 0)
          throw new Error(`geocodificador indisponível (${batch.resolution.failed} endereço(s))`);
        await setImmediate();
      }
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const failures = await withTenant(deps.db, job.tenantId, async (ctx) => {
        const n = await revalidationsRepository.recordFailure(ctx, id, message);
        if (n >= REVALIDATE_MAX_FAILURES) await revalidationsRepository.finish(ctx, id, 'ERROR', message);
        return n;
      });
      if (failures < REVALIDATE_MAX_FAILURES) throw error;
      deps.log.error({ revalidationId: id, err: message }, 'revalidação de pontos falhou');
    }
  };
}
