import { SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '../db/engine.ts';
import { TokenService } from './tokens.ts';

const claims = {
  sub: '0b0c8f3e-2f59-4a55-9d7e-6f7d8f9e0a1b',
  tid: '7',
  ver: 2,
  sid: '5d1e9c2a-8b7f-4e3d-9a6c-1f2e3d4c5b6a',
};
const service = (ttlSeconds = 60) =>
  TokenService.create(
    undefined as unknown as Database,
    'segredo-de-teste-com-mais-de-32-caracteres',
    ttlSeconds,
  );

describe('TokenService', () => {
  afterEach(() => vi.useRealTimers());

  it('answers the claims of its own tokens, also when asked again', async () => {
    const tokens = await service();
    const { token } = await tokens.sign(claims);
    expect(await tokens.verify(token)).toEqual(claims);
    expect(await tokens.verify(token)).toEqual(claims);
  });

  it('refuses tampered tokens and tokens of another secret', async () => {
    const tokens = await service();
    const { token } = await tokens.sign(claims);
    const [head, body, signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...claims, tid: '8', exp: 9_999_999_999 })).toString(
      'base64url',
    );
    expect(await tokens.verify(`${head}.${forged}.${signature}`)).toBeUndefined();
    expect(await tokens.verify(`${head}.${body}.${signature?.slice(0, -2)}xx`)).toBeUndefined();
    const other = await TokenService.create(
      undefined as unknown as Database,
      'outro-segredo-com-mais-de-32-caracteres',
      60,
    );
    expect(await other.verify(token)).toBeUndefined();
  });

  it('refuses a token without a session id (issued before server-side sessions)', async () => {
    const token = await new SignJWT({ tid: claims.tid, ver: claims.ver })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub)
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('segredo-de-teste-com-mais-de-32-caracteres'));
    expect(await (await service()).verify(token)).toBeUndefined();
  });

  it('refuses a token once it expires, even one already checked', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-22T12:00:00Z') });
    const tokens = await service(60);
    const { token } = await tokens.sign(claims);
    expect(await tokens.verify(token)).toEqual(claims);
    vi.setSystemTime(new Date('2026-11-22T12:01:01Z'));
    expect(await tokens.verify(token)).toBeUndefined();
    expect(await tokens.verify(token)).toBeUndefined();
  });
});
