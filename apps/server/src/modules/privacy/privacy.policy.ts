import type { AreaRule } from '@mandato/domain';

/** Data-subject requests (issue 31): ROLE_CONFIG. */
export const PRIVACY_REQUESTS_RULE: AreaRule = { roles: ['ROLE_CONFIG'] };
/** A person's consents and opt-outs (the person drawer): ROLE_CRM, for the people the user sees. */
export const PERSON_PRIVACY_RULE: AreaRule = { roles: ['ROLE_CRM'] };
