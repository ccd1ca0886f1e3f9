import type { AreaRule } from '@mandato/domain';

/** The map shows people (ROLE_CRM contacts, ROLE_TEAM members: checked per type as the search). */
export const PEOPLE_MAP_RULE: AreaRule = { roles: ['ROLE_CRM', 'ROLE_TEAM'] };
