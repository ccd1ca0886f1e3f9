import { type Politician, SELECTABLE_POLITICAL_PARTIES } from '@mandato/domain';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_POLITICIAN_FORM,
  partyOptionsFor,
  politicianFormValuesOf,
  validatePolitician,
} from './politicianForm.ts';

describe('politician form', () => {
  it('needs name, CPF, office and party; sends digits', () => {
    expect(Object.keys(validatePolitician(EMPTY_POLITICIAN_FORM).errors).sort()).toEqual([
      'cpf',
      'name',
      'politicalOffice',
      'politicalParty',
    ]);
    const ok = validatePolitician({
      ...EMPTY_POLITICIAN_FORM,
      name: 'Ana',
      cpf: '529.982.247-25',
      politicalOffice: 'VEREADOR',
      politicalParty: 'PT',
      candidateNumber: '13123',
      voterRegistration: '0043 5687 0906',
    });
    expect(ok.errors).toEqual({});
    expect(ok.payload).toMatchObject({
      cpf: '52998224725',
      candidateNumber: 13123,
      voterRegistration: '004356870906',
    });
  });

  it('round-trips a saved record into masked form values', () => {
    const saved = {
      code: 1,
      name: 'Ana',
      ballotName: null,
      cpf: '52998224725',
      rg: null,
      idDispatchingAgency: null,
      voterRegistration: '004356870906',
      birthday: '1970-05-10',
      email: null,
      politicalOffice: 'VEREADOR',
      politicalParty: 'PT',
      candidateNumber: 13123,
      candidateCnpj: null,
      electoralState: 'DF',
      electoralCity: null,
      phone: null,
      mobilePhone: '61988776655',
      address: null,
      donationCampaignDescription: null,
      active: false,
      createDate: '',
      updateDate: '',
    } satisfies Politician;
    const values = politicianFormValuesOf(saved);
    expect(values).toMatchObject({
      cpf: '529.982.247-25',
      voterRegistration: '0043 5687 0906',
      birthday: '10/05/1970',
      mobilePhone: '(61) 98877-6655',
      candidateNumber: '13123',
      active: false,
    });
    expect(validatePolitician(values).payload).toMatchObject({
      cpf: saved.cpf,
      active: false,
      birthday: '1970-05-10',
    });
  });

  it('offers only the selectable parties; a record keeps its merged party shown, once', () => {
    const initials = (current?: string) => partyOptionsFor(current).map((o) => o.value);
    const selectable = SELECTABLE_POLITICAL_PARTIES.map((p) => p.initials);
    expect(initials()).toEqual(selectable);
    for (const gone of ['PTB', 'PATRIOTA', 'PROS', 'UP']) expect(initials()).not.toContain(gone);
    expect(initials('PT')).toEqual(selectable);
    expect(initials('PTB')).toEqual([...selectable, 'PTB']);
    expect(partyOptionsFor('PTB').at(-1)?.label).toMatch(/^PTB \(14\) — /);
    expect(initials('NAO-EXISTE')).toEqual(selectable);
  });
});
