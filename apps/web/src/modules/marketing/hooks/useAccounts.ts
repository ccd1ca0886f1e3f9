import type { MarketingAccountType } from '@mandato/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getMarketingBalance, listMarketingAccounts, listRecurrentPlans } from '../accountsApi.ts';
import { marketingKeys } from './marketingKeys.ts';

/** The balance of a type (people); the shot editors read it too. */
export function useMarketingBalance(type: MarketingAccountType) {
  return useQuery({
    queryKey: marketingKeys.accounts('balance', type),
    queryFn: ({ signal }) => getMarketingBalance(type, signal),
    staleTime: 0,
  });
}

/** A page of the history of periods (20 per page, from the server). */
export function useMarketingAccounts(page: number) {
  return useQuery({
    queryKey: marketingKeys.accounts('history', page),
    queryFn: ({ signal }) => listMarketingAccounts(page, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useRecurrentPlans() {
  return useQuery({
    queryKey: marketingKeys.accounts('plans'),
    queryFn: ({ signal }) => listRecurrentPlans(signal),
    staleTime: 0,
  });
}
