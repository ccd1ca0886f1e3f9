import type { PersonDataPart } from '../../platform/person-data.ts';

/** shots's part of a person's data (platform/person-data.ts): the shots the person received, with their tracking. */
export const shotsPersonData: PersonDataPart = {
  module: 'shots',
  references: [
    { table: 'mkt_shot_recipients', personColumn: 'person_id', uniqueWith: ['person_id', 'shot_id'] },
  ],
  collect: async () => ({}),
  erase: async () => {},
};
