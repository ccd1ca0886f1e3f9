import { PUBLIC_ROUTE_LIMITS } from '@mandato/domain';
import type { AppContext } from '../../platform/app-context.ts';
import type { Database } from '../../platform/db/engine.ts';
import { runSelfBound } from '../../platform/db/tenancy.ts';
import { shotEventsRepository, type TrackingRow } from './shot-events.repository.ts';
import { type ShotLinkTarget, shotPublicRepository } from './shot-public.repository.ts';

declare module '../../platform/app-context.ts' {
  interface AppContext {
    /** the open pixel's and click redirect's lookups and group writes (modules/shots/shot-tracking.ts) */
    shotTracker: ShotTracker;
  }
}

/** Link ids kept resolved per process (a link id names one recipient for good: nothing to go stale). */
const CACHE_SIZE = 100_000;
/** At most this many hits in one write (one statement per tenant). */
const BATCH_MAX = 2_000;
/**
 * Writes running at once, each on its own pooled connection (PGlite queues them on its one): a hit
 * waits for a commit (a disk flush), so several commits in flight at once (PostgreSQL flushes them
 * together) carry more hits a second than bigger batches one after another.
 */
const WRITERS = 4;
/**
 * Lookups of ids not yet kept: at most this many at once, of up to LOOKUP_MAX ids each (one
 * statement, whatever the number of ids: the policy takes them as a list).
 * Most opens are first hits (a person opens once), so the ids missed while a lookup runs go
 * together in the next one. Writers and lookups take at most 8 of the pool's 10 (default)
 * connections: the rest of the app is never locked out by a burst of hits.
 */
const LOOKUPS = 4;
const LOOKUP_MAX = 200;

interface Lookup {
  linkId: string;
  done: (link: ShotLinkTarget | undefined) => void;
  failed: (error: unknown) => void;
}

interface Pending {
  tenantId: string;
  row: TrackingRow;
  done: () => void;
  failed: (error: unknown) => void;
}

/**
 * The open pixel's and click redirect's recording, built for thousands of hits a second: a link id
 * found once is kept (bounded LRU; ids missed at the same moment are looked up a few together), and
 * the hits that arrive while the writes are running go together in the next one (group commit: one
 * statement per tenant, a round trip on PostgreSQL; a few writes at once). A hit is answered after its write
 * committed, so each answered hit is recorded once — up to the route's limit per link
 * (PUBLIC_ROUTE_LIMITS.trackingPerLink, counted in the write itself: a hit past it is answered, not recorded).
 */
export class ShotTracker {
  private readonly links = new Map<string, ShotLinkTarget>();
  /** the lookup under way of each id missed (two hits of one id wait for the same) */
  private readonly finding = new Map<string, Promise<ShotLinkTarget | undefined>>();
  private lookups: Lookup[] = [];
  private finders = 0;
  private queue: Pending[] = [];
  private writers = 0;
  /** the lookups and writes under way, for `close` */
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly db: Database) {}

  find(linkId: string): Promise<ShotLinkTarget | undefined> {
    const cached = this.links.get(linkId);
    if (cached !== undefined) {
      this.links.delete(linkId);
      this.links.set(linkId, cached);
      return Promise.resolve(cached);
    }
    let pending = this.finding.get(linkId);
    if (!pending) {
      pending = new Promise((done, failed) => this.lookups.push({ linkId, done, failed }));
      this.finding.set(linkId, pending);
      if (this.finders < LOOKUPS) this.run(this.lookUp());
    }
    return pending;
  }

  /** Waits for the lookups and writes under way (shutdown: before the database closes). */
  async close(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }

  private run(work: Promise<void>) {
    this.running.add(work);
    void work.finally(() => this.running.delete(work));
  }

  /** The ids missed while lookups ran go together in the next one (one statement). */
  private async lookUp() {
    this.finders++;
    while (this.lookups.length > 0) {
      const batch = this.lookups.splice(0, LOOKUP_MAX);
      try {
        const found = await runSelfBound(this.db, (exec) =>
          shotPublicRepository.findByLinks(
            exec,
            batch.map((l) => l.linkId),
          ),
        );
        for (const { linkId, done } of batch) {
          const link = found.get(linkId);
          // an unknown id is not kept: it may be a recipient frozen a moment from now
          if (link) this.keep(linkId, link);
          this.finding.delete(linkId);
          done(link);
        }
      } catch (error) {
        for (const { linkId, failed } of batch) {
          this.finding.delete(linkId);
          failed(error);
        }
      }
    }
    this.finders--;
  }

  private keep(linkId: string, link: ShotLinkTarget) {
    this.links.set(linkId, link);
    if (this.links.size > CACHE_SIZE) this.links.delete(this.links.keys().next().value as string);
  }

  record(tenantId: string, row: TrackingRow): Promise<void> {
    return new Promise((done, failed) => {
      this.queue.push({ tenantId, row, done, failed });
      if (this.writers < WRITERS) this.run(this.write());
    });
  }

  private async write() {
    this.writers++;
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, BATCH_MAX);
      const byTenant = new Map<string, TrackingRow[]>();
      for (const p of batch) {
        const rows = byTenant.get(p.tenantId);
        if (rows) rows.push(p.row);
        else byTenant.set(p.tenantId, [p.row]);
      }
      try {
        for (const [tenantId, rows] of byTenant)
          await runSelfBound(this.db, (exec) =>
            shotEventsRepository.recordTracking(exec, tenantId, PUBLIC_ROUTE_LIMITS.trackingPerLink, rows),
          );
        for (const p of batch) p.done();
      } catch (error) {
        for (const p of batch) p.failed(error);
      }
    }
    this.writers--;
  }
}

/** Records an open or a click of the recipient of `linkId`; false for an unknown link id. */
export async function trackHit(
  app: Pick<AppContext, 'shotTracker'>,
  linkId: string,
  kind: 'open' | 'click',
  url: string | null = null,
): Promise<boolean> {
  const tracker = app.shotTracker;
  const link = await tracker.find(linkId);
  if (!link) return false;
  await tracker.record(link.tenantId, {
    recipientId: link.recipientId,
    kind,
    url: url?.slice(0, 2048) ?? null,
    at: new Date(),
  });
  return true;
}
