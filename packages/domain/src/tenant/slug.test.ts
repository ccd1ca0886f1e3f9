import '../common/zod-locale.ts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEMO } from '../common/constants.ts';
import { MESSAGES } from '../common/messages.ts';
import {
  isTenantSlug,
  normaliseTenantSlug,
  SLUG_MAX_LENGTH,
  SLUG_PATTERN,
  SLUG_PATTERN_SOURCE,
  TENANT_MESSAGES,
  TenantSlugSchema,
} from './slug.ts';

describe('tenant slug', () => {
  it('2 to 63 lowercase letters, digits or hyphens, not starting with a hyphen', () => {
    for (const ok of ['demo', DEMO.slug, 'ab', 'camara-sp', '9abc', 'a-', 'a'.repeat(SLUG_MAX_LENGTH)])
      expect(isTenantSlug(ok), ok).toBe(true);
    for (const bad of [
      'a',
      '',
      '-demo',
      'Demo',
      'de mo',
      'demo_1',
      'câmara',
      'a'.repeat(64),
      ' demo',
      'demo\n',
      7,
      null,
    ])
      expect(isTenantSlug(bad), JSON.stringify(bad)).toBe(false);
  });

  it('the anchored pattern is built from the source other patterns embed', () => {
    expect(SLUG_PATTERN.source).toBe(`^${SLUG_PATTERN_SOURCE}$`);
    const token = new RegExp(`^(${SLUG_PATTERN_SOURCE})\\.([A-Za-z0-9_-]{43})$`);
    expect(token.exec(`demo.${'x'.repeat(43)}`)?.[1]).toBe('demo');
    // a stateless pattern: testing twice answers the same
    expect([SLUG_PATTERN.test('demo'), SLUG_PATTERN.test('demo')]).toEqual([true, true]);
  });

  it('what people type is trimmed and lower-cased first', () => {
    expect(normaliseTenantSlug('  Demo ')).toBe('demo');
    expect(TenantSlugSchema.parse(' Camara-SP ')).toBe('camara-sp');
    expect(TenantSlugSchema.safeParse('camara sp').error?.issues.map((i) => i.message)).toEqual([
      TENANT_MESSAGES.invalidSlug,
    ]);
    expect(TenantSlugSchema.safeParse(undefined).error?.issues.map((i) => i.message)).toEqual([
      MESSAGES.required,
    ]);
    expect(TenantSlugSchema.safeParse(12).error?.issues.map((i) => i.message)).toEqual([
      TENANT_MESSAGES.invalidSlug,
    ]);
  });

  it('the schema accepts exactly the normalised strings isTenantSlug accepts (property)', () => {
    const chars = fc.constantFrom(...'abcXYZ09-_ .ç'.split(''));
    fc.assert(
      fc.property(
        fc.array(chars, { maxLength: 70 }).map((cs) => cs.join('')),
        (raw) => {
          expect(TenantSlugSchema.safeParse(raw).success).toBe(isTenantSlug(normaliseTenantSlug(raw)));
        },
      ),
    );
  });

  it('operator texts', () => {
    expect(TENANT_MESSAGES.invalidPlan('GOLD')).toBe(
      'Plano inválido: GOLD. Use FREE, TRIAL, BASIC, IDEAL ou PREMIUM',
    );
    expect(TENANT_MESSAGES.slugTaken('demo')).toBe('Já existe um tenant com o slug demo');
    expect(TENANT_MESSAGES.notFound('x')).toBe('Tenant não encontrado: x');
  });
});
