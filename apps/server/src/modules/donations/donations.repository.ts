import { sql } from 'kysely';
import type { TenantContext } from '../../platform/db/tenancy.ts';

const COLUMNS = [
  'provider_token_sealed',
  'politician_id',
  'politician_draft',
  'candidate_id',
  'confirmed',
  'photo_key',
] as const;

/** The tenant's account at the donation provider (migration 0041): one row per tenant. */
export const donationsRepository = {
  async find(ctx: TenantContext) {
    const row = await ctx.trx
      .selectFrom('donation_accounts')
      .select([...COLUMNS])
      .where('tenant_id', '=', ctx.tenantId)
      .executeTakeFirst();
    return row && { ...row, politician_id: row.politician_id === null ? null : String(row.politician_id) };
  },

  /**
   * The operator's token (sealed): a new account, or the token replaced on the tenant's. Another
   * provider account forgets the candidate and its approval, which were the former account's.
   */
  async saveToken(ctx: TenantContext, sealed: string, otherAccount: boolean): Promise<void> {
    const forget = otherAccount ? { candidate_id: null, confirmed: false } : {};
    await ctx.trx
      .insertInto('donation_accounts')
      .values({ tenant_id: ctx.tenantId, provider_token_sealed: sealed })
      .onConflict((oc) =>
        oc
          .column('tenant_id')
          .doUpdateSet({ provider_token_sealed: sealed, ...forget, updated_at: sql`now()` }),
      )
      .execute();
  },

  async update(
    ctx: TenantContext,
    values: Partial<{
      politician_id: string | null;
      politician_draft: string | null;
      candidate_id: number | null;
      confirmed: boolean;
      photo_key: string | null;
    }>,
  ): Promise<void> {
    await ctx.trx
      .updateTable('donation_accounts')
      .set({ ...values, updated_at: sql`now()` })
      .where('tenant_id', '=', ctx.tenantId)
      .execute();
  },
};

export type DonationAccountRow = NonNullable<Awaited<ReturnType<typeof donationsRepository.find>>>;
