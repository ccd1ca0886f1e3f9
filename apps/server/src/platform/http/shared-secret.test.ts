import { MESSAGES } from '@mandato/domain';
import { describe, expect, it } from 'vitest';
import { AppError } from './errors.ts';
import { assertSharedSecret, bearerToken } from './shared-secret.ts';

const refusal = (run: () => void) => {
  try {
    run();
  } catch (error) {
    return error instanceof AppError ? { status: error.status, message: error.message } : error;
  }
  return null;
};

describe('assertSharedSecret', () => {
  it('lets the configured secret through', () => {
    expect(refusal(() => assertSharedSecret('s3gredo', 's3gredo', 'Não autorizado.'))).toBeNull();
  });

  it('answers 404 (no such endpoint) while the secret is not configured, whatever is given', () => {
    expect(refusal(() => assertSharedSecret(undefined, 'qualquer', 'Não autorizado.'))).toEqual({
      status: 404,
      message: MESSAGES.notFound,
    });
    expect(refusal(() => assertSharedSecret('', '', 'Não autorizado.'))).toMatchObject({ status: 404 });
  });

  it('answers 401 with the endpoint text to a missing, repeated, wrong or longer secret', () => {
    for (const given of [
      undefined,
      '',
      ['s3gredo', 's3gredo'],
      's3gred0',
      's3gredo ',
      `s3gredo${'x'.repeat(10_000)}`,
    ]) {
      expect(refusal(() => assertSharedSecret('s3gredo', given, 'Segredo inválido.'))).toEqual({
        status: 401,
        message: 'Segredo inválido.',
      });
    }
  });
});

describe('bearerToken', () => {
  it('reads the token of a Bearer header, empty for anything else', () => {
    expect(bearerToken('Bearer abc.def')).toBe('abc.def');
    expect(bearerToken(undefined)).toBe('');
    expect(bearerToken('Basic YWJj')).toBe('');
    expect(bearerToken('Bearer ')).toBe('');
  });
});
