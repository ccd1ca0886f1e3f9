import type { LoginAnswer, Role, TenantSchema } from '@mandato/domain';

export function loginAnswer(permissions: Role[]): LoginAnswer {
  return {
    user: {
      code: 'u1',
      name: 'Equipe Demo',
      email: 'equipe@demo.mandato.app',
      cellphone: null,
      active: true,
      permissions,
    },
    token: 'token',
    expiresAt: '2999-01-01T00:00:00.000Z',
    integrationKeys: { leads: { projectCode: null, token: null }, docs: { apiToken: null } },
  };
}

export const demoSchema: TenantSchema = {
  slug: 'demo',
  code: '1',
  name: 'Demo',
  logoUrl: null,
  hasMarketingSecret: true,
  plan: { id: 'PREMIUM', name: 'Premium', totalUser: 0, totalContacts: 0 },
  enableAddressRevalidation: false,
  modules: { demands: true },
};
