import { describe, expect, it } from 'vitest';
import { tenantInitials } from './tenantInitials.ts';

describe('tenantInitials', () => {
  it('takes the first letters of the first two words, skipping connectors', () => {
    expect(tenantInitials('Mandato Demo')).toBe('MD');
    expect(tenantInitials('Gabinete do Vereador João')).toBe('GV');
    expect(tenantInitials('Demo')).toBe('D');
    expect(tenantInitials('ação popular')).toBe('AP');
    expect(tenantInitials('  Éden — 2024 ')).toBe('É2');
  });

  it('never comes back empty', () => {
    expect(tenantInitials('')).toBe('?');
    expect(tenantInitials(' — ')).toBe('?');
    expect(tenantInitials('de da do')).toBe('?');
  });
});
