import {
  type AreaRule,
  canSeeSegmentType,
  MESSAGES,
  SEGMENT_TYPE_ROLE,
  type SegmentType,
  seesAllContacts,
} from '@mandato/domain';
import type { AuthContext } from '../../platform/auth/guard.ts';
import { forbidden } from '../../platform/http/errors.ts';

/** Routes of the people module: contacts need ROLE_CRM, team members ROLE_TEAM (checked per type). */
export const PEOPLE_RULE: AreaRule = { roles: ['ROLE_CRM', 'ROLE_TEAM'] };
export const TEAM_RULE: AreaRule = { roles: ['ROLE_TEAM'] };

/**
 * Which people a caller may see and change:
 * - contacts (is_team = false) with ROLE_CRM; only the ones they created without ROLE_CRM_ALL_DATA;
 * - team members (is_team = true) with ROLE_TEAM, all of them (managing the team is that role).
 */
export interface PeopleVisibility {
  contacts: boolean;
  team: boolean;
  /** set when contacts are limited to the ones this user (users.id) created */
  ownerId: string | null;
}

export function peopleVisibility(auth: AuthContext): PeopleVisibility {
  return {
    contacts: canSeeSegmentType(auth.access, 'PERSON'),
    team: canSeeSegmentType(auth.access, 'TEAM'),
    ownerId: seesAllContacts(auth.access) ? null : auth.user.id,
  };
}

/** The same visibility narrowed to one list type (PERSON: contacts, TEAM: team members). */
export function visibilityOfType(auth: AuthContext, type: 'PERSON' | 'TEAM'): PeopleVisibility {
  assertType(auth, type);
  const all = peopleVisibility(auth);
  return { contacts: type === 'PERSON', team: type === 'TEAM', ownerId: all.ownerId };
}

export function assertType(auth: AuthContext, type: SegmentType) {
  if (!canSeeSegmentType(auth.access, type)) {
    throw forbidden(MESSAGES.forbiddenRole(SEGMENT_TYPE_ROLE[type]));
  }
}
