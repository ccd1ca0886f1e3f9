import type { PersonDataPart } from '../../platform/person-data.ts';

/*
 * shots' part of a person's data (platform/person-data.ts), with its own SQL: the shots the person
 * received, with their tracking. Both modes keep the recipient rows and their events (the shots'
 * reports count them) without the address and merge values, remove the embedded outbox's copies of
 * their messages and the opt-outs of their addresses (the suppression list blocks them from then on).
 */
export const shotsPersonData: PersonDataPart = {
  module: 'shots',
  references: [
    { table: 'mkt_shot_recipients', personColumn: 'person_id', uniqueWith: ['person_id', 'shot_id'] },
  ],
  async collect(ctx, personId) {
    const received = await ctx.trx
      .selectFrom('mkt_shot_recipients as r')
      .innerJoin('mkt_shots as s', (j) =>
        j.onRef('s.tenant_id', '=', 'r.tenant_id').onRef('s.id', '=', 'r.shot_id'),
      )
      .select([
        's.id as shot',
        's.channel',
        's.subject',
        'r.address',
        'r.status',
        'r.sent_at',
        'r.delivered_at',
        'r.opened_at',
        'r.clicked_at',
        'r.bounced_at',
        'r.spam_at',
        'r.unsubscribed_at',
      ])
      .where('r.person_id', '=', personId)
      .orderBy('r.id')
      .execute();
    const optOuts = await ctx.trx
      .selectFrom('mkt_opt_outs')
      .select(['channel', 'address', 'source', 'created_at'])
      .where('address', 'in', (eb) =>
        eb.selectFrom('mkt_shot_recipients').select('address').where('person_id', '=', personId),
      )
      .execute();
    return { shotsReceived: received, addressOptOuts: optOuts };
  },
  async erase(ctx, personId) {
    const recipients = ctx.trx.selectFrom('mkt_shot_recipients').where('person_id', '=', personId);
    await ctx.trx.deleteFrom('mkt_opt_outs').where('address', 'in', recipients.select('address')).execute();
    await ctx.trx
      .deleteFrom('mkt_shot_outbox')
      .where('recipient_id', 'in', recipients.select('id'))
      .execute();
    await ctx.trx
      .updateTable('mkt_shot_recipients')
      .set({ address: '', merge: '{}', message: null })
      .where('person_id', '=', personId)
      .execute();
  },
};
