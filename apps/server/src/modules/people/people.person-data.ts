import type { PersonDataPart } from '../../platform/person-data.ts';

/** people's part of a person's data (platform/person-data.ts): the person's own row, the godfather links of their affiliates and the words of their name. */
export const peoplePersonData: PersonDataPart = {
  module: 'people',
  references: [
    { table: 'people', personColumn: 'godfather_id' },
    {
      table: 'person_name_words',
      personColumn: 'person_id',
      uniqueWith: ['person_id', 'word'],
      derivedFrom: 'people.name',
    },
  ],
  collect: async () => ({}),
  erase: async () => {},
};
