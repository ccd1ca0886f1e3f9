import type { AppContext } from '../../platform/app-context.ts';
import type { TenantContext } from '../../platform/db/tenancy.ts';
import type { LeasedRecipient, SendingShot, SendOutcome } from './shot-dispatch.repository.ts';

/** What the dispatch engine and its channel senders use of the app. */
export type DispatchDeps = Pick<
  AppContext,
  'db' | 'config' | 'log' | 'jobs' | 'shotTransport' | 'smsTransport'
> &
  Partial<Pick<AppContext, 'metrics'>>;

/** What a lane run goes on with: the channel's template, or the reason the shot ends in ERROR. */
export type Prepared<T> = { template: T } | { errorReason: string };

/** Before each batch, in the lease's transaction: send it, end the shot in ERROR, or pause until then. */
export type BatchGate = { go: true } | { errorReason: string } | { pauseUntil: Date };

/**
 * One channel of the shot engine (shot-dispatch.job.ts): what is channel-specific in sending a frozen
 * shot. The engine leases, records, re-enqueues, pauses and ends the shot; the channel turns a
 * recipient into a message and the transport's answer into an outcome.
 */
export interface ShotChannelSender<T> {
  /** Once per lane run, outside any transaction (it may open keys). */
  prepare(tenantId: string, shot: SendingShot): Promise<Prepared<T>>;
  gate(ctx: TenantContext, template: T): Promise<BatchGate>;
  /** Sends to one recipient with no transaction open; never rejects (a failure is an outcome). */
  send(template: T, recipient: LeasedRecipient): Promise<SendOutcome>;
}

/**
 * A temporary failure: retried after the delay of the attempts made (no sooner than `notBeforeMs`,
 * what the other side asked for), FAILED once the delays run out.
 */
export function retryOrFail(
  response: string,
  attempts: number,
  delaysSeconds: number[],
  notBeforeMs = 0,
): SendOutcome {
  const delay = delaysSeconds[attempts - 1];
  if (delay === undefined) return { kind: 'failed', response };
  const waitMs = Math.max(delay * 1000, notBeforeMs);
  return { kind: 'retry', response, nextAttemptAt: new Date(Date.now() + waitMs) };
}

export const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));
