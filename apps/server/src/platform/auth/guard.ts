import {
  type AccessContext,
  type AreaRule,
  canAccess,
  MESSAGES,
  PlanIdSchema,
  type Role,
} from '@mandato/domain';
import type { FastifyRequest } from 'fastify';
import type { AppContext, RequestContext } from '../app-context.ts';
import { withTenantBoundBy } from '../db/tenancy.ts';
import { AppError, forbidden, unauthorized } from '../http/errors.ts';
import type { TenantRecord, UserRecord } from './identity.ts';

export interface AuthContext {
  tenant: TenantRecord;
  user: UserRecord;
  access: AccessContext;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth?: AuthContext;
  }
}

export function accessContext(tenant: TenantRecord, permissions: Role[]): AccessContext {
  return {
    permissions,
    tenant: {
      hasMarketingSecret: !!tenant.marketingSecret,
      planId: PlanIdSchema.parse(tenant.planId),
      enableAddressRevalidation: tenant.enableAddressRevalidation,
      disabledModules: tenant.moduleDemands ? [] : ['demands'],
    },
  };
}

/** The tenant named by the X-Schema header; 403 when missing, unknown or inactive (spec 1 §8). */
export async function requireTenant(app: AppContext, request: FastifyRequest): Promise<TenantRecord> {
  const header = request.headers['x-schema'];
  const slug = Array.isArray(header) ? header[0] : header;
  const tenant = slug ? await app.identity.tenantBySlug(slug) : undefined;
  if (!tenant?.active) throw new AppError(403, MESSAGES.loginInactiveDomain);
  return tenant;
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
}

/**
 * The tenant of the request and the claims of its token, before the user and the session are
 * looked up: 401 without a valid token, 403 for a token of another tenant.
 */
export async function verifySession(app: AppContext, request: FastifyRequest) {
  const tenant = await requireTenant(app, request);
  const token = bearerToken(request);
  const claims = token ? await app.tokens.verify(token) : undefined;
  if (!claims) throw unauthorized();
  if (claims.tid !== tenant.id) throw forbidden(MESSAGES.invalidSchema);
  return { tenant, claims };
}

/**
 * The active user of the token, still at the token's version, allowed to reach `rule`. `user` is
 * undefined when the token's session is revoked or expired (bind_tenant_session).
 */
function authorize(
  request: FastifyRequest,
  session: Awaited<ReturnType<typeof verifySession>>,
  user: UserRecord | undefined,
  rule: AreaRule,
): AuthContext {
  const { tenant, claims } = session;
  if (!user?.active || user.tokenVersion !== claims.ver) throw unauthorized();
  const access = accessContext(tenant, user.permissions);
  if (Object.keys(rule).length > 0 && !canAccess(access, rule)) throw forbidden();
  const auth = { tenant, user, access };
  request.auth = auth;
  return auth;
}

/**
 * The one way a route reaches a service: authenticates the request, checks it may reach `rule`
 * (module + roles, spec 1 §6) and runs `work` in the request's single tenant transaction, whose
 * first statement binds the tenant and reads the caller while the token's session is live
 * (bind_tenant_session, every call, so a revoked token is refused even though its signature stays
 * cached). 401 without a valid session, 403 for a token of another tenant or a missing role.
 */
export async function withAuth<T>(
  app: AppContext,
  request: FastifyRequest,
  rule: AreaRule,
  work: (ctx: RequestContext, auth: AuthContext) => Promise<T>,
): Promise<T> {
  const session = await verifySession(app, request);
  const { tenant, claims } = session;
  return withTenantBoundBy(
    app.db,
    tenant.id,
    (trx) => app.identity.bindSession(trx, tenant.id, claims.sub, claims.sid),
    (ctx, user) => work({ ...ctx, app }, authorize(request, session, user, rule)),
  );
}
