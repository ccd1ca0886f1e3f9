import type { TenantRecord } from '../../platform/auth/identity.ts';

declare module '../../platform/app-context.ts' {
  interface AppContext {
    /** tenants by slug for a few seconds (modules/tenants/tenant-cache.ts, tenants.service findTenant) */
    tenantCache: TenantCache;
  }
}

/** How long a tenant read by slug is answered from memory. */
export const TENANT_CACHE_MS = 5_000;

/**
 * Tenants by slug, kept for a few seconds: every API call resolves its X-Schema header. One per
 * app (two apps in a process — tests, the CLI beside a server — never answer from each other's).
 */
export class TenantCache {
  private readonly bySlug = new Map<string, { tenant: TenantRecord | undefined; at: number }>();

  constructor(private readonly ttlMs = TENANT_CACHE_MS) {}

  /** The tenant read less than ttlMs ago (`tenant` undefined: the slug was read and not found). */
  fresh(slug: string): { tenant: TenantRecord | undefined } | undefined {
    const hit = this.bySlug.get(slug);
    return hit && Date.now() - hit.at < this.ttlMs ? hit : undefined;
  }

  keep(slug: string, tenant: TenantRecord | undefined): void {
    this.bySlug.set(slug, { tenant, at: Date.now() });
  }

  /** The tenant changed (or, without a slug, every tenant): the next call reads it again. */
  forget(slug?: string): void {
    if (slug) this.bySlug.delete(slug);
    else this.bySlug.clear();
  }
}
