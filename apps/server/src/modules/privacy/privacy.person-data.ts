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
  texts: {
    // frozen to initials by privacy.service when the erasure is fulfilled
    'privacy_requests.person_name': 'erased',
    // the office's own note on the request
    'privacy_requests.notes': 'kept',
    'privacy_requests.kind': 'kept',
    'privacy_requests.channel': 'kept',
    'privacy_requests.status': 'kept',
    'person_consents.purpose': 'kept',
    'person_consents.lawful_basis': 'kept',
    'person_consents.source': 'kept',
    'person_consents.terms_hash': 'kept',
    'person_opt_outs.channel': 'kept',
    'person_opt_outs.source': 'kept',
  },
  async collect(ctx, personId) {
    return {
      consents: await privacyRepository.consentsOf(ctx, personId),
      optOuts: await privacyRepository.optOutsOf(ctx, personId),
      requests: await privacyRepository.requestsOf(ctx, personId),
    };
  },
  erase: async () => {},
};
