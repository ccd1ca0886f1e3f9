import type { AreaRule } from '@mandato/domain';
import type { AuthContext } from '../../platform/auth/guard.ts';
import { type PeopleVisibility, peopleVisibility } from '../people/people.policy.ts';

/**
 * Interactions belong to people: ROLE_CRM for contacts, ROLE_TEAM for team members, and the
 * people visibility rules (without ROLE_CRM_ALL_DATA only the contacts one created). Whoever may
 * see the person may log, change, conclude and remove its interactions; anything else is a 404.
 */
export const INTERACTIONS_RULE: AreaRule = { roles: ['ROLE_CRM', 'ROLE_TEAM'] };

export function interactionsVisibility(auth: AuthContext): PeopleVisibility {
  return peopleVisibility(auth);
}
