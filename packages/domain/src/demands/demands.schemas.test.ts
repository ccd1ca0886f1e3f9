import { describe, expect, it } from 'vitest';
import {
  DEMAND_TEXTS,
  DemandCreateSchema,
  DemandFileParamSchema,
  DemandListQuerySchema,
  demandFileExtension,
} from './demands.schemas.ts';

describe('demand schemas', () => {
  it('reads a new demand, the status defaulting to OPEN', () => {
    expect(DemandCreateSchema.parse({ title: ' Poste ', applicant: 3 })).toEqual({
      title: 'Poste',
      description: null,
      applicant: 3,
      status: 'OPEN',
    });
  });

  it('refuses unknown keys, bad statuses, control characters and bad codes', () => {
    expect(DemandCreateSchema.safeParse({ title: 'x', applicant: 1, extra: 1 }).success).toBe(false);
    expect(DemandCreateSchema.safeParse({ title: 'x', applicant: 1, status: 'X' }).success).toBe(false);
    expect(DemandCreateSchema.safeParse({ title: 'a\u0000', applicant: 1 }).success).toBe(false);
    expect(DemandCreateSchema.safeParse({ title: 'x', applicant: 0 }).success).toBe(false);
    expect(DemandCreateSchema.safeParse({ title: '  ', applicant: 1 }).success).toBe(false);
    expect(DemandListQuerySchema.safeParse({ itemsPerPage: '51' }).success).toBe(false);
  });

  it('accepts only server-generated file names', () => {
    const ok = '0f8fad5b-d9cb-469f-a165-70867728950e.pdf';
    expect(DemandFileParamSchema.safeParse({ name: ok }).success).toBe(true);
    for (const name of ['../x.pdf', '..%2Fx.pdf', 'a/b.pdf', `${ok}/..`, 'x.pdf', `${ok.toUpperCase()}`])
      expect(DemandFileParamSchema.safeParse({ name }).success).toBe(false);
  });

  it('names extensions by type, a ZIP by its office extension', () => {
    expect(demandFileExtension('jpeg', 'foto.JPEG')).toBe('jpg');
    expect(demandFileExtension('pdf', 'x.exe')).toBe('pdf');
    expect(demandFileExtension('zip', 'Ofício.DOCX')).toBe('docx');
    expect(demandFileExtension('zip', 'a.exe')).toBe('zip');
    expect(DEMAND_TEXTS.count(2)).toBe('2 Demanda(s)');
    expect(DEMAND_TEXTS.dialogTitle('01/02/2026', 7, 'Aberta')).toBe('01/02/2026 - Demanda #7 (Aberta)');
  });
});
