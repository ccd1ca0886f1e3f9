import {
  POLITICAL_OFFICE_LABELS,
  POLITICAL_PARTIES,
  type PoliticalParty,
  PROVIDER_OFFICES,
  type ProviderOffice,
} from '../politicians/politicians.constants.ts';

/** Spec 3 §5 campaign and photo rules, §9 donation constants. Money in integer cents. */
export const DONATION_LIMITS = {
  minCents: 500,
  maxDailyCents: 106_400,
  defaultSuggestedCents: 5_000,
  photoMaxBytes: 1_048_576,
  photoTypes: ['image/jpeg', 'image/png'],
  /** the donations of one campaign we list and export at most (the provider answers them all at once) */
  invoicesPerCampaign: 10_000,
} as const;

/** What a new campaign starts with (spec 3 §5: minimum 5, maximum 1064, suggested 50, active). */
export const DONATION_CAMPAIGN_DEFAULTS = {
  active: true,
  minCents: DONATION_LIMITS.minCents,
  maxCents: DONATION_LIMITS.maxDailyCents,
  suggestedCents: DONATION_LIMITS.defaultSuggestedCents,
} as const;

/** Width of the donations side menu (spec 3 §2.5, §9). */
export const DONATION_SIDE_MENU_WIDTH = 275;

/** Page sizes of the donations table. */
export const DONATION_PAGE_SIZES = [10, 20, 50] as const;

/**
 * The §3 enumeration of parties when the provider's `partidos` cannot be read: the one list of
 * politicians.constants (32 parties, UP and the merged parties with `selectable: false`).
 */
export const DONATION_PARTIES_FALLBACK: readonly PoliticalParty[] = POLITICAL_PARTIES;

/** The §3 offices when the provider's `tipos_candidatura` cannot be read; id is the position. */
export const DONATION_OFFICES_FALLBACK: readonly { id: number; office: ProviderOffice; name: string }[] =
  PROVIDER_OFFICES.map((office, index) => ({
    id: index + 1,
    office,
    name: POLITICAL_OFFICE_LABELS[office],
  }));
