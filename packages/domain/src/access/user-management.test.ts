import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../common/messages.ts';
import { ROLES } from './roles.ts';
import { holdsAll, USER_MESSAGES, userActionRefusal, withImpliedRoles } from './user-management.ts';

const admin = { code: 'a', permissions: [...ROLES] };
const team = { code: 't', permissions: ['ROLE_TEAM' as const] };
const teamConfig = { code: 'c', permissions: ['ROLE_TEAM' as const, 'ROLE_CONFIG' as const] };
const member = { code: 'm', permissions: [] };

describe('user management rules', () => {
  it('ROLE_CRM_ALL_DATA implies ROLE_CRM', () => {
    expect(withImpliedRoles(['ROLE_CRM_ALL_DATA']).sort()).toEqual(['ROLE_CRM', 'ROLE_CRM_ALL_DATA']);
    expect(holdsAll(['ROLE_CRM_ALL_DATA'], ['ROLE_CRM'])).toBe(true);
    expect(holdsAll(['ROLE_CRM'], ['ROLE_CRM_ALL_DATA'])).toBe(false);
  });

  it('nobody acts on a user who holds more, nor on their own access', () => {
    expect(userActionRefusal(team, admin, 'changeAccess', [])).toBe(USER_MESSAGES.targetHoldsMore);
    expect(userActionRefusal(team, admin, 'resetPassword')).toBe(USER_MESSAGES.targetHoldsMore);
    expect(userActionRefusal(team, admin, 'deactivate')).toBe(USER_MESSAGES.targetHoldsMore);
    expect(userActionRefusal(admin, admin, 'changeAccess', [])).toBe(USER_MESSAGES.ownPermissions);
    expect(userActionRefusal(team, member, 'changeAccess', ['ROLE_TEAM'])).toBeNull();
    expect(userActionRefusal(team, member, 'changeAccess', ['ROLE_CONFIG'])).toBe(USER_MESSAGES.grantForeign);
    expect(userActionRefusal({ code: 'x', permissions: ['ROLE_CRM'] }, member, 'view')).toBe(
      MESSAGES.forbidden,
    );
  });

  it('a login e-mail changes by its owner or by ROLE_CONFIG over a user holding no more', () => {
    expect(userActionRefusal(team, member, 'changeLoginEmail')).toBe(USER_MESSAGES.loginEmail);
    expect(userActionRefusal(teamConfig, member, 'changeLoginEmail')).toBeNull();
    expect(userActionRefusal(teamConfig, admin, 'changeLoginEmail')).toBe(USER_MESSAGES.targetHoldsMore);
    expect(userActionRefusal(team, team, 'changeLoginEmail')).toBeNull();
  });
});
