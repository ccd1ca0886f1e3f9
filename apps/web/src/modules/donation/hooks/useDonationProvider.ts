import { DONATION_TEXTS, type DonationProviderToken } from '@mandato/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notifySuccess } from '../../../platform/ui/notify.ts';
import { getDonationProvider, saveDonationProviderToken } from '../api.ts';
import { donationKeys } from './donationKeys.ts';

/** Whether the account has a provider token, and whether the provider is the sandbox (issue 40). */
export function useDonationProvider() {
  return useQuery({
    queryKey: donationKeys.provider(),
    queryFn: ({ signal }) => getDonationProvider(signal),
    staleTime: 0,
  });
}

/** Saves the provider token; every donation query reads again (the module may open now). */
export function useSaveDonationProviderToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: DonationProviderToken) => saveDonationProviderToken(body),
    onSuccess: (status) => {
      notifySuccess(DONATION_TEXTS.provider.saved);
      client.setQueryData(donationKeys.provider(), status);
      void client.invalidateQueries({ queryKey: donationKeys.all });
    },
  });
}
