import { AREAS, type AreaRule } from '@mandato/domain';

/** Donations (spec 3 §6): the donation module (PREMIUM plan) plus ROLE_DONATION. */
export const DONATIONS_RULE: AreaRule = AREAS.donation;
