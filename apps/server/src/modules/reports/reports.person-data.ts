import type { PersonDataPart } from '../../platform/person-data.ts';

/** reports's part of a person's data (platform/person-data.ts): the report counters kept per godfather. */
export const reportsPersonData: PersonDataPart = {
  module: 'reports',
  references: [
    {
      table: 'report_godfather_counts',
      personColumn: 'godfather_id',
      uniqueWith: ['created_by', 'godfather_id', 'is_team'],
      derivedFrom: 'people.godfather_id',
    },
  ],
  collect: async () => ({}),
  erase: async () => {},
};
