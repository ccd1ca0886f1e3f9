import { describe, expect, it } from 'vitest';
import { EMPTY_ADDRESS } from '../../../platform/ui/address/addressValues.ts';
import {
  type CandidacyStepValues,
  candidacyStepValuesOf,
  validateCandidacyStep,
} from './candidacyStepForm.ts';

const FILLED: CandidacyStepValues = {
  candidateCnpj: '',
  candidateNumber: '40123',
  politicalOffice: 'DEPUTADO_ESTADUAL',
  politicalParty: 'PSB',
  donationCampaignDescription: 'Saúde e educação',
  phone: '(81) 3333-4444',
  mobilePhone: '(81) 98765-4321',
  address: {
    zipCode: '50030-310',
    street: 'Rua do Bom Jesus',
    number: '125',
    complement: '',
    neighborhood: 'Recife',
    city: 'Recife',
    state: 'PE',
  },
};

describe('candidacy step form', () => {
  it('an empty step: every required field says Campo Obrigatório, the address ones under address.', () => {
    const { errors, payload } = validateCandidacyStep(candidacyStepValuesOf(null));
    expect(payload).toBeUndefined();
    for (const field of [
      'politicalOffice',
      'politicalParty',
      'donationCampaignDescription',
      'phone',
      'mobilePhone',
    ])
      expect(errors[field], field).toEqual(['Campo Obrigatório']);
    for (const field of ['zipCode', 'street', 'number', 'neighborhood', 'city', 'state'])
      expect(errors[`address.${field}`], field).toEqual(['Campo Obrigatório']);
    expect(errors['address.complement']).toBeUndefined();
  });

  it('a filled step is sent flat, the ballot number as a number and empty optionals left out', () => {
    expect(validateCandidacyStep(FILLED).payload).toEqual({
      candidateNumber: 40123,
      politicalOffice: 'DEPUTADO_ESTADUAL',
      politicalParty: 'PSB',
      donationCampaignDescription: 'Saúde e educação',
      phone: '(81) 3333-4444',
      mobilePhone: '(81) 98765-4321',
      zipCode: '50030-310',
      street: 'Rua do Bom Jesus',
      number: '125',
      neighborhood: 'Recife',
      city: 'Recife',
      state: 'PE',
    });
  });

  it("a cleared 'Cargo' says Campo Obrigatório; a feminine office is sent as chosen (issue 40)", () => {
    const cleared = { ...FILLED, politicalOffice: null } as unknown as CandidacyStepValues;
    expect(validateCandidacyStep(cleared).errors.politicalOffice).toEqual(['Campo Obrigatório']);
    const deputada = validateCandidacyStep({ ...FILLED, politicalOffice: 'DEPUTADA_ESTADUAL' });
    expect(deputada.errors).toEqual({});
    expect(deputada.payload?.politicalOffice).toBe('DEPUTADA_ESTADUAL');
  });

  it("the ballot number's rules come from the shared schema", () => {
    const { errors } = validateCandidacyStep({ ...FILLED, candidateNumber: '13123' });
    expect(errors.candidateNumber?.[0]).toMatch(/PSB \(40\)/);
    // issue 39 item 11: a state deputy's number has 5 digits (TSE), so 40123 passes and 4012 does not
    expect(validateCandidacyStep(FILLED).errors.candidateNumber).toBeUndefined();
    expect(validateCandidacyStep({ ...FILLED, candidateNumber: '4012' }).errors.candidateNumber).toEqual([
      'O número de urna deste cargo tem 5 dígitos',
    ]);
    expect(validateCandidacyStep({ ...FILLED, address: EMPTY_ADDRESS }).errors['address.city']).toEqual([
      'Campo Obrigatório',
    ]);
  });
});
