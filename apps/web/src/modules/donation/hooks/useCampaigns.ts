import { DONATION_TEXTS, type DonationCampaignSave, type DonationListQuery } from '@mandato/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { saveBlob } from '../../../platform/ui/download.ts';
import { notifySuccess } from '../../../platform/ui/notify.ts';
import { exportDonations, listCampaigns, listDonations, saveCampaign } from '../api.ts';
import { donationKeys } from './donationKeys.ts';

export function useCampaigns(enabled = true) {
  return useQuery({
    queryKey: donationKeys.campaigns(),
    // not cancelled on a remount, as the onboarding read (useOnboarding)
    queryFn: () => listCampaigns(),
    enabled,
    staleTime: 0,
    retry: false,
  });
}

/** One page of a campaign's donations with the paid totals (sorted and paged on the server). */
export function useDonations(token: string, query: DonationListQuery) {
  return useQuery({
    queryKey: donationKeys.donations(token, query.page, query.itemsPerPage, query.orderBy, query.ascending),
    queryFn: ({ signal }) => listDonations(token, query, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
    retry: false,
  });
}

export function useSaveCampaign() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, token }: { body: DonationCampaignSave; token?: string }) =>
      saveCampaign(body, token),
    onSuccess: () => {
      notifySuccess(DONATION_TEXTS.messages.campaignSaved);
      void client.invalidateQueries({ queryKey: donationKeys.campaigns() });
    },
  });
}

export function useExportDonations() {
  return useMutation({
    mutationFn: async (token: string) => saveBlob(await exportDonations(token), `doacoes-${token}.csv`),
  });
}
