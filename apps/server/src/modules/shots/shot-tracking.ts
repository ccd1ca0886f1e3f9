import type { AppContext } from '../../platform/app-context.ts';
import type { Database } from '../../platform/db/engine.ts';
import { withoutTenant, withTenant } from '../../platform/db/tenancy.ts';
import { shotEventsRepository, type TrackingRow } from './shot-events.repository.ts';
import { type ShotLinkTarget, shotPublicRepository } from './shot-public.repository.ts';

/** Link ids kept resolved per process (a link id names one recipient for good: nothing to go stale). */
const CACHE_SIZE = 100_000;
/** At most this many hits in one write (one statement per tenant). */
const BATCH_MAX = 2_000;
/** Writes running at once (each on its own pooled connection; PGlite queues them on its one). */
const WRITERS = 4;

interface Pending {
  tenantId: string;
  row: TrackingRow;
  done: () => void;
  failed: (error: unknown) => void;
}

/**
 * The open pixel's and click redirect's recording, built for thousands of hits a second: a link id
 * found once is kept (bounded LRU), and the hits that arrive while the writes are running go together in
 * the next one (group commit: one transaction, one statement per tenant; a few writes at once). A hit is answered after
 * its write committed, so each answered hit is recorded once.
 */
class ShotTracker {
  private readonly links = new Map<string, ShotLinkTarget | null>();
  private queue: Pending[] = [];
  private writers = 0;

  constructor(private readonly db: Database) {}

  async find(linkId: string): Promise<ShotLinkTarget | undefined> {
    const cached = this.links.get(linkId);
    if (cached !== undefined) {
      this.links.delete(linkId);
      this.links.set(linkId, cached);
      return cached ?? undefined;
    }
    const found = (
      await withoutTenant(this.db, (trx) => shotPublicRepository.findByLinks(trx, [linkId]))
    ).get(linkId);
    // an unknown id is not kept: it may be a recipient frozen a moment from now
    if (found) {
      this.links.set(linkId, found);
      if (this.links.size > CACHE_SIZE) this.links.delete(this.links.keys().next().value as string);
    }
    return found;
  }

  record(tenantId: string, row: TrackingRow): Promise<void> {
    return new Promise((done, failed) => {
      this.queue.push({ tenantId, row, done, failed });
      if (this.writers < WRITERS) void this.write();
    });
  }

  private async write() {
    this.writers++;
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, BATCH_MAX);
      const byTenant = new Map<string, TrackingRow[]>();
      for (const p of batch) byTenant.set(p.tenantId, [...(byTenant.get(p.tenantId) ?? []), p.row]);
      try {
        for (const [tenantId, rows] of byTenant)
          await withTenant(this.db, tenantId, (ctx) => shotEventsRepository.recordTracking(ctx, rows));
        for (const p of batch) p.done();
      } catch (error) {
        for (const p of batch) p.failed(error);
      }
    }
    this.writers--;
  }
}

const trackers = new WeakMap<Database, ShotTracker>();
function trackerOf(app: Pick<AppContext, 'db'>): ShotTracker {
  let tracker = trackers.get(app.db);
  if (!tracker) {
    tracker = new ShotTracker(app.db);
    trackers.set(app.db, tracker);
  }
  return tracker;
}

/** Records an open or a click of the recipient of `linkId`; false for an unknown link id. */
export async function trackHit(
  app: Pick<AppContext, 'db'>,
  linkId: string,
  kind: 'open' | 'click',
  url: string | null = null,
): Promise<boolean> {
  const tracker = trackerOf(app);
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
