import { describe, expect, it } from 'vitest';
import { decryptJson, encryptJson, generateSessionKey } from './crypto.ts';

describe('session encryption (AES-GCM)', () => {
  it('round-trips a JSON value and never stores it in clear', async () => {
    const key = await generateSessionKey();
    const value = { token: 'segredo-123', user: { name: 'Ana Lúcia' }, list: [1, 2] };
    const payload = await encryptJson(key, value);
    expect(payload).not.toContain('segredo');
    expect(payload.startsWith('v1.')).toBe(true);
    await expect(decryptJson(key, payload)).resolves.toEqual(value);
  });

  it('uses a fresh IV each time', async () => {
    const key = await generateSessionKey();
    expect(await encryptJson(key, 'x')).not.toBe(await encryptJson(key, 'x'));
  });

  it('refuses another key or a tampered payload', async () => {
    const payload = await encryptJson(await generateSessionKey(), { a: 1 });
    await expect(decryptJson(await generateSessionKey(), payload)).rejects.toThrow();
    await expect(decryptJson(await generateSessionKey(), 'v2.x.y')).rejects.toThrow();
  });

  it('generates non-extractable keys', async () => {
    const key = await generateSessionKey();
    expect(key.extractable).toBe(false);
  });
});
