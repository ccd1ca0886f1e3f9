import {
  DONATION_TEXTS,
  type DonationCampaignSave,
  type DonationListQuery,
  type DonationPoliticianStepInput,
  type DonationProviderToken,
  MESSAGES,
} from '@mandato/domain';
import { typedApi } from '../../platform/api/api.ts';
import type { BodyOf } from '../../platform/api/typedClient.ts';

/** Wizard step 2 as the API takes it (the party is one of the initials the document lists). */
export type CandidacyStepBody = BodyOf<'put', '/donations/onboarding/candidacy'>;

const T = DONATION_TEXTS.messages;
const saving = (errorText: string) => ({ errorText, debounceMs: 0 });

/** GET /api/donations/onboarding: the state (asks the provider while awaiting approval). */
export const getOnboarding = (signal?: AbortSignal) =>
  typedApi.get('/donations/onboarding', { signal, errorText: T.politicianError });

/** PUT /api/donations/onboarding/politician (wizard step 1, saved as the politician record). */
export const savePoliticianStep = (body: DonationPoliticianStepInput) =>
  typedApi.put('/donations/onboarding/politician', { body, ...saving(T.politicianSaveError) });

/** PUT /api/donations/onboarding/candidacy (wizard step 2). */
export const saveCandidacyStep = (body: CandidacyStepBody) =>
  typedApi.put('/donations/onboarding/candidacy', { body, ...saving(T.politicianSaveError) });

/** PUT /api/donations/onboarding/photo: the multipart field `file` (wizard step 3). */
export function uploadPhoto(file: File) {
  const form = new FormData();
  form.append('file', file);
  return typedApi.uploadPut('/donations/onboarding/photo', form, saving(T.politicianSaveError));
}

/** GET /api/donations/onboarding/photo: the stored photo's bytes (the session is a header, not a cookie). */
export const getPhoto = (signal?: AbortSignal) =>
  typedApi.getBlob('/donations/onboarding/photo', { signal, notifyError: false });

/** POST /api/donations/onboarding/confirm: sends the candidate to the provider (wizard step 4). */
export const confirmOnboarding = () =>
  typedApi.post('/donations/onboarding/confirm', saving(T.candidateSaveError));

/** GET /api/donations/options: the provider's parties and offices (or the domain's lists). */
export const getDonationOptions = (signal?: AbortSignal) =>
  typedApi.get('/donations/options', { signal, notifyError: false });

/** GET /api/sys-admin/donation-provider: whether the account has a provider token (Configurações, issue 40). */
export const getDonationProvider = (signal?: AbortSignal) =>
  typedApi.get('/sys-admin/donation-provider', { signal, errorText: DONATION_TEXTS.provider.loadError });

/** PUT /api/sys-admin/donation-provider/token: the account's provider token, sealed by the server. */
export const saveDonationProviderToken = (body: DonationProviderToken) =>
  typedApi.put('/sys-admin/donation-provider/token', { body, ...saving(MESSAGES.ops) });

/** GET /api/donations/campaigns */
export const listCampaigns = (signal?: AbortSignal) =>
  typedApi.get('/donations/campaigns', { signal, errorText: T.campaignsError });

/** POST /api/donations/campaigns ('Nova Campanha') or PUT /api/donations/campaigns/{token} ('Editar campanha'). */
export const saveCampaign = (body: DonationCampaignSave, token?: string) =>
  token
    ? typedApi.put('/donations/campaigns/{token}', { path: { token }, body, ...saving(T.campaignSaveError) })
    : typedApi.post('/donations/campaigns', { body, ...saving(T.campaignSaveError) });

/** GET /api/donations/campaigns/{token}/donations: one page, sorted on the server. */
export const listDonations = (token: string, query: DonationListQuery, signal?: AbortSignal) =>
  typedApi.get('/donations/campaigns/{token}/donations', {
    path: { token },
    query,
    signal,
    errorText: T.donationsError,
  });

/** GET /api/donations/campaigns/{token}/donations/export: the CSV file. */
export const exportDonations = (token: string) =>
  typedApi.getBlob('/donations/campaigns/{token}/donations/export', {
    path: { token },
    errorText: T.donationsError,
    debounceMs: 0,
  });
