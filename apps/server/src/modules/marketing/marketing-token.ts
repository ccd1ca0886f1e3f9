import { errors, jwtVerify, SignJWT } from 'jose';
import type { AppContext } from '../../platform/app-context.ts';
import type { TokenClaims } from '../../platform/auth/tokens.ts';
import { marketingKey, subKey } from './marketing-crypto.ts';

const AUDIENCE = 'mandato-mkt';

/**
 * The marketing service token (spec 3 §7.1): a short-lived JWT bound to the user's session (same
 * claims as the session token: user, tenant, token version, session id) with its own audience and
 * key, so a session token is never a marketing token nor the reverse. Logging out or changing the
 * password ends it too: every call re-reads the live session (withMarketingAuth).
 */
export async function signMarketingToken(
  app: Pick<AppContext, 'db' | 'config'>,
  claims: TokenClaims,
): Promise<{ token: string; expiresAt: Date }> {
  const key = subKey(await marketingKey(app), 'marketing-token');
  const expiresAt = new Date(Date.now() + app.config.marketing.tokenTtlSeconds * 1000);
  const token = await new SignJWT({ tid: claims.tid, ver: claims.ver, sid: claims.sid })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.sub)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(key);
  return { token, expiresAt };
}

export async function verifyMarketingToken(
  app: Pick<AppContext, 'db' | 'config'>,
  token: string,
): Promise<TokenClaims | undefined> {
  const key = subKey(await marketingKey(app), 'marketing-token');
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], audience: AUDIENCE });
    if (
      typeof payload.sub !== 'string' ||
      typeof payload.tid !== 'string' ||
      typeof payload.ver !== 'number' ||
      typeof payload.sid !== 'string'
    ) {
      return undefined;
    }
    return { sub: payload.sub, tid: payload.tid, ver: payload.ver, sid: payload.sid };
  } catch (error) {
    if (error instanceof errors.JOSEError) return undefined;
    throw error;
  }
}
