import { MARKETING_TEXTS, type MarketingLogin, type MarketingToken, MESSAGES } from '@mandato/domain';
import type { AppContext } from '../../platform/app-context.ts';
import type { AuthContext } from '../../platform/auth/guard.ts';
import type { TokenClaims } from '../../platform/auth/tokens.ts';
import type { Database } from '../../platform/db/engine.ts';
import { forbidden } from '../../platform/http/errors.ts';
import { setMarketingSecret } from '../tenants/tenants.service.ts';
import { generateMarketingSecret, marketingSecretMatches } from './marketing-crypto.ts';
import { marketingTokens } from './marketing-token.ts';

/**
 * POST /mkt/auth/login (spec 3 §7.1), made with the user's session: the slug must be the session's
 * tenant, and a secret, when given (a client outside the web app), must be the tenant's marketing
 * secret. The web app never holds the secret (it is stored hashed) and sends only the slug: the
 * session of a user with ROLE_MARKETING in a tenant that has a secret is what entitles it.
 */
export async function marketingLogin(
  app: AppContext,
  auth: AuthContext,
  claims: TokenClaims,
  body: MarketingLogin,
): Promise<MarketingToken> {
  if (body.slug !== auth.tenant.slug) throw forbidden(MESSAGES.invalidSchema);
  if (!auth.tenant.marketingSecret) throw forbidden(MARKETING_TEXTS.noModule);
  if (body.secret !== undefined && !marketingSecretMatches(auth.tenant.marketingSecret, body.secret)) {
    throw forbidden(MARKETING_TEXTS.invalidSecret);
  }
  const { token, expiresAt } = await (await marketingTokens(app)).sign(claims);
  return { data: { token, expiresAt: expiresAt.toISOString() } };
}

/**
 * Operator CLI `marketing secret --slug S`: a new random secret for the tenant (the old one stops
 * working), returned once to be printed; only its hash is stored. Undefined for an unknown slug.
 */
export async function rotateMarketingSecret(db: Database, slug: string): Promise<string | undefined> {
  const secret = generateMarketingSecret();
  return (await setMarketingSecret({ db }, slug, secret)) ? secret : undefined;
}
