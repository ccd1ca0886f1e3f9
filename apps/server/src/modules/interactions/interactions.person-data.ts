import type { PersonDataPart } from '../../platform/person-data.ts';

/** interactions's part of a person's data (platform/person-data.ts): the contacts (interactions) registered with the person. */
export const interactionsPersonData: PersonDataPart = {
  module: 'interactions',
  references: [{ table: 'people_contacts', personColumn: 'person_id' }],
  collect: async () => ({}),
  erase: async () => {},
};
