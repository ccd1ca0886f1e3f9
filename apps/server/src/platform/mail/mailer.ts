import nodemailer from 'nodemailer';
import type { Database } from '../db/engine.ts';
import { outboxRepository } from './outbox.repository.ts';

export interface MailMessage {
  tenantId: string | null;
  to: string;
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
}

export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
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
    async close() {
      transport.close();
    },
  };
}

/** Embedded default: messages are kept in the `mail_outbox` table, readable by operators. */
export function createOutboxMailer(db: Database): Mailer {
  return { kind: 'outbox', send: (message) => outboxRepository.insert(db, message), close: async () => {} };
}

export function createMailer(db: Database, smtpUrl: string | undefined, from: string): Mailer {
  return smtpUrl ? createSmtpMailer(smtpUrl, from) : createOutboxMailer(db);
}
