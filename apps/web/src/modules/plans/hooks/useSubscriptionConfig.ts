import { useQuery } from '@tanstack/react-query';
import { getSubscriptionConfig } from '../api.ts';
import { plansKeys } from './plansKeys.ts';

/** The server's purchase page and sales address (they change only with its configuration). */
export function useSubscriptionConfig() {
  return useQuery({
    queryKey: plansKeys.subscription(),
    queryFn: ({ signal }) => getSubscriptionConfig(signal),
    staleTime: 5 * 60_000,
  });
}
