import type { AppContext } from '../../platform/app-context.ts';
import { readMasterKey, subKey } from '../../platform/crypto/sealed-value.ts';
import type { Database } from '../../platform/db/engine.ts';

declare module '../../platform/app-context.ts' {
  interface AppContext {
    /** the privacy module's keys, read at start-up (modules/privacy/privacy-keys.ts) */
    privacyKeys: PrivacyKeys;
  }
}

export interface PrivacyKeys {
  /** HMAC key of the suppression list's hashes */
  suppression: Buffer;
}

/**
 * Read once when the app starts (createAppContext), before any transaction: the suppression hashes
 * are computed inside request and job transactions, and on the embedded engine a read of
 * app_settings from there would wait for the one connection the transaction holds.
 */
export async function readPrivacyKeys(db: Database): Promise<PrivacyKeys> {
  const master = await readMasterKey(db, undefined, 'privacy_key');
  return { suppression: subKey(master, 'suppression-hash') };
}

export type PrivacyKeySource = Pick<AppContext, 'privacyKeys'>;
