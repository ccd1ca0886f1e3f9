import { sql } from 'kysely';
import type { TenantContext } from '../../platform/db/tenancy.ts';

/** SQL of the devices users signed in from (user_devices, migration 0042). */
export const auditDeviceRepository = {
  /** Marks the device seen now; true when the user had never signed in from it. */
  async remember(ctx: TenantContext, userId: string, deviceHash: string, family: string): Promise<boolean> {
    const inserted = await ctx.trx
      .insertInto('user_devices')
      .values({ tenant_id: ctx.tenantId, user_id: userId, device_hash: deviceHash, family })
      .onConflict((oc) => oc.columns(['tenant_id', 'user_id', 'device_hash']).doNothing())
      .returning('device_hash')
      .executeTakeFirst();
    if (inserted) return true;
    await ctx.trx
      .updateTable('user_devices')
      .set({ last_seen_at: sql`now()` })
      .where('tenant_id', '=', ctx.tenantId)
      .where('user_id', '=', userId)
      .where('device_hash', '=', deviceHash)
      .execute();
    return false;
  },
};
