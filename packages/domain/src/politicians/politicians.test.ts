import { describe, expect, it } from 'vitest';
import {
  BALLOT_NUMBER_DIGITS,
  formatVoterRegistration,
  isValidVoterRegistration,
  POLITICAL_OFFICE_LABELS,
  POLITICAL_OFFICES,
  POLITICAL_PARTIES,
  POLITICAL_PARTY_INITIALS,
  PROVIDER_OFFICES,
  providerOffice,
} from './politicians.constants.ts';
import { ballotNumberProblem, PoliticianSaveSchema, PoliticiansQuerySchema } from './politicians.schemas.ts';

const valid = {
  name: '  Ana Souza  ',
  cpf: '529.982.247-25',
  politicalOffice: 'DEPUTADO_FEDERAL',
  politicalParty: 'PT',
};

const errorsOf = (input: unknown) => {
  const result = PoliticianSaveSchema.safeParse(input);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('feminine offices (issue 40)', () => {
  it("offers each office's feminine form beside the masculine one ('Presidente' serves both)", () => {
    expect(POLITICAL_OFFICES.map((o) => POLITICAL_OFFICE_LABELS[o])).toEqual([
      'Presidente',
      'Governador',
      'Governadora',
      'Prefeito',
      'Prefeita',
      'Senador',
      'Senadora',
      'Deputado Distrital',
      'Deputada Distrital',
      'Deputado Federal',
      'Deputada Federal',
      'Deputado Estadual',
      'Deputada Estadual',
      'Vereador',
      'Vereadora',
    ]);
  });

  it('sends the provider the masculine office it names, and keeps the ballot rule of the office', () => {
    expect(providerOffice('DEPUTADA_FEDERAL')).toBe('DEPUTADO_FEDERAL');
    expect(providerOffice('VEREADORA')).toBe('VEREADOR');
    expect(providerOffice('PRESIDENTE')).toBe('PRESIDENTE');
    for (const office of POLITICAL_OFFICES) expect(PROVIDER_OFFICES).toContain(providerOffice(office));
    expect(ballotNumberProblem('SENADORA', 'PSB', 401)).toBeUndefined();
    expect(ballotNumberProblem('SENADORA', 'PSB', 4012)).toBe('O número de urna deste cargo tem 3 dígitos');
    expect(errorsOf({ ...valid, politicalOffice: 'DEPUTADA_FEDERAL' })).toEqual({});
  });
});

describe('título de eleitor', () => {
  it('accepts the official check digits (São Paulo/Minas rule included) and refuses others', () => {
    expect(isValidVoterRegistration('0043 5687 0906')).toBe(true);
    expect(isValidVoterRegistration('102385010175')).toBe(true);
    expect(isValidVoterRegistration('123456782895')).toBe(true);
    expect(isValidVoterRegistration('004356870907')).toBe(false);
    expect(isValidVoterRegistration('004356872906')).toBe(false);
    expect(isValidVoterRegistration('123456782995')).toBe(false); // state code 29
    expect(isValidVoterRegistration('0043568709')).toBe(false);
    expect(formatVoterRegistration('004356870906')).toBe('0043 5687 0906');
  });
});

describe('PoliticianSaveSchema', () => {
  it('keeps the required fields, digits of documents, active by default', () => {
    const parsed = PoliticianSaveSchema.parse({
      ...valid,
      voterRegistration: '0043 5687 0906',
      candidateNumber: 1310,
      candidateCnpj: '11.222.333/0001-81',
      birthday: '10/05/1970',
      mobilePhone: '(61) 98877-6655',
      address: { city: 'Brasília', state: 'DF' },
    });
    expect(parsed).toMatchObject({
      name: 'Ana Souza',
      cpf: '52998224725',
      voterRegistration: '004356870906',
      candidateCnpj: '11222333000181',
      birthday: '1970-05-10',
      mobilePhone: '61988776655',
      active: true,
      address: { city: 'Brasília', state: 'DF' },
    });
  });

  it('refuses a bad CPF, título, CNPJ, office, party and missing required fields', () => {
    expect(errorsOf({ ...valid, cpf: '111.111.111-11' })).toEqual({ cpf: 'Cpf Inválido' });
    expect(errorsOf({ ...valid, voterRegistration: '004356870907' })).toEqual({
      voterRegistration: 'Título de eleitor inválido',
    });
    expect(errorsOf({ ...valid, candidateCnpj: '11111111111111' })).toEqual({
      candidateCnpj: 'Cnpj Inválido!',
    });
    expect(Object.keys(errorsOf({ ...valid, politicalOffice: 'REI', politicalParty: 'XYZ' }))).toEqual([
      'politicalOffice',
      'politicalParty',
    ]);
    expect(errorsOf({ cpf: '' })).toMatchObject({
      name: 'Campo Obrigatório',
      cpf: 'Campo Obrigatório',
      politicalOffice: 'Campo Obrigatório',
      politicalParty: 'Campo Obrigatório',
    });
    // a cleared 'Cargo' or 'Partido' is required, not 'Valor não permitido' (issue 40)
    expect(errorsOf({ ...valid, politicalOffice: null, politicalParty: '' })).toEqual({
      politicalOffice: 'Campo Obrigatório',
      politicalParty: 'Campo Obrigatório',
    });
    expect(errorsOf({ ...valid, politicalOffice: 'REI' })).toEqual({
      politicalOffice: 'Valor não permitido',
    });
  });

  it('checks the ballot number against the office size and the party number', () => {
    expect(errorsOf({ ...valid, candidateNumber: 131 })).toEqual({
      candidateNumber: 'O número de urna deste cargo tem 4 dígitos',
    });
    expect(errorsOf({ ...valid, candidateNumber: 4510 })).toEqual({
      candidateNumber: 'O número de urna deve começar pelo número do partido PT (13)',
    });
    expect(errorsOf({ ...valid, politicalOffice: 'PREFEITO', candidateNumber: 13 })).toEqual({});
  });

  it("sizes every office's ballot number by the electoral court's rule (issue 39 item 11)", () => {
    // TSE: president, governor, mayor 2 (the party's number); senator 3; federal deputy 4;
    // state and district deputy 5; councillor 5. PSB is 40.
    const expected = {
      PRESIDENTE: 2,
      GOVERNADOR: 2,
      PREFEITO: 2,
      SENADOR: 3,
      DEPUTADO_FEDERAL: 4,
      DEPUTADO_ESTADUAL: 5,
      DEPUTADO_DISTRITAL: 5,
      VEREADOR: 5,
    } as const;
    expect(BALLOT_NUMBER_DIGITS).toEqual(expected);
    const sample = { 2: 40, 3: 401, 4: 4012, 5: 40123 } as const;
    for (const [office, digits] of Object.entries(expected) as [keyof typeof expected, 2 | 3 | 4 | 5][]) {
      for (const [size, number] of Object.entries(sample)) {
        const problem = ballotNumberProblem(office, 'PSB', number);
        if (Number(size) === digits) expect(problem, `${office} ${number}`).toBeUndefined();
        else
          expect(problem, `${office} ${number}`).toBe(`O número de urna deste cargo tem ${digits} dígitos`);
      }
      expect(
        errorsOf({
          ...valid,
          politicalOffice: office,
          politicalParty: 'PSB',
          candidateNumber: sample[digits],
        }),
      ).toEqual({});
    }
    // the report's case: 40123 for 'Deputado Estadual' is a valid number
    expect(
      errorsOf({
        ...valid,
        politicalOffice: 'DEPUTADO_ESTADUAL',
        politicalParty: 'PSB',
        candidateNumber: 40123,
      }),
    ).toEqual({});
    expect(
      errorsOf({
        ...valid,
        politicalOffice: 'DEPUTADO_ESTADUAL',
        politicalParty: 'PSB',
        candidateNumber: 4012,
      }),
    ).toEqual({ candidateNumber: 'O número de urna deste cargo tem 5 dígitos' });
  });

  it('refuses unknown and prototype-named keys', () => {
    expect(PoliticianSaveSchema.safeParse({ ...valid, admin: true }).success).toBe(false);
    expect(PoliticianSaveSchema.safeParse(JSON.parse(`{"__proto__": {"x": 1}, "name": "A"}`)).success).toBe(
      false,
    );
    expect(PoliticiansQuerySchema.safeParse({ hack: '1' }).success).toBe(false);
    expect(PoliticiansQuerySchema.parse({ active: 'false' })).toMatchObject({ active: false, page: 1 });
  });

  it('lists parties with unique initials and numbers', () => {
    expect(new Set(POLITICAL_PARTY_INITIALS).size).toBe(POLITICAL_PARTIES.length);
    expect(new Set(POLITICAL_PARTIES.map((p) => p.number)).size).toBe(POLITICAL_PARTIES.length);
    expect(POLITICAL_PARTIES.find((p) => p.initials === 'MDB')?.number).toBe(15);
  });
});
