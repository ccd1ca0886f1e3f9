import type { AreaRule } from '@mandato/domain';
import type { FastifyRequest } from 'fastify';
import type { AppContext, RequestContext } from '../../platform/app-context.ts';
import { type AuthContext, type TokenAudience, withAuthFor } from '../../platform/auth/guard.ts';
import { MARKETING_RULE } from './marketing.policy.ts';
import { marketingTokens } from './marketing-token.ts';

/**
 * The marketing token (POST /api/mkt/auth/login, spec 3 §7.1), never a session token. Built on use:
 * marketing.policy re-exports this guard, so MARKETING_RULE is not yet defined while the modules load.
 */
const marketingToken = (): TokenAudience => ({
  // its key (of app_settings in embedded mode) is read before the transaction: PGlite has one connection
  verifier: (app) => marketingTokens(app),
  rule: MARKETING_RULE,
});

/**
 * `withAuth` of the marketing service (/api/mkt/*, spec 3 §7.1): the one guard (withAuthFor) with
 * the marketing token. Every call binds the tenant and re-reads the user of the token's session
 * (bind_tenant_session): a revoked session, an inactive user, a new password or a lost
 * ROLE_MARKETING (or a tenant without marketing secret) is refused on the next call, not when the
 * token expires. 401 without a valid token (the web app logs in to marketing again), 403 for
 * another tenant or a missing role (the web app goes to the default route).
 */
export function withMarketingAuth<T>(
  app: AppContext,
  request: FastifyRequest,
  rule: AreaRule,
  work: (ctx: RequestContext, auth: AuthContext) => Promise<T>,
): Promise<T> {
  return withAuthFor(marketingToken(), app, request, rule, work);
}

/**
 * `withMarketingAuth` for work that waits on the network (DNS, a provider): `read` in one short
 * transaction, `network` with no transaction open, `write` in a second one (the caller checked
 * again, as on any call). No network wait holds a database connection: PGlite has a single one for
 * every tenant. `write` must handle a row changed or removed while `network` ran.
 */
export async function withMarketingAuthAroundNetwork<R, N, T>(
  app: AppContext,
  request: FastifyRequest,
  rule: AreaRule,
  steps: {
    read: (ctx: RequestContext, auth: AuthContext) => Promise<R>;
    network: (read: R) => Promise<N>;
    write: (ctx: RequestContext, auth: AuthContext, read: R, answer: N) => Promise<T>;
  },
): Promise<T> {
  const read = await withMarketingAuth(app, request, rule, steps.read);
  const answer = await steps.network(read);
  return withMarketingAuth(app, request, rule, (ctx, auth) => steps.write(ctx, auth, read, answer));
}
