import type { PersonDataPart } from '../../platform/person-data.ts';

/** companies's part of a person's data (platform/person-data.ts): the companies whose main contact is the person. */
export const companiesPersonData: PersonDataPart = {
  module: 'companies',
  references: [{ table: 'companies', personColumn: 'main_contact_id' }],
  collect: async () => ({}),
  erase: async () => {},
};
