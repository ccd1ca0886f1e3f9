import type { PersonDataPart } from '../../platform/person-data.ts';

/** amendments's part of a person's data (platform/person-data.ts): the amendments the person is the contact of. */
export const amendmentsPersonData: PersonDataPart = {
  module: 'amendments',
  references: [{ table: 'amendments', personColumn: 'contact_id' }],
  collect: async () => ({}),
  erase: async () => {},
};
