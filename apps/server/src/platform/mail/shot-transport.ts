import nodemailer from 'nodemailer';
import type { Database } from '../db/engine.ts';
import { withTenant } from '../db/tenancy.ts';
import { DkimKeyCache, dkimSignature } from './dkim-signer.ts';
import { buildMime, mimeText } from './mime-message.ts';
import { type OutboxTrace, shotOutboxRepository } from './shot-outbox.repository.ts';

/**
 * Channel for marketing e-mail (issue 26): pooled SMTP, one message per recipient, each signed with
 * the DKIM key of the sender's domain. Only the channel: who gets what, and when, is the caller's.
 * Without MARKETING_SMTP_URL / SMTP_URL the embedded default is the outbox (mkt_shot_outbox): the
 * messages readable in the app, where each can be marked delivered, bounced or reported as spam.
 */

export interface ShotMessage {
  /** The sender as shown to the recipient. */
  from: { name: string; address: string };
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Deterministic per (shot, recipient): see `shotMessageId`. */
  messageId: string;
  /** The sender domain's DKIM key as a plain PEM (decrypting it is the caller's job). */
  dkim: { domainName: string; keySelector: string; privateKey: string };
  /** Extra headers (List-Unsubscribe, List-Unsubscribe-Post, …). */
  headers?: Record<string, string>;
  /** Whose message it is: the outbox keeps it under the tenant, shot and recipient (or test sender). */
  trace?: OutboxTrace;
}

export interface ShotSendResult {
  accepted: string[];
  rejected: string[];
  /** The server's last answer, e.g. "250 OK: queued as …". */
  response: string;
  messageId: string;
  /** A relay accepted it for delivery (2xx); the outbox only stores it (marked later in the app). */
  delivered: boolean;
}

/** A refused or failed send; `permanent` (a 5xx answer) means retrying will not help. */
export class ShotSendError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
    /** SMTP reply code, undefined when no answer came (connection refused, timeout). */
    readonly code: number | undefined,
    readonly response: string | undefined,
  ) {
    super(message);
    this.name = 'ShotSendError';
  }
}

export interface ShotTransport {
  /** 'outbox': the embedded default, no mail leaves the server */
  readonly kind: 'smtp' | 'outbox';
  send(message: ShotMessage): Promise<ShotSendResult>;
  close(): void;
}

/**
 * The Message-ID of a recipient's message: its link id (fixed at the freeze, one per (shot,
 * recipient)) at the sender's domain. A resend after a crash carries the same one, and a relay's
 * bounce or complaint naming it finds the recipient (and its tenant) by the link id.
 */
export function shotMessageId(linkId: string, domain: string): string {
  return `<${linkId}@${domain}>`;
}

/** The link id of a Message-ID made by `shotMessageId`, if it is one. */
export function linkIdOfMessageId(messageId: string): string | undefined {
  return /^<?([A-Za-z0-9_-]{22})@[^>]+>?$/.exec(messageId.trim())?.[1];
}

/** SMTP time-outs (ms): a relay that accepts the connection and never answers fails the send. */
export const SHOT_SMTP_TIMEOUT_MS = 30_000;

/** The MARKETING_SMTP_URL value that keeps shots in the outbox even when SMTP_URL is set. */
export const OUTBOX_TRANSPORT = 'outbox';

/**
 * MARKETING_SMTP_URL, else SMTP_URL, else the embedded outbox in `db` (also with
 * MARKETING_SMTP_URL=outbox: account e-mail by SMTP, shots readable in the app — the journeys).
 */
export function createShotTransport(
  config: { smtpUrl: string | undefined; marketing: { smtpUrl?: string | undefined } },
  db?: Database,
  options: { timeoutMs?: number; maxConnections?: number } = {},
): ShotTransport {
  const url = config.marketing.smtpUrl ?? config.smtpUrl;
  if (url && url !== OUTBOX_TRANSPORT) return smtpTransport(url, options);
  if (!db) throw new Error('Shot transport needs MARKETING_SMTP_URL, SMTP_URL or the database (outbox)');
  return outboxTransport(db);
}

/**
 * The raw text of a shot's message, DKIM-signed by its sender's domain (unsigned when it has no
 * key, as nodemailer did): nodemailer then only talks SMTP. `keys`: the transport's parsed keys.
 */
export function shotMailText(message: ShotMessage, date: Date, keys: DkimKeyCache): string {
  const mime = buildMime({ ...message, date });
  if (!message.dkim.privateKey) return mimeText(mime);
  return mimeText({ headers: [dkimSignature(mime, message.dkim, keys), ...mime.headers], body: mime.body });
}

function smtpTransport(url: string, options: { timeoutMs?: number; maxConnections?: number }): ShotTransport {
  const timeout = options.timeoutMs ?? SHOT_SMTP_TIMEOUT_MS;
  // a few long-lived connections: a shot is many messages to the same relay
  const transport = nodemailer.createTransport({
    url,
    pool: true,
    maxConnections: options.maxConnections ?? 3,
    maxMessages: Number.POSITIVE_INFINITY,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
  });
  const dkimKeys = new DkimKeyCache();
  return {
    kind: 'smtp',
    async send(message) {
      try {
        const info = await transport.sendMail({
          envelope: { from: message.from.address, to: [message.to] },
          raw: shotMailText(message, new Date(), dkimKeys),
        });
        return {
          accepted: info.accepted.map(String),
          rejected: info.rejected.map(String),
          response: info.response,
          // nodemailer reads no Message-ID from a raw message: it would answer one of its own
          messageId: message.messageId,
          delivered: true,
        };
      } catch (error) {
        const e = error as { message?: string; responseCode?: number; response?: string };
        const code = typeof e.responseCode === 'number' ? e.responseCode : undefined;
        throw new ShotSendError(
          e.message ?? String(error),
          code !== undefined && code >= 500,
          code,
          e.response,
        );
      }
    },
    close() {
      transport.close();
      dkimKeys.clear();
    },
  };
}

/** The answer the outbox gives, as a relay's would read. */
export const OUTBOX_RESPONSE = '250 Guardada na caixa de saída';

/**
 * The embedded default: each message stored in the tenant's outbox, in its own short transaction
 * (a resend after a crash, same Message-ID, is kept once). No DKIM signature is made: nothing leaves.
 */
function outboxTransport(db: Database): ShotTransport {
  return {
    kind: 'outbox',
    async send(message) {
      const trace = message.trace;
      if (!trace)
        throw new ShotSendError('outbox: mensagem sem tenant/envio/destinatário', true, 554, undefined);
      await withTenant(db, trace.tenantId, (ctx) => shotOutboxRepository.insert(ctx, message, trace));
      return {
        accepted: [message.to],
        rejected: [],
        response: OUTBOX_RESPONSE,
        messageId: message.messageId,
        delivered: false,
      };
    },
    close() {},
  };
}
