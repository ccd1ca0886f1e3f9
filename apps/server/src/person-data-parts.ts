import { amendmentsPersonData } from './modules/amendments/amendments.person-data.ts';
import { companiesPersonData } from './modules/companies/companies.person-data.ts';
import { demandsPersonData } from './modules/demands/demands.person-data.ts';
import { interactionsPersonData } from './modules/interactions/interactions.person-data.ts';
import { peoplePersonData } from './modules/people/people.person-data.ts';
import { peopleImportPersonData } from './modules/people-import/people-import.person-data.ts';
import { peopleMergePersonData } from './modules/people-merge/people-merge.person-data.ts';
import { privacyPersonData } from './modules/privacy/privacy.person-data.ts';
import { reportsPersonData } from './modules/reports/reports.person-data.ts';
import { shotsPersonData } from './modules/shots/shots.person-data.ts';
import { sponsorPersonData } from './modules/sponsor/sponsor.person-data.ts';
import { tagsPersonData } from './modules/tags/tags.person-data.ts';
import type { PersonDataPart } from './platform/person-data.ts';

/**
 * Every module's part of a person's data (platform/person-data.ts), in the order the privacy module
 * erases them: dependent rows first, the person last. A module that holds person data joins here;
 * modules/privacy/person-data.coverage.test.ts fails while a table with a person reference has no part.
 */
export const personDataParts: readonly PersonDataPart[] = [
  interactionsPersonData,
  tagsPersonData,
  sponsorPersonData,
  shotsPersonData,
  amendmentsPersonData,
  demandsPersonData,
  companiesPersonData,
  peopleImportPersonData,
  reportsPersonData,
  privacyPersonData,
  peopleMergePersonData,
  peoplePersonData,
];
