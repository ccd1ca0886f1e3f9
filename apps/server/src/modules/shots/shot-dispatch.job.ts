import { type TenantContext, withTenant } from '../../platform/db/tenancy.ts';
import { jobsRepository } from '../../platform/jobs/jobs.repository.ts';
import type { JobRun } from '../../platform/jobs/worker.ts';
import { refundMarketingCredits } from '../marketing/accounts.service.ts';
import type { DispatchDeps, ShotChannelSender } from './shot-channel.ts';
import { emailChannel } from './shot-channel-email.ts';
import { smsChannel } from './shot-channel-sms.ts';
import { type ShotDispatchJob, shotDispatchQueue, shotLaneKey } from './shot-dispatch.queue.ts';
import {
  type LeasedRecipient,
  type SendingShot,
  type SendOutcome,
  shotDispatchRepository,
} from './shot-dispatch.repository.ts';

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

type Deps = DispatchDeps;

/**
 * One lane of a SENDING shot, of either channel (shot-channel-email.ts, shot-channel-sms.ts): lease a
 * batch (short committed transaction, after the channel's gate: the sender still sendable, not in the
 * SMS quiet hours), send it with no transaction open (`inFlight` at a time), record each outcome in a
 * short transaction as it comes, so after a kill only the sends in flight can go out again (same
 * Message-ID, same idempotency key). Ends the shot SENT when nothing is pending, or ERROR (pending
 * recipients FAILED, their credits given back) when the channel can no longer send; pauses it until
 * the quiet hours end; re-enqueues itself after `laneSeconds`, for the next retry or the pause's end.
 * When the process stops (`run.signal`), the sends in flight end and are recorded, the recipients
 * leased but not sent are released at once (their attempt not counted) and the lane ends as when out
 * of time (the shot SENT if nothing is left, else the lane enqueued again for now): the next process
 * sends them without waiting for a lease or a lock, and nothing goes out twice.
 */
export function shotDispatchHandler(deps: Deps, options: ShotDispatchOptions = {}) {
  const batchSize = options.batchSize ?? 100;
  const inFlight = options.inFlight ?? 8;
  const leaseSeconds = options.leaseSeconds ?? 120;
  const laneMs = (options.laneSeconds ?? 60) * 1000;
  const delays = options.retryDelaysSeconds ?? SHOT_RETRY_DELAYS_S;
  const channels: Record<SendingShot['channel'], ShotChannelSender<unknown>> = {
    EMAIL: emailChannel(deps, delays) as ShotChannelSender<unknown>,
    SMS: smsChannel(deps, delays) as ShotChannelSender<unknown>,
  };

  return async (job: ShotDispatchJob, run?: JobRun): Promise<void> => {
    const signal = run?.signal;
    const { tenantId, shotId } = job;
    const started = Date.now();
    const shot = await withTenant(deps.db, tenantId, (ctx) =>
      shotDispatchRepository.findSending(ctx, shotId),
    );
    if (!shot) return;
    const channel = channels[shot.channel];
    const prepared = await channel.prepare(tenantId, shot);
    if ('errorReason' in prepared) {
      await withTenant(deps.db, tenantId, (ctx) => endInError(ctx, shot, prepared.errorReason));
      return;
    }
    const { template } = prepared;
    const recorder = outcomeRecorder(deps, tenantId);

    const sendOne = async (r: LeasedRecipient): Promise<void> => {
      const outcome = await channel.send(template, r);
      // the slot sends its next message only once this outcome is committed: after a kill, only
      // the sends in flight can go out again
      await recorder(r.id, outcome);
      deps.metrics?.shotOutcome(shot.channel, outcome.kind);
      options.onOutcome?.(r.id, outcome.kind);
    };

    let pausedUntil: Date | undefined;
    while (Date.now() - started < laneMs) {
      if (signal?.aborted) break;
      const leased = await withTenant(deps.db, tenantId, async (ctx) => {
        const state = await shotDispatchRepository.sendingState(ctx, shotId);
        if (!state) return 'stopped' as const;
        // checked for every batch: a sender deactivated mid-shot stops it, the quiet hours pause it
        const gate = await channel.gate(ctx, template);
        if ('errorReason' in gate) {
          await endInError(ctx, shot, gate.errorReason);
          return 'stopped' as const;
        }
        if ('pauseUntil' in gate) {
          await shotDispatchRepository.setPausedUntil(ctx, shotId, gate.pauseUntil);
          return gate;
        }
        if (state.paused_until) await shotDispatchRepository.setPausedUntil(ctx, shotId, null);
        return shotDispatchRepository.lease(ctx, shotId, shot.channel, batchSize, leaseSeconds);
      });
      if (leased === 'stopped') return;
      if (!Array.isArray(leased)) {
        pausedUntil = leased.pauseUntil;
        break;
      }
      if (leased.length === 0) break;
      const unsent = await runBounded(leased, inFlight, sendOne, signal);
      if (unsent.length > 0) {
        await withTenant(deps.db, tenantId, (ctx) =>
          shotDispatchRepository.release(
            ctx,
            unsent.map((r) => r.id),
          ),
        );
      }
    }
    if (pausedUntil) await enqueueLane(deps, job, pausedUntil);
    // stopping: as out of time, the lane comes back at once (for the next process) unless done
    else await afterRun(deps, job, Date.now() - started >= laneMs || signal?.aborted === true);
  };
}

/**
 * SENDING → ERROR with the reason, once: the recipients never sent end FAILED with it, and the
 * credits debited for them at the freeze come back (SMS: the parts of each one's message).
 */
async function endInError(ctx: TenantContext, shot: SendingShot, reason: string): Promise<void> {
  if (!(await shotDispatchRepository.fail(ctx, shot.id, reason))) return;
  const fallbackParts = shot.channel === 'SMS' ? (shot.sms_parts ?? 1) : 1;
  const credits = await shotDispatchRepository.pendingCredits(ctx, shot.id, fallbackParts);
  await shotDispatchRepository.failPending(ctx, shot.id, reason);
  if (credits > 0) await refundMarketingCredits(ctx, shot.channel, credits, `shot:${shot.id}`);
}

/**
 * Group commit of the outcomes of one lane run: those that arrive while a transaction writes go
 * together in the next one (one transaction and one statement for many sends); each caller's promise
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
        await withTenant(deps.db, tenantId, (ctx) => shotDispatchRepository.record(ctx, group));
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

/**
 * Runs `fn` over `items`, at most `limit` at a time; once `signal` is aborted no item is started
 * (those running end). Answers the items never started.
 */
async function runBounded<T>(
  items: T[],
  limit: number,
  fn: (item: T) => Promise<void>,
  signal?: AbortSignal,
): Promise<T[]> {
  let next = 0;
  const slot = async () => {
    while (next < items.length && !signal?.aborted) await fn(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, slot));
  return items.slice(next);
}

/**
 * The end of a lane's run: the shot SENT when nothing is pending; otherwise the lane comes back, now
 * when it ran out of time, else when the earliest retry is due.
 */
async function afterRun(deps: Deps, job: ShotDispatchJob, outOfTime: boolean): Promise<void> {
  const { tenantId, shotId } = job;
  const due = await withTenant(deps.db, tenantId, async (ctx) => {
    const next = await shotDispatchRepository.nextRetry(ctx, shotId);
    if (!next) await shotDispatchRepository.finishIfDone(ctx, shotId);
    return next;
  });
  if (!due && !outOfTime) return;
  await enqueueLane(deps, job, outOfTime || !due ? new Date() : due);
}

/** The lane's next run at `runAt`: this job's key is freed so it can be enqueued while this one ends. */
async function enqueueLane(deps: Deps, job: ShotDispatchJob, runAt: Date): Promise<void> {
  const key = shotLaneKey(job.shotId, job.lane);
  await jobsRepository.releaseSingleton(deps.db.kysely, shotDispatchQueue.name, key);
  await deps.jobs.enqueue(shotDispatchQueue, job, { singletonKey: key, runAt });
}
