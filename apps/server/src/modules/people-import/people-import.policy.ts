import type { AreaRule } from '@mandato/domain';

/** Import needs the people module's roles (spec 2 §1): CRM for people, TEAM for the team (per type). */
export const IMPORT_RULE: AreaRule = { roles: ['ROLE_CRM', 'ROLE_TEAM'] };
