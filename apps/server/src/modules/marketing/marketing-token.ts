import type { AppContext } from '../../platform/app-context.ts';
import { TokenService } from '../../platform/auth/tokens.ts';
import type { Config } from '../../platform/config/config.ts';
import { subKey } from './marketing-crypto.ts';

const AUDIENCE = 'mandato-mkt';

/**
 * The marketing service token (spec 3 §7.1): a short-lived JWT bound to the user's session (same
 * claims as the session token: user, tenant, token version, session id) with its own audience and
 * key, so a session token is never a marketing token nor the reverse. Logging out or changing the
 * password ends it too: every call re-reads the live session (withMarketingAuth). Made once per app
 * (MarketingKeys).
 */
export function marketingTokens(app: Pick<AppContext, 'marketingKeys'>): Promise<TokenService> {
  return app.marketingKeys.tokens();
}

/** The token service of a master key (marketing-keys.ts keeps it). */
export function createMarketingTokens(master: Buffer, config: Pick<Config, 'marketing'>): TokenService {
  return new TokenService(subKey(master, 'marketing-token'), config.marketing.tokenTtlSeconds, AUDIENCE);
}
