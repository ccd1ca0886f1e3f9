import type { PersonDataPart } from '../../platform/person-data.ts';

/** people-import's part of a person's data (platform/person-data.ts): the import rows that touched the person. */
export const peopleImportPersonData: PersonDataPart = {
  module: 'people-import',
  references: [{ table: 'import_errors', personColumn: 'person_id' }],
  collect: async () => ({}),
  erase: async () => {},
};
