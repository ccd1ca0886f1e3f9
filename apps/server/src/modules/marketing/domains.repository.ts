import type { DomainStatus } from '@mandato/domain';
import type { Selectable } from 'kysely';
import type { MktDomainsTable } from '../../platform/db/schema.ts';
import type { TenantContext } from '../../platform/db/tenancy.ts';

export type DomainRecord = Selectable<MktDomainsTable>;

const COLUMNS = [
  'id',
  'tenant_id',
  'name',
  'status',
  'dkim_selector',
  'dkim_public_key',
  'dkim_private_key',
  'spf_ok',
  'dkim_ok',
  'dmarc_ok',
  'checked_at',
  'created_by',
  'created_at',
] as const;

/** SQL of the sender domains (mkt_domains, migration 0027). */
export const domainsRepository = {
  async list(ctx: TenantContext, status?: DomainStatus): Promise<DomainRecord[]> {
    let query = ctx.trx.selectFrom('mkt_domains').select(COLUMNS).where('tenant_id', '=', ctx.tenantId);
    if (status) query = query.where('status', '=', status);
    return query.orderBy('name').orderBy('id').limit(500).execute();
  },

  find(ctx: TenantContext, id: string): Promise<DomainRecord | undefined> {
    return ctx.trx
      .selectFrom('mkt_domains')
      .select(COLUMNS)
      .where('tenant_id', '=', ctx.tenantId)
      .where('id', '=', id)
      .executeTakeFirst();
  },

  async nameTaken(ctx: TenantContext, name: string): Promise<boolean> {
    const row = await ctx.trx
      .selectFrom('mkt_domains')
      .select('id')
      .where('tenant_id', '=', ctx.tenantId)
      .where('name', '=', name)
      .executeTakeFirst();
    return row !== undefined;
  },

  /** Inserts the row with the key sealed afterwards (its AAD names the row id). */
  async insert(
    ctx: TenantContext,
    values: { name: string; selector: string; publicKey: string; createdBy: string },
  ): Promise<string> {
    const row = await ctx.trx
      .insertInto('mkt_domains')
      .values({
        tenant_id: ctx.tenantId,
        name: values.name,
        dkim_selector: values.selector,
        dkim_public_key: values.publicKey,
        dkim_private_key: '',
        spf_ok: null,
        dkim_ok: null,
        dmarc_ok: null,
        checked_at: null,
        created_by: values.createdBy,
      })
      .onConflict((oc) => oc.columns(['tenant_id', 'name']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return row ? String(row.id) : '';
  },

  async setPrivateKey(ctx: TenantContext, id: string, sealed: string): Promise<void> {
    await ctx.trx
      .updateTable('mkt_domains')
      .set({ dkim_private_key: sealed })
      .where('tenant_id', '=', ctx.tenantId)
      .where('id', '=', id)
      .execute();
  },

  async saveCheck(
    ctx: TenantContext,
    id: string,
    check: { status: DomainStatus; spf: boolean; dkim: boolean; dmarc: boolean },
  ): Promise<boolean> {
    const result = await ctx.trx
      .updateTable('mkt_domains')
      .set({
        status: check.status,
        spf_ok: check.spf,
        dkim_ok: check.dkim,
        dmarc_ok: check.dmarc,
        checked_at: new Date(),
      })
      .where('tenant_id', '=', ctx.tenantId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  },

  async remove(ctx: TenantContext, id: string): Promise<boolean> {
    const result = await ctx.trx
      .deleteFrom('mkt_domains')
      .where('tenant_id', '=', ctx.tenantId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  },

  /** VALID domains last checked before `before` (the daily revalidation), oldest first. */
  dueForRevalidation(ctx: TenantContext, before: Date, limit: number): Promise<DomainRecord[]> {
    return ctx.trx
      .selectFrom('mkt_domains')
      .select(COLUMNS)
      .where('tenant_id', '=', ctx.tenantId)
      .where('status', '=', 'VALID')
      .where((eb) => eb.or([eb('checked_at', 'is', null), eb('checked_at', '<', before)]))
      .orderBy('checked_at')
      .limit(limit)
      .execute();
  },
};
