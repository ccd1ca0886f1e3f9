import type { AreaRule } from '@mandato/domain';

/**
 * Segment routes: ROLE_CRM or ROLE_TEAM; each type then needs its own role (PERSON and COMPANY
 * ROLE_CRM, TEAM ROLE_TEAM — `assertType` of the people policy). Saved lists are shared by the
 * tenant; their totals count only what the caller may see.
 */
export const SEGMENTS_RULE: AreaRule = { roles: ['ROLE_CRM', 'ROLE_TEAM'] };
