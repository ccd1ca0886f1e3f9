import type { AccessContext } from './modules.ts';
import type { Role } from './roles.ts';

/**
 * Whether the tenant's plan offers what a role gives (spec 1 §6): marketing needs the tenant's
 * marketing secret, donation the PREMIUM plan. The permission dialog disables the others with
 * 'Este módulo não está disponível no seu plano'.
 */
export function isRoleInPlan(tenant: AccessContext['tenant'], role: Role): boolean {
  switch (role) {
    case 'ROLE_MARKETING':
      return tenant.hasMarketingSecret;
    case 'ROLE_DONATION':
      return tenant.planId === 'PREMIUM';
    default:
      return true;
  }
}
