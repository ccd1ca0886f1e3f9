import type { AppContext } from '../../platform/app-context.ts';
import { readMasterKey } from '../../platform/crypto/sealed-value.ts';

declare module '../../platform/app-context.ts' {
  interface AppContext {
    /** the key of the tenants' provider tokens, read once per app (modules/donations/donation-keys.ts) */
    donationKeys: DonationKeys;
  }
}

/** The purpose of the provider tokens' encryption (platform/crypto/sealed-value.ts); aad: the tenant id. */
export const PROVIDER_TOKEN_PURPOSE = 'donation-provider-token';

/** The donations master key read now: DONATION_KEY, else the database's own (app_settings 'donation_key'). */
export function readDonationKey(app: Pick<AppContext, 'db' | 'config'>): Promise<Buffer> {
  return readMasterKey(app.db, app.config.donation.key, 'donation_key');
}

/**
 * The donations master key, read on first use and kept for the app's life. Read before a
 * transaction opens (its first read may write app_settings; PGlite has one connection).
 */
export class DonationKeys {
  private master: Promise<Buffer> | undefined;

  constructor(private readonly app: Pick<AppContext, 'db' | 'config'>) {}

  key(): Promise<Buffer> {
    this.master ??= readDonationKey(this.app).catch((error) => {
      this.master = undefined;
      throw error;
    });
    return this.master;
  }

  clear(): void {
    this.master = undefined;
  }
}
