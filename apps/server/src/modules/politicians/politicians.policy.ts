import type { AreaRule } from '@mandato/domain';

/** The politicians' administrative record is a settings area (spec 1 §6): ROLE_CONFIG. */
export const POLITICIANS_RULE: AreaRule = { roles: ['ROLE_CONFIG'] };
