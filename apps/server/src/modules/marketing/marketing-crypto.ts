import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  generateKeyPair,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';
import { promisify } from 'node:util';
import type { AppContext } from '../../platform/app-context.ts';
import { getOrCreateSetting } from '../../platform/db/settings.repository.ts';

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
export async function readMarketingKey(app: Pick<AppContext, 'db' | 'config'>): Promise<Buffer> {
  const source =
    app.config.marketing.key ??
    (await getOrCreateSetting(app.db, 'marketing_key', () => randomBytes(32).toString('base64url')));
  return createHash('sha256').update(source, 'utf8').digest();
}

/** A key for one purpose derived from the master key (HMAC-SHA-256), so no key serves two uses. */
export function subKey(master: Buffer, purpose: string): Buffer {
  return createHmac('sha256', master).update(purpose, 'utf8').digest();
}

/** AES-256-GCM: 'v1:<iv>:<tag>:<ciphertext>' (base64); `aad` binds the value to its row. */
export function encrypt(master: Buffer, plain: string, aad: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', subKey(master, 'dkim-private-key'), iv);
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), data]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64')))
    .join(':');
}

export function decrypt(master: Buffer, sealed: string, aad: string): string {
  const [version, iv, tag, data] = sealed.split(':');
  if (version !== 'v1' || !iv || !tag || !data) throw new Error('valor cifrado inválido');
  const decipher = createDecipheriv(
    'aes-256-gcm',
    subKey(master, 'dkim-private-key'),
    Buffer.from(iv, 'base64'),
  );
  decipher.setAAD(Buffer.from(aad, 'utf8'));
  decipher.setAuthTag(Buffer.from(tag, 'base64'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8');
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
