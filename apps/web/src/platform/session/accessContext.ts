import type { AccessContext, ModuleName, SessionUser, TenantSchema } from '@mandato/domain';

/** Builds the domain's AccessContext from the session user and the tenant schema. */
export function buildAccessContext(
  user: SessionUser | null | undefined,
  schema: TenantSchema | null,
): AccessContext {
  const disabledModules: ModuleName[] = [];
  if (schema?.modules?.demands === false) disabledModules.push('demands');
  return {
    permissions: user?.active === false ? [] : (user?.permissions ?? []),
    tenant: {
      hasMarketingSecret: schema?.hasMarketingSecret === true,
      planId: schema?.plan?.id ?? 'FREE',
      enableAddressRevalidation: schema?.enableAddressRevalidation === true,
      disabledModules,
    },
  };
}
