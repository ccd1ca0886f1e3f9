import { AREAS, type AreaRule, hasPermission, seesAllContacts } from '@mandato/domain';
import type { AuthContext } from '../../platform/auth/guard.ts';
import type { PeopleVisibility } from '../people/people.policy.ts';

/** The reports need the report module and ROLE_REPORT (spec 2 §6; AREAS.reports of the domain). */
export const REPORTS_RULE: AreaRule = AREAS.reports;

/**
 * Whose figures a report shows: contacts (people not in the team), all of them with
 * ROLE_CRM_ALL_DATA, else only the ones the caller created (null: no limit).
 */
export function reportOwner(auth: AuthContext): string | null {
  return seesAllContacts(auth.access) ? null : auth.user.id;
}

/**
 * The people whose interactions the interaction report lists: contacts under the same rule, and
 * team members too for a caller who manages the team (ROLE_TEAM).
 */
export function reportInteractionsVisibility(auth: AuthContext): PeopleVisibility {
  return {
    contacts: true,
    team: hasPermission(auth.access, ['ROLE_TEAM']),
    ownerId: reportOwner(auth),
  };
}
