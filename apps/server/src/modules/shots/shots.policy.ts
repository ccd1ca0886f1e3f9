import type { AreaRule } from '@mandato/domain';
import { MARKETING_RULE } from '../marketing/marketing.policy.ts';

/** Shots (spec 3 §7.1): the marketing service's rule, ROLE_MARKETING with the marketing token. */
export const SHOTS_RULE: AreaRule = MARKETING_RULE;
