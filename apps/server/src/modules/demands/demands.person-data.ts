import type { PersonDataPart } from '../../platform/person-data.ts';

/** demands's part of a person's data (platform/person-data.ts): the demands the person applied for, with their files. */
export const demandsPersonData: PersonDataPart = {
  module: 'demands',
  references: [{ table: 'demands', personColumn: 'applicant_id' }],
  collect: async () => ({}),
  erase: async () => {},
};
