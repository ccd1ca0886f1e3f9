import { sql } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';
import type { TenantContext } from '../../platform/db/tenancy.ts';
import type { RecipientVisibility } from './shots.policy.ts';
import { recipientVisibleTo } from './shots.repository.ts';

/**
 * Who reads the outbox: which recipients' messages (shots.policy `recipientVisibility`) and whose
 * test sends (issue 40: a test message has no recipient; only the user who sent it sees it).
 */
export interface OutboxViewer {
  vis: RecipientVisibility;
  userId: string;
}

/**
 * SQL of the outbox screen (mkt_shot_outbox, migration 0032; the transports write it through
 * platform/mail/shot-outbox.repository.ts): only the messages of the recipients `vis` may see
 * (shots.policy `recipientVisibility`), so a list, its total and one message agree with the CRM,
 * and the viewer's own test sends (migration 0053).
 */
function visibleMessages(ctx: TenantContext, viewer: OutboxViewer) {
  return ctx.trx
    .selectFrom('mkt_shot_outbox as o')
    .leftJoin('mkt_shot_recipients as r', (j) =>
      j.onRef('r.tenant_id', '=', 'o.tenant_id').onRef('r.id', '=', 'o.recipient_id'),
    )
    .where('o.tenant_id', '=', ctx.tenantId)
    .where((eb) =>
      eb.or([
        eb.and([eb('r.id', 'is not', null), recipientVisibleTo(viewer.vis)]),
        eb('o.test_by', '=', viewer.userId),
      ]),
    );
}

export const shotOutboxScreenRepository = {
  /** The latest visible messages (of one channel, when given), newest first, and how many there are. */
  async page(
    ctx: TenantContext,
    viewer: OutboxViewer,
    offset: number,
    limit: number,
    channel?: 'EMAIL' | 'SMS',
  ) {
    const base = visibleMessages(ctx, viewer).$if(channel !== undefined, (q) =>
      q.where('o.channel', '=', channel as 'EMAIL' | 'SMS'),
    );
    const [rows, total] = await Promise.all([
      base
        .select([
          sql<string>`o.id::text`.as('id'),
          sql<string>`o.shot_id::text`.as('shot_id'),
          'o.to_address',
          'o.from_address',
          'o.subject',
          'o.marked',
          'o.channel',
          'o.created_at',
          'o.test_by',
        ])
        .orderBy('o.id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute(),
      base.select(sql<string>`count(*)::text`.as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.n) };
  },

  /** One message, when the viewer may see its recipient (or sent its test). */
  find(ctx: TenantContext, viewer: OutboxViewer, id: string) {
    return visibleMessages(ctx, viewer)
      .select([
        sql<string>`o.id::text`.as('id'),
        sql<string>`o.shot_id::text`.as('shot_id'),
        sql<string>`o.recipient_id::text`.as('recipient_id'),
        'o.to_address',
        'o.from_address',
        'o.subject',
        'o.marked',
        'o.channel',
        'o.created_at',
        'o.test_by',
        'o.html_body',
        'o.text_body',
        'o.headers',
      ])
      .where('o.id', '=', id)
      .executeTakeFirst();
  },

  /** Marks a message (the service found it visible first). */
  async mark(ctx: TenantContext, id: string, marked: DB['mkt_shot_outbox']['marked']): Promise<void> {
    await ctx.trx
      .updateTable('mkt_shot_outbox')
      .set({ marked })
      .where('tenant_id', '=', ctx.tenantId)
      .where('id', '=', id)
      .execute();
  },
};
