import { useQuery } from '@tanstack/react-query';
import { tenantKeys } from '../../../platform/tenant/tenantKeys.ts';
import { getPlanConsumption } from '../api.ts';

/** The plan's consumption of the tenant (the same cache entry as the contact-plan banner's). */
export function usePlanConsumption(slug: string | undefined) {
  return useQuery({
    queryKey: tenantKeys.planConsumption(slug),
    queryFn: ({ signal }) => getPlanConsumption(signal),
  });
}
