import type { AreaRule } from '@mandato/domain';

/** Voting places are CRM data: ROLE_CRM; every CRM user of the tenant sees all of them. */
export const COMPANIES_RULE: AreaRule = { roles: ['ROLE_CRM'] };
