import { sql } from 'kysely';
import type { TenantContext } from '../../platform/db/tenancy.ts';

/** SQL of the demo seed's shots (shots/demo-shots.service.ts): what a past send left behind. */
export const demoShotsRepository = {
  /** Every PENDING recipient of the shot as the dispatch records a 250 answer, sent at `at`. */
  async markPendingSent(ctx: TenantContext, shotId: string, at: Date, response: string): Promise<void> {
    await ctx.trx
      .updateTable('mkt_shot_recipients')
      .set({ status: 'SENT', message: response, sent_at: at, lease_until: null })
      .where('tenant_id', '=', ctx.tenantId)
      .where('shot_id', '=', shotId)
      .where('status', '=', 'PENDING')
      .execute();
  },

  /** The shot's recipients by status, in id order (the freeze's order). */
  recipients(ctx: TenantContext, shotId: string, status: 'PENDING' | 'SENT') {
    return ctx.trx
      .selectFrom('mkt_shot_recipients')
      .select([sql<string>`id::text`.as('id'), 'address'])
      .where('tenant_id', '=', ctx.tenantId)
      .where('shot_id', '=', shotId)
      .where('status', '=', status)
      .orderBy('id')
      .execute();
  },
};
