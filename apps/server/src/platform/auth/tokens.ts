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
  /** session id (sessions row): logout revokes it */
  sid: string;
}

/** Tokens whose signature was checked, kept until they expire (bounded, oldest out first). */
const VERIFIED_MAX = 10_000;

export class TokenService {
  private readonly verified = new Map<string, { claims: TokenClaims; expiresAt: number }>();

  /**
   * `audience`: tokens of another service signed the same way (the marketing token); each service
   * has its own key and audience, so one's token is never the other's.
   */
  constructor(
    private readonly key: Uint8Array,
    private readonly ttlSeconds: number,
    private readonly audience?: string,
  ) {}

  /** Uses JWT_SECRET, else a secret generated once and kept in the database (all instances share it). */
  static async create(db: Database, secret: string | undefined, ttlSeconds: number): Promise<TokenService> {
    if (secret) return new TokenService(new TextEncoder().encode(secret), ttlSeconds);
    const stored = await getOrCreateSetting(db, 'jwt_secret', () => randomBytes(48).toString('base64url'));
    return new TokenService(new TextEncoder().encode(stored), ttlSeconds);
  }

  async sign(claims: TokenClaims): Promise<{ token: string; expiresAt: Date }> {
    const expiresAt = new Date(Date.now() + this.ttlSeconds * 1000);
    const jwt = new SignJWT({ tid: claims.tid, ver: claims.ver, sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub)
      .setIssuedAt()
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000));
    const token = await (this.audience ? jwt.setAudience(this.audience) : jwt).sign(this.key);
    return { token, expiresAt };
  }

  /**
   * The claims of a valid, unexpired token; undefined otherwise. A signature once checked is not
   * checked again until the token expires (every API call presents the same token); whether the
   * session still holds — session not revoked, user active, token version — is the caller's check
   * against the database on every call (bind_tenant_session), so a revoked token cached here is
   * still refused.
   */
  async verify(token: string): Promise<TokenClaims | undefined> {
    const known = this.verified.get(token);
    if (known) {
      if (known.expiresAt > Date.now()) return known.claims;
      this.verified.delete(token);
      return undefined;
    }
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        ...(this.audience ? { audience: this.audience } : {}),
      });
      if (
        typeof payload.sub !== 'string' ||
        typeof payload.tid !== 'string' ||
        typeof payload.ver !== 'number' ||
        typeof payload.sid !== 'string' ||
        typeof payload.exp !== 'number'
      ) {
        return undefined;
      }
      const claims = { sub: payload.sub, tid: payload.tid, ver: payload.ver, sid: payload.sid };
      if (this.verified.size >= VERIFIED_MAX)
        this.verified.delete(this.verified.keys().next().value as string);
      this.verified.set(token, { claims, expiresAt: payload.exp * 1000 });
      return claims;
    } catch (error) {
      if (error instanceof errors.JOSEError) return undefined;
      throw error;
    }
  }
}
