import nodemailer from 'nodemailer';
import type { Database } from '../db/engine.ts';
import { type TenantContext, withoutTenant, withTenant } from '../db/tenancy.ts';
import { outboxRepository } from './outbox.repository.ts';

export interface MailMessage {
  tenantId: string | null;
  to: string;
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
  /** The message carries a secret (a new password): named so it can be forgotten, and its expiry. */
  secret?: { key: string; expiresAt: Date };
}

export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  /** The secret `key` was used or replaced: no stored copy of it may remain. */
  forgetSecret(ctx: TenantContext, key: string): Promise<void>;
  close(): Promise<void>;
}

/** Real delivery through an SMTP server (SMTP_URL, e.g. smtps://user:pass@host:465). */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async send(message) {
      await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        headers: message.headers,
      });
    },
    forgetSecret: async () => {}, // nothing kept here
    async close() {
      transport.close();
    },
  };
}

/** Embedded default: messages are kept in the outbox tables, readable by operators (CLI). */
export function createOutboxMailer(db: Database): Mailer {
  return {
    kind: 'outbox',
    send: (message) =>
      message.tenantId === null
        ? withoutTenant(db, (trx) => outboxRepository.insertPlatformMail(trx, message))
        : withTenant(db, message.tenantId, (ctx) => outboxRepository.insertTenantMail(ctx, message)),
    forgetSecret: (ctx, key) => outboxRepository.forgetSecret(ctx, key),
    close: async () => {},
  };
}

export function createMailer(db: Database, smtpUrl: string | undefined, from: string): Mailer {
  return smtpUrl ? createSmtpMailer(smtpUrl, from) : createOutboxMailer(db);
}

/** The latest messages of the embedded outbox: a tenant's, or the platform's (tenantId null). */
export function readOutbox(db: Database, tenantId: string | null, limit: number) {
  return tenantId === null
    ? withoutTenant(db, (trx) => outboxRepository.latestPlatformMail(trx, limit))
    : withTenant(db, tenantId, (ctx) => outboxRepository.latestTenantMail(ctx, limit));
}
