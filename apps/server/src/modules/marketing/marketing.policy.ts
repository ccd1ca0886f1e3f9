import type { AreaRule } from '@mandato/domain';

/**
 * The marketing service (spec 1 §6, spec 3 §6): ROLE_MARKETING in a tenant with a marketing secret
 * (module 'marketing'). Every /api/mkt call, the login included.
 */
export const MARKETING_RULE: AreaRule = { module: 'marketing', roles: ['ROLE_MARKETING'] };

/** The marketing settings (/admin/mkt/*, spec 1 §2): ROLE_CONFIG and ROLE_MARKETING together. */
export const MARKETING_SETTINGS_RULE: AreaRule = {
  module: 'marketing',
  roles: ['ROLE_CONFIG', 'ROLE_MARKETING'],
  logic: 'all',
};

/** The marketing token's guard, for the modules on the marketing service (shots). */
export { withMarketingAuth } from './marketing.guard.ts';
