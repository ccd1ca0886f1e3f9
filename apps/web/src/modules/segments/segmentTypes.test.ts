import type { AccessContext, Role } from '@mandato/domain';
import { describe, expect, it } from 'vitest';
import { defaultSegmentType, segmentTypeFromPath, visibleSegmentTypes } from './segmentTypes.ts';

const ctx = (permissions: Role[]): AccessContext => ({
  permissions,
  tenant: { hasMarketingSecret: true, planId: 'PREMIUM', enableAddressRevalidation: false },
});

describe('segment types by role (spec 2 §6)', () => {
  it('shows team with ROLE_TEAM and person + company with ROLE_CRM', () => {
    expect(visibleSegmentTypes(ctx(['ROLE_TEAM']))).toEqual(['TEAM']);
    expect(visibleSegmentTypes(ctx(['ROLE_CRM']))).toEqual(['PERSON', 'COMPANY']);
    expect(visibleSegmentTypes(ctx(['ROLE_CRM', 'ROLE_TEAM']))).toEqual(['TEAM', 'PERSON', 'COMPANY']);
  });
  it('defaults to person with CRM, else team', () => {
    expect(defaultSegmentType(ctx(['ROLE_CRM', 'ROLE_TEAM']))).toBe('PERSON');
    expect(defaultSegmentType(ctx(['ROLE_TEAM']))).toBe('TEAM');
  });
  it('reads the import/export path type', () => {
    expect(segmentTypeFromPath('pessoas')).toBe('PERSON');
    expect(segmentTypeFromPath('equipe')).toBe('TEAM');
    expect(segmentTypeFromPath('empresas')).toBeUndefined();
  });
});
