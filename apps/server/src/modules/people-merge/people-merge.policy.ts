import type { AreaRule } from '@mandato/domain';

/** The duplicates centre: ROLE_CONFIG (issue 31). */
export const DUPLICATES_RULE: AreaRule = { roles: ['ROLE_CONFIG'] };
/** Merging and undoing a merge: ROLE_CONFIG or ROLE_CRM. */
export const MERGE_RULE: AreaRule = { roles: ['ROLE_CONFIG', 'ROLE_CRM'] };
