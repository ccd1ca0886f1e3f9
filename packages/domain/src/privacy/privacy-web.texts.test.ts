import { describe, expect, it } from 'vitest';
import { PRIVACY_WEB_TEXTS, privacyLabel, shortTermsHash } from './privacy-web.texts.ts';

describe('privacy web texts', () => {
  it('states the 15-day clock: days left, due today, overdue, singular or plural by the number (issue 40)', () => {
    expect(PRIVACY_WEB_TEXTS.daysLeft(15)).toBe('15 dias restantes');
    expect(PRIVACY_WEB_TEXTS.daysLeft(2)).toBe('2 dias restantes');
    expect(PRIVACY_WEB_TEXTS.daysLeft(1)).toBe('1 dia restante');
    expect(PRIVACY_WEB_TEXTS.daysLeft(0)).toBe('Vence hoje');
    expect(PRIVACY_WEB_TEXTS.daysLeft(-1)).toBe('Atrasada há 1 dia');
    expect(PRIVACY_WEB_TEXTS.daysLeft(-3)).toBe('Atrasada há 3 dias');
    expect(PRIVACY_WEB_TEXTS.daysLeft(1200)).toBe('1.200 dias restantes');
  });

  it('labels a known value and shows an unknown one as itself, prototype names included', () => {
    expect(privacyLabel(PRIVACY_WEB_TEXTS.labels.kind, 'ACCESS')).toBe('Acesso aos dados');
    expect(privacyLabel(PRIVACY_WEB_TEXTS.labels.kind, 'NEW_KIND')).toBe('NEW_KIND');
    expect(privacyLabel(PRIVACY_WEB_TEXTS.labels.kind, 'toString')).toBe('toString');
    expect(privacyLabel(PRIVACY_WEB_TEXTS.labels.kind, '__proto__')).toBe('__proto__');
  });

  it('shortens a terms hash to 12 characters', () => {
    expect(shortTermsHash('a'.repeat(64))).toBe(`${'a'.repeat(12)}…`);
    expect(shortTermsHash('abc')).toBe('abc');
  });
});
