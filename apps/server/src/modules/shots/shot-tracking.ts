import { PUBLIC_ROUTE_LIMITS } from '@mandato/domain';
import type { AppContext } from '../../platform/app-context.ts';
import type { Database } from '../../platform/db/engine.ts';
import { runSelfBound } from '../../platform/db/tenancy.ts';
import { shotEventsRepository, type TrackingRow } from './shot-events.repository.ts';

declare module '../../platform/app-context.ts' {
  interface AppContext {
    /** the open pixel's and click redirect's group writes (modules/shots/shot-tracking.ts) */
    shotTracker: ShotTracker;
  }
}

/** At most this many hits in one write (one statement, whatever the tenants). */
const BATCH_MAX = 2_000;
/**
 * Writes running at once, each on its own pooled connection (PGlite queues them on its one): a hit
 * waits for a commit (a disk flush), so several commits in flight at once (PostgreSQL flushes them
 * together) carry more hits a second than bigger batches one after another. They take at most 4 of
 * the pool's 10 (default) connections: the rest of the app is never locked out by a burst of hits.
 */
const WRITERS = 4;

interface Pending {
  row: TrackingRow;
  done: () => void;
  failed: (error: unknown) => void;
}

/**
 * The open pixel's and click redirect's recording, built for thousands of hits a second: the hits
 * that arrive while the writes are running go together in the next one (group commit: one statement
 * that finds the links and writes each tenant's hits, a round trip on PostgreSQL; a few writes at
 * once). A hit is answered after its write committed, so each answered hit is recorded once — up to
 * the route's limit per link (PUBLIC_ROUTE_LIMITS.trackingPerLink, counted in the write itself: a hit
 * past it is answered, not recorded) — and one of an unknown link is answered and recorded nowhere.
 */
export class ShotTracker {
  private queue: Pending[] = [];
  private writers = 0;
  /** the writes under way, for `close` */
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly db: Database) {}

  record(row: TrackingRow): Promise<void> {
    return new Promise((done, failed) => {
      this.queue.push({ row, done, failed });
      if (this.writers < WRITERS) {
        const work = this.write();
        this.running.add(work);
        void work.finally(() => this.running.delete(work));
      }
    });
  }

  /** Waits for the writes under way (shutdown: before the database closes). */
  async close(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }

  private async write() {
    this.writers++;
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, BATCH_MAX);
      try {
        await runSelfBound(this.db, (exec) =>
          shotEventsRepository.recordTracking(
            exec,
            PUBLIC_ROUTE_LIMITS.trackingPerLink,
            batch.map((p) => p.row),
          ),
        );
        for (const p of batch) p.done();
      } catch (error) {
        for (const p of batch) p.failed(error);
      }
    }
    this.writers--;
  }
}

/** Records an open or a click of the recipient of `linkId` (nothing for an id of no recipient). */
export function trackHit(
  app: Pick<AppContext, 'shotTracker'>,
  linkId: string,
  kind: 'open' | 'click',
  url: string | null = null,
): Promise<void> {
  return app.shotTracker.record({ linkId, kind, url: url?.slice(0, 2048) ?? null, at: new Date() });
}
