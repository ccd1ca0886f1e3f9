import { SHOT_LINK_PATTERN } from '@mandato/domain';
import { type Kysely, sql } from 'kysely';
import type { DB, ShotChannel } from '../../platform/db/schema.ts';
import type { TenantContext } from '../../platform/db/tenancy.ts';

/** A recipient found by its public link id: enough to open its tenant's transaction. */
export interface ShotLinkTarget {
  tenantId: string;
  recipientId: string;
}

export interface UnsubscribeRecord {
  address: string;
  channel: ShotChannel;
  sender_name: string | null;
  mandate: string;
  opted_out: boolean;
}

/**
 * The narrow lookups of the public side of shots. `findByLinks` runs outside any tenant: the policy
 * shot_link_lookup (migration 0037) shows the recipients whose link ids the statement named in
 * app.shot_links; the rest runs in the found tenant's transaction.
 */
export const shotPublicRepository = {
  /**
   * One statement for the whole batch (`shot_links_find`, migration 0040: it names the ids for the
   * policy itself), to run alone (`runSelfBound`) or in a transaction outside any tenant. An id that is
   * not a well-formed link id is never sent.
   */
  async findByLinks(exec: Kysely<DB>, linkIds: readonly string[]): Promise<Map<string, ShotLinkTarget>> {
    const found = new Map<string, ShotLinkTarget>();
    const ids = [...new Set(linkIds.filter((id) => SHOT_LINK_PATTERN.test(id)))];
    if (ids.length === 0) return found;
    const { rows } = await sql<{ link_id: string; tenant_id: string; recipient_id: string }>`
      SELECT link_id, tenant_id::text, recipient_id::text FROM shot_links_find(${ids}::text[])`.execute(exec);
    for (const row of rows)
      found.set(row.link_id, { tenantId: row.tenant_id, recipientId: row.recipient_id });
    return found;
  },

  /** What the unsubscribe page shows, in the recipient's tenant. */
  findForUnsubscribe(ctx: TenantContext, recipientId: string): Promise<UnsubscribeRecord | undefined> {
    return ctx.trx
      .selectFrom('mkt_shot_recipients as r')
      .innerJoin('mkt_shots as s', (j) =>
        j.onRef('s.tenant_id', '=', 'r.tenant_id').onRef('s.id', '=', 'r.shot_id'),
      )
      .innerJoin('tenants as t', 't.id', 'r.tenant_id')
      .leftJoin('mkt_senders as m', (j) =>
        j.onRef('m.tenant_id', '=', 's.tenant_id').onRef('m.id', '=', 's.sender_id'),
      )
      .select([
        'r.address',
        's.channel',
        'm.name as sender_name',
        't.name as mandate',
        sql<boolean>`EXISTS (SELECT 1 FROM mkt_opt_outs o WHERE o.tenant_id = r.tenant_id
          AND o.channel = s.channel AND o.address = r.address)`.as('opted_out'),
      ])
      .where('r.tenant_id', '=', ctx.tenantId)
      .where('r.id', '=', recipientId)
      .executeTakeFirst();
  },
};
