import { ACCOUNT_HISTORY_PAGE_SIZE, ACCOUNT_TEXTS, type MarketingAccountType } from '@mandato/domain';
import { mktApi } from './mktClient.ts';

/** GET /api/mkt/accounts/balance/{type} */
export const getMarketingBalance = (type: MarketingAccountType, signal?: AbortSignal) =>
  mktApi.get('/mkt/accounts/balance/{type}', {
    path: { type },
    signal,
    errorText: ACCOUNT_TEXTS.balanceError,
  });

/** GET /api/mkt/accounts (the history, 20 per page) */
export const listMarketingAccounts = (page: number, signal?: AbortSignal) =>
  mktApi.get('/mkt/accounts', {
    query: { page, itemsPerPage: ACCOUNT_HISTORY_PAGE_SIZE },
    signal,
    errorText: ACCOUNT_TEXTS.accountsError,
  });

/** GET /api/mkt/recurrent-plans (the active plans) */
export const listRecurrentPlans = (signal?: AbortSignal) =>
  mktApi.get('/mkt/recurrent-plans', { signal, errorText: ACCOUNT_TEXTS.plansError });
