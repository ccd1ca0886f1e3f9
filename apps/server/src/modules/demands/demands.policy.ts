import { AREAS, type AreaRule } from '@mandato/domain';

/**
 * Demands (spec 3 §6): ROLE_CRM and the tenant's demands module, which is the allowlist of spec 3
 * §2.3 (tenants.module_demands, set by the operator CLI); a tenant off the list is refused (403).
 */
export const DEMANDS_RULE: AreaRule = AREAS.demands;
