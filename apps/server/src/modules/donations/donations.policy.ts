import { AREAS, type AreaRule } from '@mandato/domain';

/** Donations (spec 3 §6): the donation module (PREMIUM plan) plus ROLE_DONATION. */
export const DONATIONS_RULE: AreaRule = AREAS.donation;

/**
 * The tenant's provider token (issue 40 item 10): set from Configurações › Sistema by whoever
 * administers the account (ROLE_CONFIG), with no need of the donation role or plan.
 */
export const DONATION_PROVIDER_ADMIN_RULE: AreaRule = AREAS.admin;
