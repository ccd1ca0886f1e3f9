import { AREAS, type AreaRule } from '@mandato/domain';
import type { AuthContext } from '../../platform/auth/guard.ts';
import { type PeopleVisibility, peopleVisibility } from '../people/people.policy.ts';

/** Amendments (spec 3 §6): the amendment module plus ROLE_CRM. */
export const AMENDMENTS_RULE: AreaRule = AREAS.amendments;

/**
 * The contact of an amendment is a person the caller may see (ROLE_CRM_ALL_DATA: any contact;
 * without it, the ones they created). Amendments themselves are the mandate's, seen by every
 * user with the rule; a contact the caller may not see is shown by its code only.
 */
export function amendmentContactVisibility(auth: AuthContext): PeopleVisibility {
  return { ...peopleVisibility(auth), team: false };
}
