import { describe, expect, it } from 'vitest';
import { hashPassword } from './hashPassword.ts';

describe('hashPassword', () => {
  it('is the lowercase hex SHA-256', async () => {
    expect(await hashPassword('mandato123')).toMatch(/^[0-9a-f]{64}$/);
    expect(await hashPassword('abc')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });
});
