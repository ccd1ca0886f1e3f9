import type { PersonDataPart } from '../../platform/person-data.ts';

/*
 * shots' part of a person's data (platform/person-data.ts), with its own SQL: the shots the person
 * received, with their tracking. Both modes keep the recipient rows and their events (the shots'
 * reports count them) without the address, merge values and clicked URLs (merged links), remove the
 * embedded outbox's copies of their messages and the opt-outs of their addresses (the suppression
 * list blocks them from then on). The empty address marks the recipient erased: a later click on the
 * old message's link is recorded without its URL, a late bounce without its reason.
 */
export const shotsPersonData: PersonDataPart = {
  module: 'shots',
  references: [
    { table: 'mkt_shot_recipients', personColumn: 'person_id', uniqueWith: ['person_id', 'shot_id'] },
  ],
  texts: {
    'mkt_shot_recipients.address': 'erased',
    'mkt_shot_recipients.merge': 'erased',
    // a bounce's reason may quote the address
    'mkt_shot_recipients.message': 'erased',
    'mkt_shot_recipients.link_id': 'kept',
    'mkt_shot_recipients.status': 'kept',
    'mkt_shot_recipients.provider_message_id': 'kept',
    // a click's target is the merged link (?e={{email}}): recorded without it once erased (migration 0049)
    'mkt_shot_events.url': 'erased',
    'mkt_shot_events.kind': 'kept',
    // the rendered message: removed
    'mkt_shot_outbox.to_address': 'erased',
    'mkt_shot_outbox.subject': 'erased',
    'mkt_shot_outbox.html_body': 'erased',
    'mkt_shot_outbox.text_body': 'erased',
    'mkt_shot_outbox.headers': 'erased',
    'mkt_shot_outbox.from_address': 'kept',
    'mkt_shot_outbox.message_id': 'kept',
    'mkt_shot_outbox.marked': 'kept',
    'mkt_shot_outbox.channel': 'kept',
    // the opt-outs of the person's addresses: removed
    'mkt_opt_outs.address': 'erased',
    'mkt_opt_outs.channel': 'kept',
    'mkt_opt_outs.source': 'kept',
  },
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
    // a clicked URL is the merged one (a link may carry {{email}}, {{primeiro_nome}}…): the click stays, not where it went
    await ctx.trx
      .updateTable('mkt_shot_events')
      .set({ url: null })
      .where('recipient_id', 'in', recipients.select('id'))
      .where('url', 'is not', null)
      .execute();
    await ctx.trx
      .updateTable('mkt_shot_recipients')
      .set({ address: '', merge: '{}', message: null })
      .where('person_id', '=', personId)
      .execute();
  },
};
