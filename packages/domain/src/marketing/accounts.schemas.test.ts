import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_TEXTS,
  AccountsQuerySchema,
  AccountTypeParamsSchema,
  hasEnoughBalance,
  PlanGrantSchema,
} from './accounts.schemas.ts';

describe('hasEnoughBalance (spec 3 §4, §9)', () => {
  it('is insufficient when balance minus contacts is zero or less', () => {
    expect(hasEnoughBalance(100, 99)).toBe(true);
    expect(hasEnoughBalance(100, 100)).toBe(false);
    expect(hasEnoughBalance(100, 101)).toBe(false);
    expect(hasEnoughBalance(0, 0)).toBe(false);
  });

  it('is not possible while the balance or the contacts are unknown', () => {
    expect(hasEnoughBalance(undefined, 1)).toBe(false);
    expect(hasEnoughBalance(10, undefined)).toBe(false);
  });
});

describe('account schemas', () => {
  it('pages the history by 20 by default', () => {
    expect(AccountsQuerySchema.parse({})).toEqual({ page: 1, itemsPerPage: 20 });
    expect(AccountsQuerySchema.parse({ page: '2', type: 'SMS' })).toEqual({
      page: 2,
      itemsPerPage: 20,
      type: 'SMS',
    });
    expect(AccountsQuerySchema.safeParse({ itemsPerPage: 500 }).success).toBe(false);
    expect(AccountsQuerySchema.safeParse({ outro: 1 }).success).toBe(false);
  });

  it('takes only EMAIL or SMS as type, with a pt-BR message', () => {
    expect(AccountTypeParamsSchema.parse({ type: 'EMAIL' })).toEqual({ type: 'EMAIL' });
    const bad = AccountTypeParamsSchema.safeParse({ type: 'email' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe(ACCOUNT_TEXTS.invalidType);
  });

  it('grants positive integer credits and days', () => {
    expect(PlanGrantSchema.parse({ type: 'SMS', credits: '1000', days: '30' })).toEqual({
      type: 'SMS',
      credits: 1000,
      days: 30,
    });
    for (const credits of ['0', '-1', '1.5', 'mil']) {
      expect(PlanGrantSchema.safeParse({ type: 'SMS', credits, days: 30 }).success).toBe(false);
    }
    expect(PlanGrantSchema.safeParse({ type: 'SMS', credits: 1, days: 0 }).success).toBe(false);
  });
});
