import { describe, expect, it } from 'vitest';
import {
  asciiDomainName,
  DomainCreateSchema,
  MARKETING_TEXTS,
  MarketingLoginSchema,
} from './marketing.schemas.ts';

describe('asciiDomainName', () => {
  it('accepts host names and converts IDN to punycode', () => {
    expect(asciiDomainName('Exemplo.com.br')).toBe('exemplo.com.br');
    expect(asciiDomainName(' mail.exemplo.org. ')).toBe('mail.exemplo.org');
    expect(asciiDomainName('ação.com.br')).toBe('xn--ao-siap.com.br');
    expect(asciiDomainName('exemplo.xn--p1ai')).toBe('exemplo.xn--p1ai');
  });

  it.each([
    '',
    'localhost',
    '*.exemplo.com',
    '127.0.0.1',
    '10.0.0.1.2',
    'exemplo.com:25',
    'exemplo.com/x',
    'http://exemplo.com',
    'exe mplo.com',
    '-exemplo.com',
    'exemplo-.com',
    'exemplo..com',
    'exemplo.c0m1',
    `${'a'.repeat(64)}.com`,
    `${'abcdefghi.'.repeat(26)}com`,
    'exemplo.com\u0000',
    'a_b.com',
    '[::1]',
  ])('refuses %j', (name) => {
    expect(asciiDomainName(name)).toBeUndefined();
  });
});

describe('DomainCreateSchema', () => {
  it('gives the ASCII name', () => {
    expect(DomainCreateSchema.parse({ name: 'Exemplo.com' })).toEqual({ name: 'exemplo.com' });
  });

  it('refuses bad names and unknown keys in pt-BR', () => {
    const bad = DomainCreateSchema.safeParse({ name: '*.x.com' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe(MARKETING_TEXTS.invalidDomainName);
    expect(DomainCreateSchema.safeParse({ name: 'a.com', extra: 1 }).success).toBe(false);
    expect(DomainCreateSchema.safeParse({}).success).toBe(false);
  });
});

describe('MarketingLoginSchema', () => {
  it('takes the slug with or without the secret, nothing else', () => {
    expect(MarketingLoginSchema.safeParse({ slug: 'demo' }).success).toBe(true);
    expect(MarketingLoginSchema.safeParse({ slug: 'demo', secret: 's' }).success).toBe(true);
    expect(MarketingLoginSchema.safeParse({ slug: 'demo', other: 1 }).success).toBe(false);
  });
});
