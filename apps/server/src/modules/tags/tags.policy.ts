import type { AreaRule } from '@mandato/domain';

/** Tags label contacts, team members and voting places: ROLE_CRM or ROLE_TEAM. */
export const TAGS_RULE: AreaRule = { roles: ['ROLE_CRM', 'ROLE_TEAM'] };
