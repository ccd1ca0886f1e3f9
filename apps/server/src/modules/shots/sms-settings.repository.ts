import type { TenantContext } from '../../platform/db/tenancy.ts';

export interface SmsSettingsRecord {
  sender_identification: string;
  quiet_hours: string | null;
}

/** SQL of the tenant's SMS settings (mkt_sms_settings, migration 0034). */
export const smsSettingsRepository = {
  find(ctx: TenantContext): Promise<SmsSettingsRecord | undefined> {
    return ctx.trx
      .selectFrom('mkt_sms_settings')
      .select(['sender_identification', 'quiet_hours'])
      .where('tenant_id', '=', ctx.tenantId)
      .executeTakeFirst();
  },

  async save(ctx: TenantContext, values: SmsSettingsRecord, userId: string | null): Promise<void> {
    const row = { ...values, updated_by: userId, updated_at: new Date() };
    await ctx.trx
      .insertInto('mkt_sms_settings')
      .values({ tenant_id: ctx.tenantId, ...row })
      .onConflict((oc) => oc.column('tenant_id').doUpdateSet(row))
      .execute();
  },
};
