import { describe, expect, it } from 'vitest';
import { canAccess } from '../access/modules.ts';
import { expressionErrors, FilterExpressionSchema } from '../filter/expression.ts';
import { QUICK_ACTIONS_RULE, quickSearchExpression } from './quick-search.ts';

const tenant = { hasMarketingSecret: false, planId: 'FREE' as const, enableAddressRevalidation: false };

describe('quickSearchExpression', () => {
  it('is null for empty text', () => {
    expect(quickSearchExpression('')).toBeNull();
    expect(quickSearchExpression('   ')).toBeNull();
  });

  it('searches a part of the name, the start of the e-mail, and the cellphone digits from 3 on', () => {
    expect(quickSearchExpression(' maria ')).toEqual([
      {
        units: [
          { field: 'name', operator: 'CONTAINS', values: ['maria'] },
          'OR',
          { field: 'email', operator: 'STARTS_WITH', values: ['maria'] },
        ],
      },
    ]);
    const phone = quickSearchExpression('(61) 9 88');
    expect(phone?.[0]).toMatchObject({
      units: [{ field: 'email' }, 'OR', { field: 'cellphone', operator: 'STARTS_WITH', values: ['61988'] }],
    });
    expect(quickSearchExpression('a1')?.[0]).toMatchObject({ units: { length: 3 } });
  });

  it('is a valid PERSON expression, long text cut to the value limit', () => {
    for (const text of ['ana', 'ana@x.com', '61 99999-0000', 'x'.repeat(500)]) {
      const expression = quickSearchExpression(text);
      expect(expression).not.toBeNull();
      expect(FilterExpressionSchema.safeParse(expression).success).toBe(true);
      expect(expressionErrors('PERSON', expression ?? [])).toEqual([]);
    }
  });

  it('needs the CRM module and ROLE_CRM', () => {
    expect(canAccess({ permissions: ['ROLE_CRM'], tenant }, QUICK_ACTIONS_RULE)).toBe(true);
    expect(canAccess({ permissions: ['ROLE_TEAM'], tenant }, QUICK_ACTIONS_RULE)).toBe(false);
    expect(canAccess({ permissions: [], tenant }, QUICK_ACTIONS_RULE)).toBe(false);
  });
});
