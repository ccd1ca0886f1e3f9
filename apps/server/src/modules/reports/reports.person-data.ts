import type { PersonDataPart } from '../../platform/person-data.ts';

/*
 * reports' part of a person's data (platform/person-data.ts): the counters kept per godfather by
 * triggers on people (migration 0021). Nothing to collect (counts of other people) or to erase: the
 * triggers follow the person's row, so an anonymised person's figures stay.
 */
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
