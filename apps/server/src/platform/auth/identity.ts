import type { Role } from '@mandato/domain';
import type { Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';

/** A tenant as the request path knows it (row of `tenants`, tenants module). */
export interface TenantRecord {
  id: string;
  slug: string;
  code: string;
  name: string;
  marketingSecret: string | null;
  planId: string;
  planName: string;
  planTotalUsers: number;
  planTotalContacts: number;
  active: boolean;
  deactiveDate: string | null;
  logoUrl: string | null;
  enableAddressRevalidation: boolean;
  moduleDemands: boolean;
}

/** A user as the request path knows it (row of `users`, users module). */
export interface UserRecord {
  id: string;
  code: string;
  name: string;
  email: string;
  cellphone: string | null;
  passwordHash: string | null;
  active: boolean;
  permissions: Role[];
  tokenVersion: number;
}

/**
 * Where the request path finds the tenant of a slug and the user of a session. The tenants and
 * users modules own those tables; services.ts plugs their lookups in, so platform never imports a
 * module.
 */
export interface IdentityStore {
  /** The tenant of a slug (may be cached briefly), undefined when none. */
  tenantBySlug(slug: string): Promise<TenantRecord | undefined>;
  /**
   * The first statement of an authenticated transaction: binds the tenant and reads the user of a
   * live session (undefined when revoked or expired).
   */
  bindSession(
    trx: Transaction<DB>,
    tenantId: string,
    userCode: string,
    sessionId: string,
  ): Promise<UserRecord | undefined>;
}
