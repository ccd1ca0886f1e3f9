import type { ShotType } from '@mandato/domain';
import { sql } from 'kysely';
import type { TenantContext } from '../../platform/db/tenancy.ts';

export interface FrozenRecipient {
  personId: string;
  address: string;
  merge: Record<string, string>;
  linkId: string;
  status: 'PENDING' | 'DROPPED';
  message: string | null;
}

/** SQL of the freeze: the recipients of a shot written once per person, the opt-outs it honours. */
export const shotFreezeRepository = {
  /** The last person frozen (the keyset cursor a resumed freeze continues from), null when none. */
  async lastPersonId(ctx: TenantContext, shotId: string): Promise<string | null> {
    const row = await ctx.trx
      .selectFrom('mkt_shot_recipients')
      .select(sql<string | null>`max(person_id)::text`.as('last'))
      .where('tenant_id', '=', ctx.tenantId)
      .where('shot_id', '=', shotId)
      .executeTakeFirst();
    return row?.last ?? null;
  },

  /** Of `addresses`, those that asked not to receive the channel's shots. */
  async optedOut(ctx: TenantContext, channel: ShotType, addresses: readonly string[]): Promise<Set<string>> {
    if (addresses.length === 0) return new Set();
    const rows = await ctx.trx
      .selectFrom('mkt_opt_outs')
      .select('address')
      .where('tenant_id', '=', ctx.tenantId)
      .where('channel', '=', channel)
      .where('address', 'in', addresses)
      .execute();
    return new Set(rows.map((r) => r.address));
  },

  /** Of `addresses`, those a person frozen earlier in this shot will already receive. */
  async pendingAddresses(
    ctx: TenantContext,
    shotId: string,
    addresses: readonly string[],
  ): Promise<Set<string>> {
    if (addresses.length === 0) return new Set();
    const rows = await ctx.trx
      .selectFrom('mkt_shot_recipients')
      .select('address')
      .where('tenant_id', '=', ctx.tenantId)
      .where('shot_id', '=', shotId)
      .where('status', '=', 'PENDING')
      .where('address', 'in', addresses)
      .execute();
    return new Set(rows.map((r) => r.address));
  },

  /** Writes the batch; a person already frozen in the shot (a resumed freeze) is left as it was. */
  async insert(ctx: TenantContext, shotId: string, rows: readonly FrozenRecipient[]): Promise<void> {
    if (rows.length === 0) return;
    await ctx.trx
      .insertInto('mkt_shot_recipients')
      .values(
        rows.map((r) => ({
          tenant_id: ctx.tenantId,
          shot_id: shotId,
          person_id: r.personId,
          address: r.address,
          merge: JSON.stringify(r.merge),
          link_id: r.linkId,
          status: r.status,
          message: r.message,
        })),
      )
      .onConflict((oc) => oc.columns(['tenant_id', 'shot_id', 'person_id']).doNothing())
      .execute();
  },

  /** The longest merge value of each kind among the PENDING recipients (characters; SMS's count). */
  async longestMergeValues(ctx: TenantContext, shotId: string) {
    const longest = (key: string) => sql<number | null>`max(length(merge->>${sql.lit(key)}))`;
    const row = await ctx.trx
      .selectFrom('mkt_shot_recipients')
      .select([
        longest('firstName').as('firstName'),
        longest('lastName').as('lastName'),
        longest('fullName').as('fullName'),
        longest('email').as('email'),
      ])
      .where('tenant_id', '=', ctx.tenantId)
      .where('shot_id', '=', shotId)
      .where('status', '=', 'PENDING')
      .executeTakeFirstOrThrow();
    return {
      firstName: Number(row.firstName ?? 0),
      lastName: Number(row.lastName ?? 0),
      fullName: Number(row.fullName ?? 0),
      email: Number(row.email ?? 0),
    };
  },

  /** A page of the PENDING recipients after `afterId` (ids in order), with their merge values: the SMS count. */
  async pendingMerges(ctx: TenantContext, shotId: string, afterId: string | null, limit: number) {
    let query = ctx.trx
      .selectFrom('mkt_shot_recipients')
      .select([sql<string>`id::text`.as('id'), 'merge'])
      .where('tenant_id', '=', ctx.tenantId)
      .where('shot_id', '=', shotId)
      .where('status', '=', 'PENDING');
    if (afterId !== null) query = query.where('id', '>', afterId);
    return query.orderBy('id').limit(limit).execute();
  },

  /** The parts each of `ids`'s SMS is billed. */
  async setSmsParts(
    ctx: TenantContext,
    shotId: string,
    ids: readonly string[],
    parts: number,
  ): Promise<void> {
    if (ids.length === 0) return;
    await ctx.trx
      .updateTable('mkt_shot_recipients')
      .set({ sms_parts: parts })
      .where('tenant_id', '=', ctx.tenantId)
      .where('shot_id', '=', shotId)
      .where('id', 'in', ids)
      .execute();
  },

  /** The identification the freeze counted the shot's SMS with: the one its dispatch sends. */
  async setSmsIdentification(ctx: TenantContext, shotId: string, identification: string): Promise<void> {
    await ctx.trx
      .updateTable('mkt_shots')
      .set({ sms_identification: identification })
      .where('tenant_id', '=', ctx.tenantId)
      .where('id', '=', shotId)
      .execute();
  },

  async counts(ctx: TenantContext, shotId: string): Promise<{ pending: number; dropped: number }> {
    const row = await ctx.trx
      .selectFrom('mkt_shot_recipients')
      .select([
        sql<string>`count(*) FILTER (WHERE status = 'PENDING')`.as('pending'),
        sql<string>`count(*) FILTER (WHERE status = 'DROPPED')`.as('dropped'),
      ])
      .where('tenant_id', '=', ctx.tenantId)
      .where('shot_id', '=', shotId)
      .executeTakeFirstOrThrow();
    return { pending: Number(row.pending), dropped: Number(row.dropped) };
  },

  /** A shot that ends in ERROR before sending keeps no recipients. */
  async removeAll(ctx: TenantContext, shotId: string): Promise<void> {
    await ctx.trx
      .deleteFrom('mkt_shot_recipients')
      .where('tenant_id', '=', ctx.tenantId)
      .where('shot_id', '=', shotId)
      .execute();
  },
};
