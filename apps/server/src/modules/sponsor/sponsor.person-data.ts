import type { PersonDataPart } from '../../platform/person-data.ts';

/*
 * sponsor's part of a person's data (platform/person-data.ts), with its own SQL: the person's
 * sponsor links (greeting with their first name), the form consents' evidence (ip, user agent) and
 * pending sign-ups (the fields typed). All of it identifies the person: both modes remove it (the
 * consent itself stays in person_consents). Links where the person is the godfather of others stay.
 */
export const sponsorPersonData: PersonDataPart = {
  module: 'sponsor',
  references: [
    { table: 'sponsor_links', personColumn: 'person_id' },
    { table: 'sponsor_consents', personColumn: 'person_id' },
    { table: 'sponsor_consents', personColumn: 'godfather_id' },
    { table: 'sponsor_pending_signups', personColumn: 'person_id' },
    { table: 'sponsor_pending_signups', personColumn: 'godfather_id' },
  ],
  texts: {
    // the person's own rows are removed
    'sponsor_links.code': 'erased',
    'sponsor_links.greeting': 'erased',
    'sponsor_consents.ip': 'erased',
    'sponsor_consents.user_agent': 'erased',
    'sponsor_pending_signups.code': 'erased',
    'sponsor_pending_signups.greeting': 'erased',
    'sponsor_pending_signups.fields': 'erased',
    'sponsor_pending_signups.ip': 'erased',
    'sponsor_pending_signups.user_agent': 'erased',
    'sponsor_consents.terms_hash': 'kept',
    'sponsor_pending_signups.terms_hash': 'kept',
    // the godfather's link code stays on the rows of those who signed up through it (godfather_id);
    // it starts with the godfather's first name (sponsor.service newLinkCode)
    'sponsor_consents.link_code': 'kept',
    'sponsor_pending_signups.link_code': 'kept',
  },
  async collect(ctx, personId) {
    const links = await ctx.trx
      .selectFrom('sponsor_links')
      .select(['code', 'greeting', 'created_at'])
      .where('person_id', '=', personId)
      .orderBy('created_at')
      .execute();
    const consents = await ctx.trx
      .selectFrom('sponsor_consents')
      .select(['link_code', 'terms_hash', 'accepted_at', 'ip', 'user_agent'])
      .where('person_id', '=', personId)
      .orderBy('accepted_at')
      .execute();
    const pending = await ctx.trx
      .selectFrom('sponsor_pending_signups')
      .select(['link_code', 'fields', 'received_at'])
      .where('person_id', '=', personId)
      .orderBy('received_at')
      .execute();
    const sponsored = await ctx.trx
      .selectFrom('sponsor_consents')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('godfather_id', '=', personId)
      .executeTakeFirstOrThrow();
    return { links, consents, pendingSignUps: pending, signUpsThroughTheirLinks: Number(sponsored.n) };
  },
  async erase(ctx, personId) {
    await ctx.trx.deleteFrom('sponsor_pending_signups').where('person_id', '=', personId).execute();
    await ctx.trx.deleteFrom('sponsor_consents').where('person_id', '=', personId).execute();
    await ctx.trx.deleteFrom('sponsor_links').where('person_id', '=', personId).execute();
  },
};
