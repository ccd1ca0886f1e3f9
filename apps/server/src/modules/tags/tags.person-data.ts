import type { PersonDataPart } from '../../platform/person-data.ts';

/** tags's part of a person's data (platform/person-data.ts): the person's tags. */
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
  collect: async () => ({}),
  erase: async () => {},
};
