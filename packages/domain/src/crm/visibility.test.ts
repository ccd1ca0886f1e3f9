import { describe, expect, it } from 'vitest';
import type { AccessContext } from '../access/modules.ts';
import type { Role } from '../access/roles.ts';
import { withImpliedRoles } from '../access/user-management.ts';
import { SEGMENT_TYPES } from './enums.ts';
import { CRM_MESSAGES, canSeeSegmentType, SEGMENT_TYPE_ROLE, seesAllContacts } from './visibility.ts';

const ctx = (permissions: Role[]): AccessContext => ({
  permissions,
  tenant: { hasMarketingSecret: false, planId: 'BASIC', enableAddressRevalidation: false },
});

describe('CRM visibility', () => {
  it('people and companies need ROLE_CRM; the team needs ROLE_TEAM', () => {
    expect(SEGMENT_TYPE_ROLE).toEqual({ PERSON: 'ROLE_CRM', TEAM: 'ROLE_TEAM', COMPANY: 'ROLE_CRM' });
    const crm = ctx(['ROLE_CRM']);
    expect(SEGMENT_TYPES.filter((t) => canSeeSegmentType(crm, t))).toEqual(['PERSON', 'COMPANY']);
    const team = ctx(['ROLE_TEAM']);
    expect(SEGMENT_TYPES.filter((t) => canSeeSegmentType(team, t))).toEqual(['TEAM']);
    expect(SEGMENT_TYPES.filter((t) => canSeeSegmentType(ctx([]), t))).toEqual([]);
    expect(SEGMENT_TYPES.every((t) => canSeeSegmentType(ctx(['ROLE_CRM', 'ROLE_TEAM']), t))).toBe(true);
  });

  it('only ROLE_CRM_ALL_DATA sees every contact; without it a user sees their own', () => {
    expect(seesAllContacts(ctx(withImpliedRoles(['ROLE_CRM_ALL_DATA'])))).toBe(true);
    expect(seesAllContacts(ctx(['ROLE_CRM']))).toBe(false);
    expect(seesAllContacts(ctx(['ROLE_CRM', 'ROLE_TEAM', 'ROLE_CONFIG', 'ROLE_REPORT']))).toBe(false);
  });

  it('ROLE_CRM_ALL_DATA brings the lists only through the implied ROLE_CRM', () => {
    // stored permissions always carry the implied role (withImpliedRoles on every write);
    // the check itself does not add it
    expect(canSeeSegmentType(ctx(withImpliedRoles(['ROLE_CRM_ALL_DATA'])), 'PERSON')).toBe(true);
    expect(canSeeSegmentType(ctx(['ROLE_CRM_ALL_DATA']), 'PERSON')).toBe(false);
  });

  it('has its pt-BR texts', () => {
    expect(CRM_MESSAGES.personNotFound).toBe('Pessoa não encontrada');
    expect(CRM_MESSAGES.companyNotFound).toBe('Local de votação não encontrado');
    expect(CRM_MESSAGES.specialSegment).toContain('Pessoas, Equipe e Locais de Votação');
  });
});
