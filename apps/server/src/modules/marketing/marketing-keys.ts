import type { AppContext } from '../../platform/app-context.ts';
import type { TokenService } from '../../platform/auth/tokens.ts';
import { readMarketingKey } from './marketing-crypto.ts';
import { createMarketingTokens } from './marketing-token.ts';

declare module '../../platform/app-context.ts' {
  interface AppContext {
    /** the marketing master key and its token service, read once per app (modules/marketing/marketing-keys.ts) */
    marketingKeys: MarketingKeys;
  }
}

/**
 * The marketing master key (MARKETING_KEY, or the database's own in app_settings) and the token
 * service signed with a key derived from it: read on first use and kept for the app's life (every
 * marketing call verifies a token; every shot batch opens a DKIM key with the master key).
 */
export class MarketingKeys {
  private master: Promise<Buffer> | undefined;
  private tokenService: Promise<TokenService> | undefined;

  constructor(private readonly app: Pick<AppContext, 'db' | 'config'>) {}

  key(): Promise<Buffer> {
    this.master ??= readMarketingKey(this.app);
    return this.master;
  }

  tokens(): Promise<TokenService> {
    this.tokenService ??= this.key().then((key) => createMarketingTokens(key, this.app.config));
    return this.tokenService;
  }

  /** Forgets both (shutdown): the next use reads them again. */
  clear(): void {
    this.master = undefined;
    this.tokenService = undefined;
  }
}
