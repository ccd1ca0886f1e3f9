import { describe, expect, it } from 'vitest';
import { PRIVACY_WEB_TEXTS, privacyLabel, shortTermsHash } from './privacy-web.texts.ts';

describe('privacy web texts', () => {
  it('states the 15-day clock: days left, due today, overdue', () => {
    expect(PRIVACY_WEB_TEXTS.daysLeft(12)).toBe('12 dia(s) restante(s)');
    expect(PRIVACY_WEB_TEXTS.daysLeft(0)).toBe('Vence hoje');
    expect(PRIVACY_WEB_TEXTS.daysLeft(-3)).toBe('Atrasada há 3 dia(s)');
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
