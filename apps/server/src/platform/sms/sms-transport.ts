import type { Database } from '../db/engine.ts';
import type { OutboxTrace } from '../mail/shot-outbox.repository.ts';
import { createSmsOutboxTransport } from './sms-outbox.ts';
import { createZenviaSmsTransport } from './zenvia-sms.ts';

/**
 * Channel for SMS shots (issue 27): the provider's HTTP API (Zenvia v2 contract, zenvia-sms.ts) when
 * SMS_PROVIDER_URL is set, else the embedded outbox (mkt_shot_outbox, channel SMS), readable in the
 * app, where a message can be marked delivered or failed and a reply simulated. Only the channel:
 * who gets what, and when, is the caller's (shots/shot-dispatch).
 */

export interface SmsMessage {
  /** E.164 digits without '+': 55 + DDD + nine digits (recipients.ts `shotMobile`). */
  to: string;
  /** The final text: the identification and the content with the merge tags filled (`composeSms`). */
  text: string;
  /**
   * The recipient's link id (fixed at the freeze): sent as the provider's idempotency key, so a retry
   * after a time-out or a kill never sends the message twice.
   */
  idempotencyKey: string;
  /** Whose message it is: the outbox keeps it under the tenant, shot and recipient (or test sender). */
  trace: OutboxTrace;
}

export interface SmsSendResult {
  /** The provider's id of the message: its status reports name it (mkt_shot_recipients.provider_message_id). */
  providerMessageId: string;
  /** What to show as the 'Processados' message, e.g. "202 Accepted". */
  response: string;
  /** false: only accepted; a status report (or an outbox mark) tells delivered or failed later. */
  delivered: boolean;
}

/**
 * A refused or failed send. `permanent` (a 4xx other than 408/429): recorded FAILED, never retried.
 * Otherwise (429, 5xx, time-out, no answer) retried later, no sooner than `retryAfterMs` when the
 * provider said so (Retry-After).
 */
export class SmsSendError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
    /** HTTP status, undefined when no answer came */
    readonly status: number | undefined,
    readonly retryAfterMs: number | undefined,
  ) {
    super(message);
    this.name = 'SmsSendError';
  }
}

export interface SmsTransport {
  /** 'outbox': the embedded default, nothing leaves the server */
  readonly kind: 'provider' | 'outbox';
  send(message: SmsMessage): Promise<SmsSendResult>;
  close(): void;
}

export interface SmsConfig {
  /** SMS_PROVIDER_URL: the API's base (e.g. https://api.zenvia.com); unset: the outbox */
  providerUrl: string | undefined;
  /** SMS_PROVIDER_TOKEN: the API token (X-API-TOKEN) */
  token: string | undefined;
  /** SMS_SENDER_ID: the provider's sender (the `from` of the messages) */
  senderId: string;
  /** SMS_WEBHOOK_SECRET: the secret the provider's webhooks carry; unset: the webhooks answer 404 */
  webhookSecret: string | undefined;
  /** SMS_QUIET_HOURS: the default quiet hours ('21-8'; 'off') */
  quietHours: string;
  /** SMS_PROVIDER_TIMEOUT_MS */
  timeoutMs: number;
}

/** The provider's client when SMS_PROVIDER_URL is set, else the outbox in `db`. */
export function createSmsTransport(config: SmsConfig, db: Database): SmsTransport {
  if (config.providerUrl) return createZenviaSmsTransport({ ...config, providerUrl: config.providerUrl });
  return createSmsOutboxTransport(db, config.senderId);
}
