import { describe, expect, it } from 'vitest';
import { ACCOUNT_PATH, matchAdminItem } from './adminSections.ts';

describe('matchAdminItem', () => {
  it('picks the sub-route by path with the account view as fallback', () => {
    expect(matchAdminItem('mkt/remetentes')).toBe('mkt/remetentes');
    expect(matchAdminItem('/sistema/form-padrinho/')).toBe('sistema/form-padrinho');
    expect(matchAdminItem('')).toBe(ACCOUNT_PATH);
    expect(matchAdminItem('qualquer')).toBe(ACCOUNT_PATH);
  });
});
