import type { Kysely } from 'kysely';
import type { TenantRecord } from '../../platform/auth/identity.ts';
import { toDay } from '../../platform/dates.ts';
import type { DB } from '../../platform/db/schema.ts';
import type { TenantContext } from '../../platform/db/tenancy.ts';

export type { TenantRecord } from '../../platform/auth/identity.ts';

export interface NewTenant {
  slug: string;
  name: string;
  planId: string;
  marketingSecret?: string | null;
  deactiveDate?: string | null;
  /** the double-check-coordinates module ('Revalidar pontos') */
  enableAddressRevalidation?: boolean;
}

/** Tenants and plans are global tables (no tenant_id): the tenant is what is being looked up. */
export const tenantsRepository = {
  async findBySlug(db: Kysely<DB>, slug: string): Promise<TenantRecord | undefined> {
    const row = await db
      .selectFrom('tenants as t')
      .innerJoin('plans as p', 'p.id', 't.plan_id')
      .select([
        't.id',
        't.slug',
        't.code',
        't.name',
        't.marketing_secret',
        't.plan_id',
        'p.name as plan_name',
        'p.total_users',
        'p.total_contacts',
        't.active',
        't.deactive_date',
        't.logo_url',
        't.enable_address_revalidation',
        't.module_demands',
      ])
      .where('t.slug', '=', slug)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      id: String(row.id),
      slug: row.slug,
      code: row.code,
      name: row.name,
      marketingSecret: row.marketing_secret,
      planId: row.plan_id,
      planName: row.plan_name,
      planTotalUsers: row.total_users,
      planTotalContacts: row.total_contacts,
      active: row.active,
      deactiveDate: row.deactive_date ? toDay(row.deactive_date) : null,
      logoUrl: row.logo_url,
      enableAddressRevalidation: row.enable_address_revalidation,
      moduleDemands: row.module_demands,
    };
  },

  async insert(db: Kysely<DB>, tenant: NewTenant): Promise<string> {
    const row = await db
      .insertInto('tenants')
      .values({
        slug: tenant.slug,
        name: tenant.name,
        plan_id: tenant.planId,
        marketing_secret: tenant.marketingSecret ?? null,
        deactive_date: tenant.deactiveDate ?? null,
        enable_address_revalidation: tenant.enableAddressRevalidation ?? false,
        logo_url: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return String(row.id);
  },

  async setActive(db: Kysely<DB>, slug: string, active: boolean): Promise<boolean> {
    const result = await db
      .updateTable('tenants')
      .set({ active })
      .where('slug', '=', slug)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  },

  async setModules(db: Kysely<DB>, slug: string, modules: { demands: boolean }): Promise<boolean> {
    const result = await db
      .updateTable('tenants')
      .set({ module_demands: modules.demands })
      .where('slug', '=', slug)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  },

  /** A new marketing secret (the migration 0027 trigger stores its hash); false for an unknown slug. */
  async setMarketingSecret(db: Kysely<DB>, slug: string, secret: string): Promise<boolean> {
    const result = await db
      .updateTable('tenants')
      .set({ marketing_secret: secret })
      .where('slug', '=', slug)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  },

  async activeWithMarketing(db: Kysely<DB>): Promise<string[]> {
    const rows = await db
      .selectFrom('tenants')
      .select('id')
      .where('marketing_secret', 'is not', null)
      .where('active', '=', true)
      .orderBy('id')
      .execute();
    return rows.map((r) => String(r.id));
  },

  async planExists(db: Kysely<DB>, planId: string): Promise<boolean> {
    return !!(await db.selectFrom('plans').select('id').where('id', '=', planId).executeTakeFirst());
  },

  async countActiveUsers(ctx: TenantContext): Promise<number> {
    const row = await ctx.trx
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('tenant_id', '=', ctx.tenantId)
      .where('active', '=', true)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  /** Points the tenant at its new logo; answers the key of the one it replaces. */
  async setLogo(
    db: Kysely<DB>,
    tenantId: string,
    logo: { key: string; type: string; url: string },
  ): Promise<string | null> {
    const before = await db
      .selectFrom('tenants')
      .select('logo_key')
      .where('id', '=', tenantId)
      .forUpdate()
      .executeTakeFirst();
    await db
      .updateTable('tenants')
      .set({ logo_key: logo.key, logo_type: logo.type, logo_url: logo.url })
      .where('id', '=', tenantId)
      .execute();
    return before?.logo_key ?? null;
  },

  /** Where the logo of an active tenant is stored, if it has one. */
  async logoOf(db: Kysely<DB>, slug: string): Promise<{ key: string; type: string } | undefined> {
    const row = await db
      .selectFrom('tenants')
      .select(['logo_key', 'logo_type'])
      .where('slug', '=', slug)
      .where('active', '=', true)
      .executeTakeFirst();
    return row?.logo_key && row.logo_type ? { key: row.logo_key, type: row.logo_type } : undefined;
  },

  /** The contacts the tenant's plan allows (0: unlimited), read now. */
  async contactLimit(ctx: TenantContext): Promise<number> {
    const row = await ctx.trx
      .selectFrom('tenants as t')
      .innerJoin('plans as p', 'p.id', 't.plan_id')
      .select('p.total_contacts')
      .where('t.id', '=', ctx.tenantId)
      .executeTakeFirst();
    return row?.total_contacts ?? 0;
  },
};
