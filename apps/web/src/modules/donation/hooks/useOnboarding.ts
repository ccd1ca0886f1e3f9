import { DONATION_TEXTS, type DonationOnboarding, type DonationPoliticianStepInput } from '@mandato/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notifySuccess } from '../../../platform/ui/notify.ts';
import {
  type CandidacyStepBody,
  confirmOnboarding,
  getDonationOptions,
  getOnboarding,
  getPhoto,
  saveCandidacyStep,
  savePoliticianStep,
  uploadPhoto,
} from '../api.ts';
import { donationKeys } from './donationKeys.ts';

/** While awaiting approval the server asks the provider on each read: look again now and then. */
const AWAITING_REFRESH_MS = 10_000;

/**
 * The onboarding state. Its read is not cancelled when the screen remounts (no abort signal): a
 * cancelled read whose answer a remounted screen was waiting for left the page on its spinner.
 */
export function useOnboarding() {
  return useQuery({
    queryKey: donationKeys.onboarding(),
    queryFn: () => getOnboarding(),
    staleTime: 0,
    retry: false,
    refetchInterval: (query) =>
      query.state.data?.state === 'AWAITING_APPROVAL' ? AWAITING_REFRESH_MS : false,
  });
}

/** The stored photo as an object URL (the answer needs the session header, so no plain <img src>). */
export function useStoredPhoto(url: string | undefined) {
  return useQuery({
    queryKey: donationKeys.photo(url ?? ''),
    queryFn: async ({ signal }) => URL.createObjectURL(await getPhoto(signal)),
    enabled: url !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

export function useDonationOptions() {
  return useQuery({
    queryKey: donationKeys.options(),
    queryFn: ({ signal }) => getDonationOptions(signal),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

function useSetOnboarding() {
  const client = useQueryClient();
  return (next: DonationOnboarding) => client.setQueryData(donationKeys.onboarding(), next);
}

export function useSavePoliticianStep() {
  return useMutation({
    mutationFn: (body: DonationPoliticianStepInput) => savePoliticianStep(body),
    onSuccess: () => notifySuccess(DONATION_TEXTS.politician.ok),
  });
}

export function useSaveCandidacyStep() {
  return useMutation({ mutationFn: (body: CandidacyStepBody) => saveCandidacyStep(body) });
}

export function useUploadPhoto() {
  return useMutation({ mutationFn: (file: File) => uploadPhoto(file) });
}

export function useConfirmOnboarding() {
  const setOnboarding = useSetOnboarding();
  return useMutation({
    mutationFn: () => confirmOnboarding(),
    onSuccess: (onboarding: DonationOnboarding) => {
      notifySuccess(DONATION_TEXTS.messages.registered);
      setOnboarding(onboarding);
    },
  });
}
