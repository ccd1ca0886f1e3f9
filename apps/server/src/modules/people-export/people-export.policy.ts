import type { AreaRule } from '@mandato/domain';

/**
 * Exports and their history: the people module's roles (ROLE_CRM for contacts, ROLE_TEAM for team
 * members, checked per type by the people visibility), spec 2 §1 and §6.
 */
export const PEOPLE_EXPORT_RULE: AreaRule = { roles: ['ROLE_CRM', 'ROLE_TEAM'] };
