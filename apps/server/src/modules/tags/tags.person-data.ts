import type { PersonDataPart } from '../../platform/person-data.ts';

/*
 * tags's part of a person's data (platform/person-data.ts), with its own SQL: the person's tags.
 * person_tags is kept by triggers from people.tag_ids (migration 0006): people's part clears or
 * deletes the person, and these rows follow.
 */
export const tagsPersonData: PersonDataPart = {
  module: 'tags',
  references: [
    {
      table: 'person_tags',
      personColumn: 'person_id',
      uniqueWith: ['person_id', 'tag_id'],
      derivedFrom: 'people.tag_ids',
    },
  ],
  async collect(ctx, personId) {
    const rows = await ctx.trx
      .selectFrom('person_tags as pt')
      .innerJoin('tags as t', (j) =>
        j.onRef('t.tenant_id', '=', 'pt.tenant_id').onRef('t.id', '=', 'pt.tag_id'),
      )
      .select('t.name')
      .where('pt.person_id', '=', personId)
      .orderBy('t.name')
      .execute();
    return { tags: rows.map((r) => r.name) };
  },
  // tags are not identifiers: an anonymised person keeps them (segments and reports count them)
  erase: async () => {},
};
