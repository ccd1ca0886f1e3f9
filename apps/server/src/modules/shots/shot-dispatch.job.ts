import { type MergeValues, SHOT_TEXTS } from '@mandato/domain';
import type { AppContext } from '../../platform/app-context.ts';
import { SHOT_RATE_DEFAULTS } from '../../platform/config/config.ts';
import { withTenant } from '../../platform/db/tenancy.ts';
import { jobsRepository } from '../../platform/jobs/jobs.repository.ts';
import { SendThrottle } from '../../platform/mail/send-throttle.ts';
import { ShotSendError, type ShotTransport } from '../../platform/mail/shot-transport.ts';
import { findSendableSender, openDkimKey, shotLinkKey } from '../marketing/marketing.lookup.ts';
import { type ShotDispatchJob, shotDispatchQueue } from './shot-dispatch.queue.ts';
import {
  type LeasedRecipient,
  type SendOutcome,
  shotDispatchRepository,
} from './shot-dispatch.repository.ts';
import { shotLinks } from './shot-links.ts';
import { buildShotMessage, type ShotTemplate } from './shot-message.ts';

/** Waits before the next attempt of a temporary failure (4xx, no answer), by attempts made. */
export const SHOT_RETRY_DELAYS_S = [60, 300, 900, 3600];
/** Attempts of a recipient before it ends FAILED. */
export const SHOT_MAX_ATTEMPTS = SHOT_RETRY_DELAYS_S.length + 1;

export interface ShotDispatchOptions {
  /** recipients leased per transaction */
  batchSize?: number;
  /** sends of one lane in flight at once: at most this many can go out twice after a kill */
  inFlight?: number;
  /** a lease outlives a batch's sends; a killed worker's recipients are taken again after it */
  leaseSeconds?: number;
  /** a lane running this long re-enqueues itself instead of holding its job lock */
  laneSeconds?: number;
  retryDelaysSeconds?: number[];
  /** after each recorded outcome (the kill test and the bench watch it) */
  onOutcome?: (recipientId: string, outcome: SendOutcome['kind']) => void;
}

type Deps = Pick<AppContext, 'db' | 'config' | 'log' | 'jobs'> & { shotTransport: ShotTransport };

/**
 * One lane of a SENDING shot: lease a batch (short committed transaction), send it with no
 * transaction open (`inFlight` at a time, throttled per tenant and per receiving domain), record each
 * outcome in its own short transaction as it comes, so after a kill only the sends in flight can go
 * out again (same Message-ID). Ends the shot SENT when nothing is pending, or ERROR when its sender
 * can no longer send; re-enqueues itself after `laneSeconds` or for the next retry.
 */
export function shotDispatchHandler(deps: Deps, options: ShotDispatchOptions = {}) {
  const batchSize = options.batchSize ?? 100;
  const inFlight = options.inFlight ?? 8;
  const leaseSeconds = options.leaseSeconds ?? 120;
  const laneMs = (options.laneSeconds ?? 60) * 1000;
  const delays = options.retryDelaysSeconds ?? SHOT_RETRY_DELAYS_S;
  const throttle = new SendThrottle(deps.config.marketing.shotRates ?? SHOT_RATE_DEFAULTS);

  return async (job: ShotDispatchJob): Promise<void> => {
    const { tenantId, shotId } = job;
    const started = Date.now();
    const template = await prepare(deps, tenantId, shotId);
    if (!template) return;
    const links = shotLinks(deps.config.publicUrl, await shotLinkKey(deps));
    const recorder = outcomeRecorder(deps, tenantId);

    const sendOne = async (r: LeasedRecipient): Promise<void> => {
      await throttle.take(tenantId, r.address.slice(r.address.lastIndexOf('@') + 1));
      const message = buildShotMessage(
        template,
        { id: r.id, linkId: r.link_id, address: r.address, merge: r.merge as MergeValues },
        links,
        new Date(),
      );
      const outcome = await deps.shotTransport.send(message).then(
        (result): SendOutcome => ({ kind: 'sent', response: result.response, delivered: result.delivered }),
        (error: unknown) => failureOutcome(error, r.attempts, delays),
      );
      // the slot sends its next message only once this outcome is committed: after a kill, only
      // the sends in flight can go out again
      await recorder(r.id, outcome);
      options.onOutcome?.(r.id, outcome.kind);
    };

    while (Date.now() - started < laneMs) {
      const leased = await withTenant(deps.db, tenantId, async (ctx) => {
        // the sender is checked for every batch: one deactivated mid-shot stops it
        if (!(await shotDispatchRepository.findSending(ctx, shotId))) return 'stopped' as const;
        if (!(await findSendableSender(ctx, template.senderId))) {
          await shotDispatchRepository.fail(ctx, shotId, SHOT_TEXTS.errorSenderInactive);
          return 'stopped' as const;
        }
        return shotDispatchRepository.lease(ctx, shotId, batchSize, leaseSeconds);
      });
      if (leased === 'stopped') return;
      if (leased.length === 0) break;
      await runBounded(leased, inFlight, sendOne);
    }
    await afterRun(deps, job, Date.now() - started >= laneMs);
  };
}

/** The shot's template, or undefined when it is no longer SENDING or ended in ERROR (sender gone). */
async function prepare(
  deps: Deps,
  tenantId: string,
  shotId: string,
): Promise<(ShotTemplate & { senderId: string }) | undefined> {
  const found = await withTenant(deps.db, tenantId, async (ctx) => {
    const shot = await shotDispatchRepository.findSending(ctx, shotId);
    if (!shot) return undefined;
    const sender = shot.sender_id ? await findSendableSender(ctx, shot.sender_id) : undefined;
    if (!sender) {
      await shotDispatchRepository.fail(ctx, shotId, SHOT_TEXTS.errorSenderInactive);
      return undefined;
    }
    return { shot, sender };
  });
  if (!found) return undefined;
  const { shot, sender } = found;
  // the key is opened outside the transaction, once per lane run
  const dkimPrivateKey = await openDkimKey(deps, tenantId, sender);
  return {
    tenantId,
    shotId,
    senderId: sender.id,
    subject: shot.subject ?? '',
    html: shot.html_content ?? '',
    text: shot.text_content ?? '',
    sender: {
      name: sender.name,
      email: sender.email,
      domainName: sender.domainName,
      dkimSelector: sender.dkimSelector,
    },
    dkimPrivateKey,
    mandate: shot.tenant_name,
  };
}

/**
 * Group commit of the outcomes of one lane run: those that arrive while a transaction writes go
 * together in the next one (one transaction for many sends, not one each); each caller's promise
 * settles once its outcome is committed.
 */
function outcomeRecorder(deps: Deps, tenantId: string) {
  type Waiting = { id: string; outcome: SendOutcome; done: (error?: unknown) => void };
  let queue: Waiting[] = [];
  let writing = false;
  const write = async () => {
    writing = true;
    while (queue.length > 0) {
      const group = queue;
      queue = [];
      try {
        await withTenant(deps.db, tenantId, async (ctx) => {
          for (const w of group) await shotDispatchRepository.record(ctx, w.id, w.outcome);
        });
        for (const w of group) w.done();
      } catch (error) {
        for (const w of group) w.done(error);
      }
    }
    writing = false;
  };
  return (id: string, outcome: SendOutcome) =>
    new Promise<void>((resolve, reject) => {
      queue.push({ id, outcome, done: (error) => (error === undefined ? resolve() : reject(error)) });
      if (!writing) void write();
    });
}

/** A failed send: 5xx bounced; 4xx or no answer retried later, FAILED after the last attempt. */
export function failureOutcome(error: unknown, attempts: number, delays: number[]): SendOutcome {
  const response =
    error instanceof ShotSendError
      ? (error.response ?? error.message)
      : error instanceof Error
        ? error.message
        : String(error);
  if (error instanceof ShotSendError && error.permanent) return { kind: 'bounced', response };
  const delay = delays[attempts - 1];
  if (delay === undefined) return { kind: 'failed', response };
  return { kind: 'retry', response, nextAttemptAt: new Date(Date.now() + delay * 1000) };
}

/** Runs `fn` over `items`, at most `limit` at a time. */
async function runBounded<T>(items: T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const slot = async () => {
    while (next < items.length) await fn(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, slot));
}

/**
 * The end of a lane's run: the shot SENT when nothing is pending; otherwise the lane comes back, now
 * when it ran out of time, else when the earliest retry is due.
 */
async function afterRun(deps: Deps, job: ShotDispatchJob, outOfTime: boolean): Promise<void> {
  const { tenantId, shotId, lane } = job;
  const due = await withTenant(deps.db, tenantId, async (ctx) => {
    const next = await shotDispatchRepository.nextRetry(ctx, shotId);
    if (!next) await shotDispatchRepository.finishIfDone(ctx, shotId);
    return next;
  });
  if (!due && !outOfTime) return;
  const key = `shot:${shotId}:${lane}`;
  // this job's key is freed so the next run of the lane can be enqueued while this one ends
  await jobsRepository.releaseSingleton(deps.db.kysely, shotDispatchQueue.name, key);
  await deps.jobs.enqueue(shotDispatchQueue, job, {
    singletonKey: key,
    runAt: outOfTime || !due ? new Date() : due,
  });
}
