import { createHash, generateKeyPair, randomBytes, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import type { AppContext } from '../../platform/app-context.ts';
import { readMasterKey, seal, subKey, unseal } from '../../platform/crypto/sealed-value.ts';

const generateRsa = promisify(generateKeyPair);

/**
 * The marketing master key (32 bytes): SHA-256 of MARKETING_KEY, or — embedded mode and
 * development, MARKETING_KEY unset — of a random value generated once and kept in app_settings
 * (the way JWT_SECRET defaults). Read from the app's MarketingKeys (kept for the app's life) when
 * it has them; a caller without an app context (the demo seed, the CLI, a test's `{ db, config }`)
 * reads it each time — the same value.
 */
export function marketingKey(app: MarketingKeySource): Promise<Buffer> {
  return app.marketingKeys?.key() ?? readMarketingKey(app);
}

/** An app (its MarketingKeys), or the database and config alone. */
export type MarketingKeySource = Pick<AppContext, 'db' | 'config'> &
  Partial<Pick<AppContext, 'marketingKeys'>>;

/** The master key read now (MarketingKeys keeps it). */
export function readMarketingKey(app: Pick<AppContext, 'db' | 'config'>): Promise<Buffer> {
  return readMasterKey(app.db, app.config.marketing.key, 'marketing_key');
}

export { subKey };

/** The purpose of the DKIM private keys' encryption (platform/crypto/sealed-value.ts). */
const DKIM_KEY_PURPOSE = 'dkim-private-key';

/** AES-256-GCM: 'v1:<iv>:<tag>:<ciphertext>' (base64); `aad` binds the value to its row. */
export function encrypt(master: Buffer, plain: string, aad: string): string {
  return seal(master, DKIM_KEY_PURPOSE, plain, aad);
}

export function decrypt(master: Buffer, sealed: string, aad: string): string {
  return unseal(master, DKIM_KEY_PURPOSE, sealed, aad);
}

/** A DKIM key pair: RSA 2048, the public key as the base64 SPKI DER of the record's p= tag. */
export async function generateDkimKeys(): Promise<{ publicKey: string; privateKeyPem: string }> {
  const { publicKey, privateKey } = await generateRsa('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'der' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return { publicKey: (publicKey as Buffer).toString('base64'), privateKeyPem: privateKey as string };
}

/** How the tenant's marketing secret is stored (migration 0027 trigger): 'sha256:<hex>'. */
export function hashMarketingSecret(secret: string): string {
  return `sha256:${createHash('sha256').update(secret, 'utf8').digest('hex')}`;
}

export function marketingSecretMatches(stored: string | null, secret: string): boolean {
  if (!stored) return false;
  const a = Buffer.from(stored, 'utf8');
  const b = Buffer.from(hashMarketingSecret(secret), 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A new marketing secret for the operator CLI: 32 random bytes, base64url. */
export function generateMarketingSecret(): string {
  return randomBytes(32).toString('base64url');
}
