import {
  ACCOUNT_HISTORY_PAGE_SIZE,
  ACCOUNT_TEXTS,
  type ListAnswer,
  type MarketingAccount,
  type MarketingAccountType,
  type MarketingBalance,
  type MarketingPlan,
} from '@mandato/domain';
import { mkt } from './mktClient.ts';

/** GET /api/mkt/accounts/balance/{type} */
export const getMarketingBalance = (type: MarketingAccountType, signal?: AbortSignal) =>
  mkt.get<MarketingBalance>(`/mkt/accounts/balance/${type}`, undefined, {
    signal,
    errorText: ACCOUNT_TEXTS.balanceError,
  });

/** GET /api/mkt/accounts (the history, 20 per page) */
export const listMarketingAccounts = (page: number, signal?: AbortSignal) =>
  mkt.get<ListAnswer<MarketingAccount>>(
    '/mkt/accounts',
    { page, itemsPerPage: ACCOUNT_HISTORY_PAGE_SIZE },
    { signal, errorText: ACCOUNT_TEXTS.accountsError },
  );

/** GET /api/mkt/recurrent-plans (the active plans) */
export const listRecurrentPlans = (signal?: AbortSignal) =>
  mkt.get<ListAnswer<MarketingPlan>>('/mkt/recurrent-plans', undefined, {
    signal,
    errorText: ACCOUNT_TEXTS.plansError,
  });
