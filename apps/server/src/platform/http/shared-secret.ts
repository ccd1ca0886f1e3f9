import { createHash, timingSafeEqual } from 'node:crypto';
import { notFound, unauthorized } from './errors.ts';

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/**
 * A caller's copy of a configured secret (a webhook's header), compared in constant time: both
 * sides are hashed first so neither the content nor the length leaks. Unset in the config, the
 * endpoint does not exist (404); missing, repeated or wrong, 401 with the endpoint's pt-BR text.
 */
export function assertSharedSecret(
  secret: string | undefined,
  given: string | string[] | undefined,
  unauthorizedText: string,
): void {
  if (!secret) throw notFound();
  const value = typeof given === 'string' ? given : '';
  if (!timingSafeEqual(digest(value), digest(secret))) throw unauthorized(unauthorizedText);
}

/** The token of an `Authorization: Bearer …` header; empty when the header is missing or of another scheme. */
export const bearerToken = (authorization: string | undefined): string =>
  /^Bearer (.+)$/.exec(authorization ?? '')?.[1] ?? '';
