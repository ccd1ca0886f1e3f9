import { describe, expect, it } from 'vitest';
import {
  type AccessContext,
  canAccess,
  defaultPeopleSegment,
  hasPermission,
  isModuleAvailable,
} from './modules.ts';
import type { Role } from './roles.ts';

const ctx = (permissions: Role[], tenant: Partial<AccessContext['tenant']> = {}): AccessContext => ({
  permissions,
  tenant: { hasMarketingSecret: true, planId: 'PREMIUM', enableAddressRevalidation: false, ...tenant },
});

describe('module availability (spec 1 §6)', () => {
  it('needs a non-empty permission list', () => {
    expect(isModuleAvailable(ctx([]), 'schedule')).toBe(false);
    expect(isModuleAvailable(ctx(['ROLE_TEAM']), 'schedule')).toBe(true);
  });
  it('keeps schedule, map, invite, amendment and demands always on', () => {
    for (const m of ['schedule', 'map', 'invite', 'amendment', 'demands'] as const) {
      expect(isModuleAvailable(ctx(['ROLE_TEAM']), m)).toBe(true);
    }
  });
  it('ties crm, report and marketing to their roles; marketing also to the secret', () => {
    expect(isModuleAvailable(ctx(['ROLE_TEAM']), 'crm')).toBe(false);
    expect(isModuleAvailable(ctx(['ROLE_CRM']), 'crm')).toBe(true);
    expect(isModuleAvailable(ctx(['ROLE_REPORT']), 'report')).toBe(true);
    expect(isModuleAvailable(ctx(['ROLE_MARKETING']), 'marketing')).toBe(true);
    expect(isModuleAvailable(ctx(['ROLE_MARKETING'], { hasMarketingSecret: false }), 'marketing')).toBe(
      false,
    );
  });
  it('gives donation to PREMIUM, double-check to the flag, mobile to nobody', () => {
    expect(isModuleAvailable(ctx(['ROLE_DONATION'], { planId: 'IDEAL' }), 'donation')).toBe(false);
    expect(isModuleAvailable(ctx(['ROLE_DONATION']), 'donation')).toBe(true);
    expect(isModuleAvailable(ctx(['ROLE_CRM']), 'doubleCheckCoordinates')).toBe(false);
    expect(
      isModuleAvailable(ctx(['ROLE_CRM'], { enableAddressRevalidation: true }), 'doubleCheckCoordinates'),
    ).toBe(true);
    expect(isModuleAvailable(ctx([...(['ROLE_CRM', 'ROLE_TEAM'] as Role[])]), 'mobile')).toBe(false);
  });
  it('honours a module the tenant switched off', () => {
    expect(isModuleAvailable(ctx(['ROLE_CRM'], { disabledModules: ['demands'] }), 'demands')).toBe(false);
  });
});

describe('permission checks', () => {
  it('accepts any (default) or all', () => {
    expect(hasPermission(ctx(['ROLE_CRM']), ['ROLE_CRM', 'ROLE_TEAM'])).toBe(true);
    expect(hasPermission(ctx(['ROLE_CRM']), ['ROLE_CRM', 'ROLE_TEAM'], 'all')).toBe(false);
  });
  it('counts ROLE_MARKETING only with a marketing secret', () => {
    expect(hasPermission(ctx(['ROLE_MARKETING'], { hasMarketingSecret: false }), ['ROLE_MARKETING'])).toBe(
      false,
    );
  });
});

describe('route areas', () => {
  it('opens people to CRM or TEAM', () => {
    expect(canAccess(ctx(['ROLE_TEAM']), 'people')).toBe(true);
    expect(canAccess(ctx(['ROLE_REPORT']), 'people')).toBe(false);
  });
  it('requires module and role for amendments, demands, donation, reports and admin', () => {
    expect(canAccess(ctx(['ROLE_TEAM']), 'amendments')).toBe(false);
    expect(canAccess(ctx(['ROLE_CRM']), 'amendments')).toBe(true);
    expect(canAccess(ctx(['ROLE_CRM'], { disabledModules: ['demands'] }), 'demands')).toBe(false);
    expect(canAccess(ctx(['ROLE_DONATION'], { planId: 'BASIC' }), 'donation')).toBe(false);
    expect(canAccess(ctx(['ROLE_DONATION']), 'donation')).toBe(true);
    expect(canAccess(ctx(['ROLE_REPORT']), 'reports')).toBe(true);
    expect(canAccess(ctx(['ROLE_TEAM']), 'admin')).toBe(false);
    expect(canAccess(ctx(['ROLE_CONFIG']), 'adminMarketing')).toBe(false);
    expect(canAccess(ctx(['ROLE_CONFIG', 'ROLE_MARKETING']), 'adminMarketing')).toBe(true);
  });
  it('lets every user with permissions into the agenda', () => {
    expect(canAccess(ctx(['ROLE_TEAM']), 'agenda')).toBe(true);
    expect(canAccess(ctx([]), 'agenda')).toBe(false);
  });
  it('picks the default people segment', () => {
    expect(defaultPeopleSegment(ctx(['ROLE_CRM', 'ROLE_TEAM']))).toBe('person');
    expect(defaultPeopleSegment(ctx(['ROLE_TEAM']))).toBe('team');
    expect(defaultPeopleSegment(ctx(['ROLE_REPORT']))).toBeUndefined();
  });
});
