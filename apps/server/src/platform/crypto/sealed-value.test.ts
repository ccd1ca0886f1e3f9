import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { seal, unseal } from './sealed-value.ts';

const master = createHash('sha256').update('chave-de-teste', 'utf8').digest();

describe('sealed values', () => {
  it('opens a DKIM key sealed before the helper was generalised (the marketing DKIM purpose)', () => {
    // made by the former marketing-crypto encrypt(master, plain, '7:exemplo.com.br')
    const before =
      'v1:tMJ7VW968MCvLnCZ:zMUKhLgBJhrMXeObpax9Ww==:CyumnVA5cq3B7obAHnjVHG9XdEdVxnKtK2fmjd30R4E=';
    expect(unseal(master, 'dkim-private-key', before, '7:exemplo.com.br')).toBe(
      '-----BEGIN PRIVATE KEY-----\nabc\n',
    );
  });

  it('never opens a value under another purpose, another aad, another key or changed', () => {
    const sealed = seal(master, 'donation-provider-token', 'token-secreto', '12');
    expect(sealed).not.toContain('token-secreto');
    expect(unseal(master, 'donation-provider-token', sealed, '12')).toBe('token-secreto');
    expect(() => unseal(master, 'dkim-private-key', sealed, '12')).toThrow();
    expect(() => unseal(master, 'donation-provider-token', sealed, '13')).toThrow();
    const other = createHash('sha256').update('outra', 'utf8').digest();
    expect(() => unseal(other, 'donation-provider-token', sealed, '12')).toThrow();
    const [v, iv, tag, data] = sealed.split(':');
    const flipped = Buffer.from(data as string, 'base64');
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(() =>
      unseal(master, 'donation-provider-token', [v, iv, tag, flipped.toString('base64')].join(':'), '12'),
    ).toThrow();
    expect(() => unseal(master, 'donation-provider-token', 'v2:a:b:c', '12')).toThrow(
      'valor cifrado inválido',
    );
  });
});
