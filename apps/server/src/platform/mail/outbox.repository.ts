import type { Database } from '../db/engine.ts';
import type { MailMessage } from './mailer.ts';

export const outboxRepository = {
  async insert(db: Database, message: MailMessage): Promise<void> {
    await db.kysely
      .insertInto('mail_outbox')
      .values({
        tenant_id: message.tenantId,
        to_address: message.to,
        subject: message.subject,
        text_body: message.text,
        html_body: message.html ?? null,
      })
      .execute();
  },
  latest(db: Database, limit = 20) {
    return db.kysely
      .selectFrom('mail_outbox')
      .select(['id', 'tenant_id', 'to_address', 'subject', 'text_body', 'created_at'])
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  },
};
