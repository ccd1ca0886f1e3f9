import { randomBytes } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { Database } from '../db/engine.ts';
import { getOrCreateSetting } from '../db/settings.repository.ts';

export interface TokenClaims {
  /** user code */
  sub: string;
  /** tenant id */
  tid: string;
  /** user token version: bumped on password change/reset to end older sessions */
  ver: number;
}

export class TokenService {
  private constructor(
    private readonly key: Uint8Array,
    private readonly ttlSeconds: number,
  ) {}

  /** Uses JWT_SECRET, else a secret generated once and kept in the database (all instances share it). */
  static async create(db: Database, secret: string | undefined, ttlSeconds: number): Promise<TokenService> {
    if (secret) return new TokenService(new TextEncoder().encode(secret), ttlSeconds);
    const stored = await getOrCreateSetting(db, 'jwt_secret', () => randomBytes(48).toString('base64url'));
    return new TokenService(new TextEncoder().encode(stored), ttlSeconds);
  }

  async sign(claims: TokenClaims): Promise<{ token: string; expiresAt: Date }> {
    const expiresAt = new Date(Date.now() + this.ttlSeconds * 1000);
    const token = await new SignJWT({ tid: claims.tid, ver: claims.ver })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub)
      .setIssuedAt()
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(this.key);
    return { token, expiresAt };
  }

  /** The claims of a valid, unexpired token; undefined otherwise. */
  async verify(token: string): Promise<TokenClaims | undefined> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      if (
        typeof payload.sub !== 'string' ||
        typeof payload.tid !== 'string' ||
        typeof payload.ver !== 'number'
      ) {
        return undefined;
      }
      return { sub: payload.sub, tid: payload.tid, ver: payload.ver };
    } catch (error) {
      if (error instanceof errors.JOSEError) return undefined;
      throw error;
    }
  }
}
