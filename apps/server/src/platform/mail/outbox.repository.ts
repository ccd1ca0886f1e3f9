import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { TenantContext } from '../db/tenancy.ts';
import type { MailMessage } from './mailer.ts';

type Table = 'mail_outbox' | 'platform_mail_outbox';
type Trx = Kysely<DB> | Transaction<DB>;

const values = (message: MailMessage) => ({
  to_address: message.to,
  subject: message.subject,
  text_body: message.text,
  html_body: message.html ?? null,
  secret_key: message.secret?.key ?? null,
  expires_at: message.secret?.expiresAt ?? null,
});

/** Messages whose secret expired go first: the outbox keeps no usable secret past its time. */
async function dropExpired(trx: Trx, table: Table) {
  await trx.deleteFrom(table).where('expires_at', '<=', sql<Date>`now()`).execute();
}

async function latest(trx: Trx, table: Table, limit: number) {
  await dropExpired(trx, table);
  return trx
    .selectFrom(table)
    .select(['id', 'to_address', 'subject', 'text_body', 'created_at'])
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/**
 * The embedded outbox: tenant mail in `mail_outbox` (row-level security, through the tenant's
 * transaction), mail without a tenant in `platform_mail_outbox` (visible only outside tenants).
 */
export const outboxRepository = {
  async insertTenantMail(ctx: TenantContext, message: MailMessage): Promise<void> {
    await dropExpired(ctx.trx, 'mail_outbox');
    await ctx.trx
      .insertInto('mail_outbox')
      .values({ tenant_id: ctx.tenantId, ...values(message) })
      .execute();
  },
  async insertPlatformMail(trx: Trx, message: MailMessage): Promise<void> {
    await dropExpired(trx, 'platform_mail_outbox');
    await trx.insertInto('platform_mail_outbox').values(values(message)).execute();
  },
  async forgetSecret(ctx: TenantContext, key: string): Promise<void> {
    await ctx.trx.deleteFrom('mail_outbox').where('secret_key', '=', key).execute();
  },
  latestTenantMail: (ctx: TenantContext, limit: number) => latest(ctx.trx, 'mail_outbox', limit),
  latestPlatformMail: (trx: Trx, limit: number) => latest(trx, 'platform_mail_outbox', limit),
};
