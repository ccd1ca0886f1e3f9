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
import type { TokenService } from './tokens.ts';

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
 * Whose bearer tokens a guard takes: the app's session token, or another service's token with its
 * own key and audience (the marketing token, modules/marketing/marketing.guard.ts), so one is never
 * accepted for the other.
 */
export interface TokenAudience {
  /** the verifier of its tokens, got before the transaction opens (PGlite has one connection) */
  verifier(app: AppContext): Pick<TokenService, 'verify'> | Promise<Pick<TokenService, 'verify'>>;
  /** a rule every call with its token must pass too, before the route's own */
  rule?: AreaRule;
}

/** The session token of POST /api/auth/login. */
export const SESSION_TOKEN: TokenAudience = { verifier: (app) => app.tokens };

/**
 * The tenant of the request and the claims of its token, before the user and the session are
 * looked up: 401 without a valid token, 403 for a token of another tenant.
 */
export async function verifySession(app: AppContext, request: FastifyRequest, audience = SESSION_TOKEN) {
  const tenant = await requireTenant(app, request);
  const token = bearerToken(request);
  const verifier = await audience.verifier(app);
  const claims = token ? await verifier.verify(token) : undefined;
  if (!claims) throw unauthorized();
  if (claims.tid !== tenant.id) throw forbidden(MESSAGES.invalidSchema);
  return { tenant, claims };
}

const isEmptyRule = (rule: AreaRule) => Object.keys(rule).length === 0;

/**
 * The active user of the token, still at the token's version, allowed to reach every one of
 * `rules`. `user` is undefined when the token's session is revoked or expired (bind_tenant_session).
 */
function authorize(
  request: FastifyRequest,
  session: Awaited<ReturnType<typeof verifySession>>,
  user: UserRecord | undefined,
  rules: AreaRule[],
): AuthContext {
  const { tenant, claims } = session;
  if (!user?.active || user.tokenVersion !== claims.ver) throw unauthorized();
  const access = accessContext(tenant, user.permissions);
  if (rules.some((rule) => !isEmptyRule(rule) && !canAccess(access, rule))) throw forbidden();
  const auth = { tenant, user, access };
  request.auth = auth;
  return auth;
}

/**
 * The one guard, for the tokens of `audience`: authenticates the request, checks it may reach the
 * audience's rule and `rule` (module + roles, spec 1 §6) and runs `work` in the request's single
 * tenant transaction, whose first statement binds the tenant and reads the caller while the token's
 * session is live (bind_tenant_session, every call, so a revoked token is refused even though its
 * signature stays cached; an inactive user or a new password too). 401 without a valid session,
 * 403 for a token of another tenant or a missing role.
 */
export async function withAuthFor<T>(
  audience: TokenAudience,
  app: AppContext,
  request: FastifyRequest,
  rule: AreaRule,
  work: (ctx: RequestContext, auth: AuthContext) => Promise<T>,
): Promise<T> {
  const session = await verifySession(app, request, audience);
  const { tenant, claims } = session;
  const rules = audience.rule ? [audience.rule, rule] : [rule];
  return withTenantBoundBy(
    app.db,
    tenant.id,
    (trx) => app.identity.bindSession(trx, tenant.id, claims.sub, claims.sid),
    (ctx, user) => work({ ...ctx, app }, authorize(request, session, user, rules)),
  );
}

/**
 * The one way a route reaches a service with the session token (POST /api/auth/login): the one
 * guard, withAuthFor(SESSION_TOKEN, …). The marketing service's routes use withMarketingAuth, the
 * same guard with the marketing token.
 */
export function withAuth<T>(
  app: AppContext,
  request: FastifyRequest,
  rule: AreaRule,
  work: (ctx: RequestContext, auth: AuthContext) => Promise<T>,
): Promise<T> {
  return withAuthFor(SESSION_TOKEN, app, request, rule, work);
}
