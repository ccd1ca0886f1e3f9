import { describe, expect, it } from 'vitest';
import { canAccess } from '../access/modules.ts';
import { QUICK_ACTIONS_RULE, quickSearchPhone } from './quick-search.ts';

const tenant = { hasMarketingSecret: false, planId: 'FREE' as const, enableAddressRevalidation: false };

describe('quickSearchPhone', () => {
  it('is the digits of a text typed as a phone, with or without mask, from 4 digits on', () => {
    expect(quickSearchPhone('98498-4562')).toBe('984984562');
    expect(quickSearchPhone(' 984984562 ')).toBe('984984562');
    expect(quickSearchPhone('(61) 98498.4562')).toBe('61984984562');
    expect(quickSearchPhone('4562')).toBe('4562');
    expect(quickSearchPhone('45-62')).toBe('4562');
    expect(quickSearchPhone('0123')).toBe('0123');
  });

  it('drops the country code and a trunk 0 ahead of a full number', () => {
    expect(quickSearchPhone('+55 61 98498-4562')).toBe('61984984562');
    expect(quickSearchPhone('+55 (61) 3333-4444')).toBe('6133334444');
    expect(quickSearchPhone('5561984984562')).toBe('61984984562');
    expect(quickSearchPhone('556133334444')).toBe('6133334444');
    expect(quickSearchPhone('+55 9849')).toBe('9849');
    expect(quickSearchPhone('0 61 98498-4562')).toBe('61984984562');
    expect(quickSearchPhone('(061) 3333-4444')).toBe('6133334444');
    // 55 ahead of a national-length number is its area code (Rio Grande do Sul)
    expect(quickSearchPhone('55 99999-0000')).toBe('55999990000');
  });

  it('is null for fewer than 4 digits or a text that is not a phone', () => {
    expect(quickSearchPhone('562')).toBeNull();
    expect(quickSearchPhone('(61) 9')).toBeNull();
    expect(quickSearchPhone('+55 61')).toBeNull();
    expect(quickSearchPhone('')).toBeNull();
    expect(quickSearchPhone('maria1980')).toBeNull();
    expect(quickSearchPhone('joana@4562.com')).toBeNull();
    expect(quickSearchPhone('4562\u0000')).toBeNull();
  });
});

describe('QUICK_ACTIONS_RULE', () => {
  it('needs the CRM module and ROLE_CRM', () => {
    expect(canAccess({ permissions: ['ROLE_CRM'], tenant }, QUICK_ACTIONS_RULE)).toBe(true);
    expect(canAccess({ permissions: ['ROLE_TEAM'], tenant }, QUICK_ACTIONS_RULE)).toBe(false);
    expect(canAccess({ permissions: [], tenant }, QUICK_ACTIONS_RULE)).toBe(false);
  });
});
