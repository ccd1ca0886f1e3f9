import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';
import type { TenantContext } from '../../platform/db/tenancy.ts';
import { type TenantRecord, tenantsRepository } from './tenants.repository.ts';

export type { NewTenant, TenantRecord } from './tenants.repository.ts';

/** For other modules, inside their transaction: the tenant's active users (what the plan's user total limits). */
export function countActiveUsers(ctx: TenantContext): Promise<number> {
  return tenantsRepository.countActiveUsers(ctx);
}

/** The contacts the tenant's plan allows now (0: unlimited): what a running import checks per batch. */
export function contactLimit(ctx: TenantContext): Promise<number> {
  return tenantsRepository.contactLimit(ctx);
}

/**
 * A tenant by slug, read now (uncached, unlike tenants.service `findTenant`): the operator paths
 * (CLI, demo seed, user creation).
 */
export function tenantBySlug(db: Kysely<DB>, slug: string): Promise<TenantRecord | undefined> {
  return tenantsRepository.findBySlug(db, slug);
}
