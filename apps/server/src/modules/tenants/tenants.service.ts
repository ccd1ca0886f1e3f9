import {
  isTenantSlug,
  normaliseTenantSlug,
  type PlanConsumption,
  PlanIdSchema,
  TENANT_MESSAGES,
  type TenantSchema,
} from '@mandato/domain';
import type { AppContext } from '../../platform/app-context.ts';
import type { TenantContext } from '../../platform/db/tenancy.ts';
import { badRequest, conflict } from '../../platform/http/errors.ts';
import { type NewTenant, type TenantRecord, tenantsRepository } from './tenants.repository.ts';

/** Tenant by slug, kept for a few seconds in the app's TenantCache (every API call resolves its X-Schema header). */
export async function findTenant(
  app: Pick<AppContext, 'db' | 'tenantCache'>,
  slug: string,
): Promise<TenantRecord | undefined> {
  const key = normaliseTenantSlug(slug);
  if (!isTenantSlug(key)) return undefined;
  const hit = app.tenantCache.fresh(key);
  if (hit) return hit.tenant;
  const tenant = await tenantsRepository.findBySlug(app.db.kysely, key);
  app.tenantCache.keep(key, tenant);
  return tenant;
}

/**
 * What may forget a tenant: an app (its cache), or a caller without one — the CLI's process keeps
 * no tenant, and a running server's cache lets a change through within TENANT_CACHE_MS.
 */
type TenantWriter = Pick<AppContext, 'db'> & Partial<Pick<AppContext, 'tenantCache'>>;

/** The tenant changed (or, without a slug, every tenant): the app's next call reads it again. */
export function forgetTenant(app: Partial<Pick<AppContext, 'tenantCache'>>, slug?: string) {
  app.tenantCache?.forget(slug);
}

/** The schema as spec 1 §3 shows it; anonymous callers get only the public fields. */
export function presentSchema(tenant: TenantRecord, full: boolean, totalContactsUsed = 0): TenantSchema {
  const base: TenantSchema = {
    slug: tenant.slug,
    code: tenant.code,
    name: tenant.name,
    logoUrl: tenant.logoUrl,
  };
  if (!full) return base;
  return {
    ...base,
    hasMarketingSecret: !!tenant.marketingSecret,
    plan: {
      id: PlanIdSchema.parse(tenant.planId),
      name: tenant.planName,
      totalUser: tenant.planTotalUsers,
      totalContacts: tenant.planTotalContacts,
    },
    planConsumption: { totalContactsUsed },
    enableAddressRevalidation: tenant.enableAddressRevalidation,
    deactiveDate: tenant.deactiveDate,
    modules: { demands: tenant.moduleDemands },
  };
}

/** How the plan's contacts are counted: the people module's count, handed over in app.ts. */
export type ContactCounter = (ctx: TenantContext) => Promise<number>;

export async function planConsumption(
  ctx: TenantContext,
  countContacts: ContactCounter,
): Promise<PlanConsumption> {
  return {
    totalUsersUsed: await tenantsRepository.countActiveUsers(ctx),
    totalContactsUsed: await countContacts(ctx),
  };
}

/** Operator path (CLI): activates or deactivates a tenant; false when there is no such slug. */
export function setTenantActive(
  app: Pick<AppContext, 'db'>,
  slug: string,
  active: boolean,
): Promise<boolean> {
  return tenantsRepository.setActive(app.db.kysely, slug, active);
}

/**
 * Operator path (CLI `tenant set-module`): switches a tenant's optional modules (today the demands
 * allowlist of spec 3 §2.3); false when there is no such slug.
 */
export async function setTenantModules(
  app: TenantWriter,
  slug: string,
  modules: { demands: boolean },
): Promise<boolean> {
  const found = await tenantsRepository.setModules(app.db.kysely, slug, modules);
  forgetTenant(app, slug);
  return found;
}

/** Sets the tenant's marketing secret (stored hashed); false for an unknown slug. */
export async function setMarketingSecret(app: TenantWriter, slug: string, secret: string) {
  const found = await tenantsRepository.setMarketingSecret(app.db.kysely, slug, secret);
  forgetTenant(app, slug);
  return found;
}

/** The active tenants that have the marketing module (a marketing secret). */
export function tenantsWithMarketing(app: Pick<AppContext, 'db'>): Promise<string[]> {
  return tenantsRepository.activeWithMarketing(app.db.kysely);
}

export async function createTenant(app: Pick<AppContext, 'db'>, input: NewTenant): Promise<string> {
  const slug = normaliseTenantSlug(input.slug);
  if (!isTenantSlug(slug)) throw badRequest(TENANT_MESSAGES.invalidSlug);
  if (!input.name.trim()) throw badRequest(TENANT_MESSAGES.nameRequired);
  if (!(await tenantsRepository.planExists(app.db.kysely, input.planId))) {
    throw badRequest(TENANT_MESSAGES.invalidPlan(input.planId));
  }
  if (await tenantsRepository.findBySlug(app.db.kysely, slug))
    throw conflict(TENANT_MESSAGES.slugTaken(slug));
  return tenantsRepository.insert(app.db.kysely, { ...input, slug, name: input.name.trim() });
}
