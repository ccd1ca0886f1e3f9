import type { SenderStatus } from '@mandato/domain';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';
import type { TenantContext } from '../../platform/db/tenancy.ts';

export interface SenderRecord {
  id: string;
  name: string;
  email_prefix: string;
  domain_id: string;
  domain_name: string;
  status: SenderStatus;
  link_id: string;
  created_at: Date | string;
}

function senders(ctx: TenantContext) {
  return ctx.trx
    .selectFrom('mkt_senders as s')
    .innerJoin('mkt_domains as d', (j) =>
      j.onRef('d.tenant_id', '=', 's.tenant_id').onRef('d.id', '=', 's.domain_id'),
    )
    .select([
      's.id',
      's.name',
      's.email_prefix',
      sql<string>`s.domain_id::text`.as('domain_id'),
      'd.name as domain_name',
      's.status',
      's.link_id',
      's.created_at',
    ])
    .where('s.tenant_id', '=', ctx.tenantId);
}

/** SQL of the marketing senders (mkt_senders, migration 0029). */
export const sendersRepository = {
  async list(
    ctx: TenantContext,
    filter: { status?: SenderStatus; limit: number; offset: number },
  ): Promise<{ rows: SenderRecord[]; total: number }> {
    let query = senders(ctx);
    let count = ctx.trx
      .selectFrom('mkt_senders')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('tenant_id', '=', ctx.tenantId);
    if (filter.status) {
      query = query.where('s.status', '=', filter.status);
      count = count.where('status', '=', filter.status);
    }
    const rows = (await query
      .orderBy('s.name')
      .orderBy('s.id')
      .limit(filter.limit)
      .offset(filter.offset)
      .execute()) as SenderRecord[];
    const total = Number((await count.executeTakeFirst())?.n ?? 0);
    return { rows, total };
  },

  async find(ctx: TenantContext, id: string): Promise<SenderRecord | undefined> {
    return (await senders(ctx).where('s.id', '=', id).executeTakeFirst()) as SenderRecord | undefined;
  },

  /** Locks the row for a status change (two clicks at once see one another). */
  async lockStatus(ctx: TenantContext, id: string): Promise<SenderStatus | undefined> {
    const row = await ctx.trx
      .selectFrom('mkt_senders')
      .select('status')
      .where('tenant_id', '=', ctx.tenantId)
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    return row?.status;
  },

  async prefixTaken(
    ctx: TenantContext,
    prefix: string,
    domainId: string,
    exceptId?: string,
  ): Promise<boolean> {
    let query = ctx.trx
      .selectFrom('mkt_senders')
      .select('id')
      .where('tenant_id', '=', ctx.tenantId)
      .where('email_prefix', '=', prefix)
      .where('domain_id', '=', domainId);
    if (exceptId) query = query.where('id', '<>', exceptId);
    return (await query.executeTakeFirst()) !== undefined;
  },

  /** The new sender's id, or '' when its address was taken meanwhile. */
  async insert(
    ctx: TenantContext,
    values: { name: string; prefix: string; domainId: string; linkId: string; createdBy: string },
  ): Promise<string> {
    const row = await ctx.trx
      .insertInto('mkt_senders')
      .values({
        tenant_id: ctx.tenantId,
        name: values.name,
        email_prefix: values.prefix,
        domain_id: values.domainId,
        link_id: values.linkId,
        token_hash: null,
        token_expires_at: null,
        created_by: values.createdBy,
      })
      .onConflict((oc) => oc.columns(['tenant_id', 'email_prefix', 'domain_id']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return row ? String(row.id) : '';
  },

  /** Saves the fields and puts the sender back to PENDING_VALIDATION (spec 3 §4), without a token. */
  async update(
    ctx: TenantContext,
    id: string,
    values: { name: string; prefix: string; domainId: string },
  ): Promise<boolean> {
    const result = await ctx.trx
      .updateTable('mkt_senders')
      .set({
        name: values.name,
        email_prefix: values.prefix,
        domain_id: values.domainId,
        status: 'PENDING_VALIDATION',
        token_hash: null,
        token_expires_at: null,
      })
      .where('tenant_id', '=', ctx.tenantId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  },

  async setStatus(ctx: TenantContext, id: string, from: SenderStatus, to: SenderStatus): Promise<boolean> {
    const result = await ctx.trx
      .updateTable('mkt_senders')
      .set({ status: to })
      .where('tenant_id', '=', ctx.tenantId)
      .where('id', '=', id)
      .where('status', '=', from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  },

  /** A new activation token (its hash) for a sender still pending; false when it is not pending. */
  async setToken(ctx: TenantContext, id: string, tokenHash: string, expiresAt: Date): Promise<boolean> {
    const result = await ctx.trx
      .updateTable('mkt_senders')
      .set({ token_hash: tokenHash, token_expires_at: expiresAt })
      .where('tenant_id', '=', ctx.tenantId)
      .where('id', '=', id)
      .where('status', '=', 'PENDING_VALIDATION')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  },

  /**
   * Uses the token: one statement that activates the pending sender only while the hash matches
   * and has not expired, and clears it (single use). False for a wrong, used or expired token.
   */
  async useToken(ctx: TenantContext, id: string, tokenHash: string, linkId?: string): Promise<boolean> {
    let query = ctx.trx
      .updateTable('mkt_senders')
      .set({ status: 'ACTIVE', token_hash: null, token_expires_at: null })
      .where('tenant_id', '=', ctx.tenantId)
      .where('id', '=', id)
      .where('status', '=', 'PENDING_VALIDATION')
      .where('token_hash', '=', tokenHash)
      .where('token_expires_at', '>', sql<Date>`now()`);
    if (linkId) query = query.where('link_id', '=', linkId);
    const result = await query.executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  },

  async remove(ctx: TenantContext, id: string): Promise<boolean> {
    const result = await ctx.trx
      .deleteFrom('mkt_senders')
      .where('tenant_id', '=', ctx.tenantId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  },

  /**
   * The tenant and sender of a link id, outside any tenant session (policy sender_link_lookup of
   * migration 0029 shows only the row whose link id this transaction names), of an active tenant
   * with the marketing module.
   */
  /** An ACTIVE sender on a VALID domain, with the domain's DKIM selector and sealed key (shots). */
  async findSendable(ctx: TenantContext, id: string) {
    return ctx.trx
      .selectFrom('mkt_senders as s')
      .innerJoin('mkt_domains as d', (j) =>
        j.onRef('d.tenant_id', '=', 's.tenant_id').onRef('d.id', '=', 's.domain_id'),
      )
      .select([
        sql<string>`s.id::text`.as('id'),
        's.name',
        's.email_prefix',
        sql<string>`d.id::text`.as('domain_id'),
        'd.name as domain_name',
        'd.dkim_selector',
        'd.dkim_private_key',
      ])
      .where('s.tenant_id', '=', ctx.tenantId)
      .where('s.id', '=', id)
      .where('s.status', '=', 'ACTIVE')
      .where('d.status', '=', 'VALID')
      .executeTakeFirst();
  },
  async findByLink(trx: Kysely<DB>, linkId: string): Promise<{ tenantId: string; id: string } | undefined> {
    await sql`SELECT set_config('app.sender_link', ${linkId}, true)`.execute(trx);
    const row = await trx
      .selectFrom('mkt_senders as s')
      .innerJoin('tenants as t', 't.id', 's.tenant_id')
      .select([sql<string>`s.tenant_id::text`.as('tenant_id'), sql<string>`s.id::text`.as('id')])
      .where('s.link_id', '=', linkId)
      .where('t.active', '=', true)
      .where('t.marketing_secret', 'is not', null)
      .executeTakeFirst();
    return row ? { tenantId: row.tenant_id, id: row.id } : undefined;
  },
};
