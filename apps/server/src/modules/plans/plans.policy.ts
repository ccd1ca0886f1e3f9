import type { AreaRule } from '@mandato/domain';

/** Seeing and changing the plan is a setting (spec 1 §6 'Configurações'): ROLE_CONFIG. */
export const PLANS_RULE: AreaRule = { roles: ['ROLE_CONFIG'] };
