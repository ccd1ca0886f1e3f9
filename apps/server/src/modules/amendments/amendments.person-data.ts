import type { PersonDataPart } from '../../platform/person-data.ts';

/* amendments' part of a person's data (platform/person-data.ts), with its own SQL: the amendments the person is the contact of; erasing unlinks them (the amendment stays, with its sums). */
export const amendmentsPersonData: PersonDataPart = {
  module: 'amendments',
  references: [{ table: 'amendments', personColumn: 'contact_id' }],
  // the amendment's own data, written by the office: erasing only unlinks the contact
  texts: {
    'amendments.title': 'kept',
    'amendments.description': 'kept',
    'amendments.receiver': 'kept',
    'amendments.status': 'kept',
  },
  async collect(ctx, personId) {
    const rows = await ctx.trx
      .selectFrom('amendments')
      .select(['id as code', 'year', 'title', 'status', 'created_at'])
      .where('contact_id', '=', personId)
      .orderBy('year')
      .orderBy('id')
      .execute();
    return { contactOf: rows };
  },
  async erase(ctx, personId) {
    await ctx.trx
      .updateTable('amendments')
      .set({ contact_id: null })
      .where('contact_id', '=', personId)
      .execute();
  },
};
