import { describe, expect, it } from 'vitest';
import { togglePermission } from './permissionToggles.ts';

describe('permission toggles', () => {
  it('adds and removes roles', () => {
    expect(togglePermission(['ROLE_TEAM'], 'ROLE_REPORT', true).sort()).toEqual(['ROLE_REPORT', 'ROLE_TEAM']);
    expect(togglePermission(['ROLE_TEAM', 'ROLE_REPORT'], 'ROLE_REPORT', false)).toEqual(['ROLE_TEAM']);
  });
  it('ties "Visualizar todos?" to CRM', () => {
    expect(togglePermission([], 'ROLE_CRM_ALL_DATA', true).sort()).toEqual(['ROLE_CRM', 'ROLE_CRM_ALL_DATA']);
    expect(togglePermission(['ROLE_CRM', 'ROLE_CRM_ALL_DATA'], 'ROLE_CRM', false)).toEqual([]);
  });
});
