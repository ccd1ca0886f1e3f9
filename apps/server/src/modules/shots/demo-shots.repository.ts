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

  /**
   * A past shot's own dates, which the insert and the transitions took from the seed's clock:
   * written at `createdAt`, last changed at `updatedAt` (issue 39 item 12: created ≤ sent).
   */
  async settleDates(ctx: TenantContext, shotId: string, createdAt: Date, updatedAt: Date): Promise<void> {
    await ctx.trx
      .updateTable('mkt_shots')
      .set({ created_at: createdAt, updated_at: updatedAt })
      .where('tenant_id', '=', ctx.tenantId)
      .where('id', '=', shotId)
      .execute();
  },

  /** The opt-outs of a shot (null: of none) the seed's clock dated after `at`, dated `at`. */
  async backdateOptOuts(ctx: TenantContext, shotId: string | null, at: Date): Promise<void> {
    await ctx.trx
      .updateTable('mkt_opt_outs')
      .set({ created_at: at })
      .where('tenant_id', '=', ctx.tenantId)
      .where('shot_id', shotId === null ? 'is' : '=', shotId)
      .where('created_at', '>', at)
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
