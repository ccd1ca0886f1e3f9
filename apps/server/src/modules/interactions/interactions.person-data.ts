import { PRIVACY_TEXTS } from '@mandato/domain';
import type { PersonDataPart } from '../../platform/person-data.ts';

/*
 * interactions' part of a person's data (platform/person-data.ts), with its own SQL: the contacts
 * registered with the person. Anonymising keeps the rows (the interactions report counts them) and
 * replaces what was written about the person; deleting removes them.
 */
export const interactionsPersonData: PersonDataPart = {
  module: 'interactions',
  references: [{ table: 'people_contacts', personColumn: 'person_id' }],
  texts: {
    'people_contacts.description': 'erased',
    'people_contacts.type': 'kept',
    'people_contacts.source': 'kept',
    'people_contacts.status': 'kept',
  },
  async collect(ctx, personId) {
    const rows = await ctx.trx
      .selectFrom('people_contacts')
      .select(['id as code', 'type', 'source', 'description', 'status', 'begin_at', 'end_at', 'created_at'])
      .where('person_id', '=', personId)
      .orderBy('begin_at')
      .execute();
    return { interactions: rows };
  },
  async erase(ctx, personId, mode) {
    if (mode === 'DELETE') {
      await ctx.trx.deleteFrom('people_contacts').where('person_id', '=', personId).execute();
      return;
    }
    await ctx.trx
      .updateTable('people_contacts')
      .set({ description: PRIVACY_TEXTS.anonymisedText })
      .where('person_id', '=', personId)
      .execute();
  },
};
