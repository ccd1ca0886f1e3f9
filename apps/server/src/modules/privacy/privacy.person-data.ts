import type { PersonDataPart } from '../../platform/person-data.ts';
import { privacyRepository } from './privacy.repository.ts';

/*
 * privacy's own part of a person's data (platform/person-data.ts): consents, opt-outs and the
 * person's data-subject requests. None holds an identifier: an anonymised person keeps them (the
 * requests' names are frozen to initials by privacy.service); a deletion takes consents and
 * opt-outs with the person (foreign keys) and leaves the requests without the person.
 */
export const privacyPersonData: PersonDataPart = {
  module: 'privacy',
  references: [
    { table: 'person_consents', personColumn: 'person_id' },
    { table: 'person_opt_outs', personColumn: 'person_id', uniqueWith: ['channel', 'person_id'] },
    { table: 'privacy_requests', personColumn: 'person_id' },
  ],
  async collect(ctx, personId) {
    return {
      consents: await privacyRepository.consentsOf(ctx, personId),
      optOuts: await privacyRepository.optOutsOf(ctx, personId),
      requests: await privacyRepository.requestsOf(ctx, personId),
    };
  },
  erase: async () => {},
};
