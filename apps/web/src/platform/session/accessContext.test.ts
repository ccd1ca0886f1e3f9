import { canAccess } from '@mandato/domain';
import { describe, expect, it } from 'vitest';
import { buildAccessContext } from './accessContext.ts';

const user = {
  code: 'u',
  name: 'U',
  email: 'u@x.com',
  cellphone: null,
  active: true,
  permissions: ['ROLE_CRM', 'ROLE_MARKETING'] as const,
};

describe('buildAccessContext', () => {
  it('maps the tenant schema flags', () => {
    const ctx = buildAccessContext(
      { ...user, permissions: [...user.permissions] },
      {
        slug: 'demo',
        code: '1',
        name: 'Demo',
        logoUrl: null,
        hasMarketingSecret: true,
        plan: { id: 'PREMIUM', name: 'Premium', totalUser: 0, totalContacts: 0 },
        enableAddressRevalidation: true,
        modules: { demands: false },
      },
    );
    expect(ctx.tenant).toEqual({
      hasMarketingSecret: true,
      planId: 'PREMIUM',
      enableAddressRevalidation: true,
      disabledModules: ['demands'],
    });
    expect(canAccess(ctx, 'marketing')).toBe(true);
    expect(canAccess(ctx, 'demands')).toBe(false);
  });

  it('without schema: no marketing, FREE plan; an inactive user has no permissions', () => {
    const ctx = buildAccessContext({ ...user, permissions: [...user.permissions] }, null);
    expect(canAccess(ctx, 'marketing')).toBe(false);
    expect(canAccess(ctx, 'people')).toBe(true);
    expect(
      buildAccessContext({ ...user, permissions: ['ROLE_CRM'], active: false }, null).permissions,
    ).toEqual([]);
  });
});
