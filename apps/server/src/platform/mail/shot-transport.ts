import nodemailer from 'nodemailer';

/**
 * Channel for marketing e-mail (issue 26): pooled SMTP, one message per recipient, each signed with
 * the DKIM key of the sender's domain. Only the channel: who gets what, and when, is the caller's.
 *
 * TODO(issue 26, next step): without MARKETING_SMTP_URL / SMTP_URL the embedded default is the outbox
 * (messages readable in the app, where each can be marked delivered, bounced or reported as spam);
 * until it exists `createShotTransport` requires an SMTP URL.
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
}

export interface ShotSendResult {
  accepted: string[];
  rejected: string[];
  /** The server's last answer, e.g. "250 OK: queued as …". */
  response: string;
  messageId: string;
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

/** MARKETING_SMTP_URL, else SMTP_URL. */
export function createShotTransport(config: {
  smtpUrl: string | undefined;
  marketing: { smtpUrl?: string | undefined };
}): ShotTransport {
  const url = config.marketing.smtpUrl ?? config.smtpUrl;
  if (!url)
    throw new Error(
      'Shot transport needs MARKETING_SMTP_URL or SMTP_URL (the outbox default is not built yet)',
    );
  // a few long-lived connections: a shot is many messages to the same relay
  const transport = nodemailer.createTransport({ url, pool: true, maxConnections: 3 });
  return {
    async send(message) {
      try {
        const info = await transport.sendMail({
          from: { name: message.from.name, address: message.from.address },
          to: message.to,
          subject: message.subject,
          html: message.html,
          text: message.text,
          messageId: message.messageId,
          headers: message.headers,
          dkim: message.dkim,
        });
        return {
          accepted: info.accepted.map(String),
          rejected: info.rejected.map(String),
          response: info.response,
          messageId: info.messageId,
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
    },
  };
}
