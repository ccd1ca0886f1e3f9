import type { AppContext } from '../../platform/app-context.ts';
import { TokenService } from '../../platform/auth/tokens.ts';
import type { Database } from '../../platform/db/engine.ts';
import { marketingKey, subKey } from './marketing-crypto.ts';

const AUDIENCE = 'mandato-mkt';

const services = new WeakMap<Database, Promise<TokenService>>();

/**
 * The marketing service token (spec 3 §7.1): a short-lived JWT bound to the user's session (same
 * claims as the session token: user, tenant, token version, session id) with its own audience and
 * key, so a session token is never a marketing token nor the reverse. Logging out or changing the
 * password ends it too: every call re-reads the live session (withMarketingAuth).
 */
export function marketingTokens(app: Pick<AppContext, 'db' | 'config'>): Promise<TokenService> {
  let made = services.get(app.db);
  if (!made) {
    made = marketingKey(app).then(
      (key) =>
        new TokenService(subKey(key, 'marketing-token'), app.config.marketing.tokenTtlSeconds, AUDIENCE),
    );
    services.set(app.db, made);
  }
  return made;
}
