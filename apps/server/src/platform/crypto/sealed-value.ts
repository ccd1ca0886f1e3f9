import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';
import type { Database } from '../db/engine.ts';
import { getOrCreateSetting } from '../db/settings.repository.ts';

/**
 * A master key (32 bytes): SHA-256 of the configured value (MARKETING_KEY, DONATION_KEY…), or —
 * embedded mode and development, unset — of a random value generated once and kept in app_settings
 * under `settingKey` (the way JWT_SECRET defaults).
 */
export async function readMasterKey(
  db: Database,
  configured: string | undefined,
  settingKey: string,
): Promise<Buffer> {
  const source =
    configured ?? (await getOrCreateSetting(db, settingKey, () => randomBytes(32).toString('base64url')));
  return createHash('sha256').update(source, 'utf8').digest();
}

/** A key for one purpose derived from the master key (HMAC-SHA-256), so no key serves two uses. */
export function subKey(master: Buffer, purpose: string): Buffer {
  return createHmac('sha256', master).update(purpose, 'utf8').digest();
}

/**
 * AES-256-GCM under the purpose's key: 'v1:<iv>:<tag>:<ciphertext>' (base64); `aad` binds the value
 * to its row (a value copied to another row does not open).
 */
export function seal(master: Buffer, purpose: string, plain: string, aad: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', subKey(master, purpose), iv);
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), data]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64')))
    .join(':');
}

/** The plain text of `seal`; throws on another purpose, aad or key, or a value changed. */
export function unseal(master: Buffer, purpose: string, sealed: string, aad: string): string {
  const [version, iv, tag, data] = sealed.split(':');
  if (version !== 'v1' || !iv || !tag || !data) throw new Error('valor cifrado inválido');
  const decipher = createDecipheriv('aes-256-gcm', subKey(master, purpose), Buffer.from(iv, 'base64'));
  decipher.setAAD(Buffer.from(aad, 'utf8'));
  decipher.setAuthTag(Buffer.from(tag, 'base64'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8');
}
