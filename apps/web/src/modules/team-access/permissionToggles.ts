import { type Role, withImpliedRoles } from '@mandato/domain';

/**
 * Turns one role on or off; ROLE_CRM_ALL_DATA ('Visualizar todos?') only makes sense with ROLE_CRM:
 * turning CRM off drops it, and holding it brings CRM (the domain rule the server enforces).
 */
export function togglePermission(permissions: readonly Role[], role: Role, on: boolean): Role[] {
  const set = new Set(permissions);
  if (on) set.add(role);
  else set.delete(role);
  if (role === 'ROLE_CRM' && !on) set.delete('ROLE_CRM_ALL_DATA');
  return withImpliedRoles([...set]);
}
