import type { PlanId } from '../tenant/plans.ts';
import type { Role } from './roles.ts';

export const MODULES = [
  'crm',
  'marketing',
  'schedule',
  'report',
  'map',
  'invite',
  'mobile',
  'donation',
  'doubleCheckCoordinates',
  'amendment',
  'demands',
] as const;
export type ModuleName = (typeof MODULES)[number];

/** What the access rules need to know about the signed-in user and their tenant. */
export interface AccessContext {
  permissions: readonly Role[];
  tenant: {
    hasMarketingSecret: boolean;
    planId: PlanId;
    enableAddressRevalidation: boolean;
    /** Modules the tenant switched off (e.g. demands); absent means on. */
    disabledModules?: readonly ModuleName[];
  };
}

export type PermissionLogic = 'any' | 'all';

/** ROLE_MARKETING counts only when the tenant has a marketing secret (spec 1 §6). */
export function effectivePermissions(ctx: AccessContext): Role[] {
  return ctx.permissions.filter((p) => p !== 'ROLE_MARKETING' || ctx.tenant.hasMarketingSecret);
}

export function hasPermission(
  ctx: AccessContext,
  roles: readonly Role[],
  logic: PermissionLogic = 'any',
): boolean {
  if (roles.length === 0) return true;
  const held = new Set(effectivePermissions(ctx));
  return logic === 'all' ? roles.every((r) => held.has(r)) : roles.some((r) => held.has(r));
}

export function isModuleAvailable(ctx: AccessContext, module: ModuleName): boolean {
  if (ctx.permissions.length === 0) return false;
  if (ctx.tenant.disabledModules?.includes(module)) return false;
  switch (module) {
    case 'schedule':
    case 'map':
    case 'invite':
    case 'amendment':
    case 'demands':
      return true;
    case 'crm':
      return ctx.permissions.includes('ROLE_CRM');
    case 'report':
      return ctx.permissions.includes('ROLE_REPORT');
    case 'marketing':
      return ctx.permissions.includes('ROLE_MARKETING') && ctx.tenant.hasMarketingSecret;
    case 'donation':
      return ctx.tenant.planId === 'PREMIUM';
    case 'doubleCheckCoordinates':
      return ctx.tenant.enableAddressRevalidation;
    case 'mobile':
      return false;
  }
}

/** A screen area: which module and which roles it needs (spec 1 §6 "Route access"). */
export interface AreaRule {
  module?: ModuleName;
  roles?: Role[];
  logic?: PermissionLogic;
}

export const AREAS = {
  people: { roles: ['ROLE_CRM', 'ROLE_TEAM'] },
  agenda: { module: 'schedule' },
  marketing: { module: 'marketing', roles: ['ROLE_MARKETING'] },
  reports: { module: 'report', roles: ['ROLE_REPORT'] },
  amendments: { module: 'amendment', roles: ['ROLE_CRM'] },
  demands: { module: 'demands', roles: ['ROLE_CRM'] },
  donation: { module: 'donation', roles: ['ROLE_DONATION'] },
  admin: { roles: ['ROLE_CONFIG'] },
  adminMarketing: { roles: ['ROLE_CONFIG', 'ROLE_MARKETING'], logic: 'all' },
  profile: {},
} as const satisfies Record<string, AreaRule>;
export type Area = keyof typeof AREAS;

export function canAccess(ctx: AccessContext, area: Area | AreaRule): boolean {
  const rule: AreaRule = typeof area === 'string' ? AREAS[area] : area;
  if (ctx.permissions.length === 0) return false;
  if (rule.module && !isModuleAvailable(ctx, rule.module)) return false;
  return hasPermission(ctx, rule.roles ?? [], rule.logic ?? 'any');
}

/** Default segment of the people screen: person with CRM, else team with TEAM (spec 1 §4). */
export function defaultPeopleSegment(ctx: AccessContext): 'person' | 'team' | undefined {
  if (ctx.permissions.includes('ROLE_CRM')) return 'person';
  if (ctx.permissions.includes('ROLE_TEAM')) return 'team';
  return undefined;
}
