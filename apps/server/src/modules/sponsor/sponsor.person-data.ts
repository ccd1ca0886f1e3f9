import type { PersonDataPart } from '../../platform/person-data.ts';

/** sponsor's part of a person's data (platform/person-data.ts): the person's sponsor links, form consents and pending sign-ups. */
export const sponsorPersonData: PersonDataPart = {
  module: 'sponsor',
  references: [
    { table: 'sponsor_links', personColumn: 'person_id' },
    { table: 'sponsor_consents', personColumn: 'person_id' },
    { table: 'sponsor_consents', personColumn: 'godfather_id' },
    { table: 'sponsor_pending_signups', personColumn: 'person_id' },
    { table: 'sponsor_pending_signups', personColumn: 'godfather_id' },
  ],
  collect: async () => ({}),
  erase: async () => {},
};
