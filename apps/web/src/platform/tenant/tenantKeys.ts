/**
 * Query keys of the tenant (schema, session check, plan consumption). The plan consumption is
 * shared by the contact-plan banner and the account view.
 */
export const tenantKeys = {
  schema: (slug: string | null, token: string | null) => ['tenant-schema', slug, token] as const,
  verify: (slug: string | null, token: string | null) => ['auth-verify', slug, token] as const,
  planConsumption: (slug: string | undefined) => ['plan-consumption', slug] as const,
};
