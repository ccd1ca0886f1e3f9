import { describe, expect, it } from 'vitest';
import '../common/zod-locale.ts';
import { MESSAGES } from '../common/messages.ts';
import { PAGING_MESSAGES } from '../common/paging.ts';
import { PERSON_MESSAGES } from '../crm/person.schemas.ts';
import {
  POLITICAL_PARTIES,
  partyOf,
  SELECTABLE_POLITICAL_PARTIES,
} from '../politicians/politicians.constants.ts';
import { DONATION_CAMPAIGN_DEFAULTS, DONATION_PARTIES_FALLBACK } from './donations.constants.ts';
import { photoProblem, photoTypeOf } from './donations.photo.ts';
import {
  DonationCampaignSaveSchema,
  DonationCampaignTokenParamsSchema,
  DonationCandidacyStepSchema,
  DonationListQuerySchema,
  DonationPoliticianStepSchema,
  maskDonorCpf,
  maskDonorPhone,
  suggestedCentsOf,
} from './donations.schemas.ts';
import { DONATION_TEXTS } from './donations.texts.ts';

const errorsOf = (
  schema: { safeParse: (v: unknown) => { success: boolean; error?: unknown } },
  input: unknown,
) => {
  const result = schema.safeParse(input) as
    | { success: true }
    | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

/** The keys a strict object refuses (the server answers them 'Campo informado não existe'). */
const unknownKeysOf = (schema: { safeParse: (v: unknown) => unknown }, input: unknown) => {
  const result = schema.safeParse(input) as { error?: { issues: { code: string; keys?: string[] }[] } };
  return result.error?.issues.flatMap((i) => (i.code === 'unrecognized_keys' ? (i.keys ?? []) : [])) ?? [];
};

const step1 = {
  name: 'Ana Souza',
  cpf: '529.982.247-25',
  rg: '12.345.678-9',
  idDispatchingAgency: 'SSP/SP',
  voterRegistration: '0043 5687 0906',
  birthday: '31/12/1970',
  email: 'Ana@Exemplo.com.br',
};

const step2 = {
  politicalOffice: 'DEPUTADO_FEDERAL',
  politicalParty: 'PT',
  donationCampaignDescription: 'Saúde e educação',
  phone: '(11) 3333-4444',
  mobilePhone: '(11) 98765-4321',
  zipCode: '01001-000',
  street: 'Praça da Sé',
  number: '100',
  neighborhood: 'Sé',
  city: 'São Paulo',
  state: 'SP',
};

describe('wizard step 1: Dados do Político', () => {
  it('keeps digits of the masked documents and turns the BR date into AAAA-MM-DD', () => {
    expect(DonationPoliticianStepSchema.parse(step1)).toEqual({
      ...step1,
      cpf: '52998224725',
      voterRegistration: '004356870906',
      birthday: '1970-12-31',
      email: 'ana@exemplo.com.br',
    });
    expect(DonationPoliticianStepSchema.parse({ ...step1, birthday: '1970-12-31' }).birthday).toBe(
      '1970-12-31',
    );
  });

  it('requires all seven fields', () => {
    expect(errorsOf(DonationPoliticianStepSchema, {})).toEqual({
      name: MESSAGES.required,
      cpf: MESSAGES.required,
      rg: MESSAGES.required,
      idDispatchingAgency: MESSAGES.required,
      voterRegistration: MESSAGES.required,
      birthday: MESSAGES.required,
      email: MESSAGES.required,
    });
    const blank = Object.fromEntries(Object.keys(step1).map((k) => [k, '  ']));
    expect(Object.values(errorsOf(DonationPoliticianStepSchema, blank))).toEqual(
      Array(7).fill(MESSAGES.required),
    );
  });

  it('checks CPF and título de eleitor by their check digits, the date and the e-mail', () => {
    expect(
      errorsOf(DonationPoliticianStepSchema, {
        ...step1,
        cpf: '529.982.247-24',
        voterRegistration: '0043 5687 0907',
        birthday: '31/02/1970',
        email: 'ana@',
      }),
    ).toEqual({
      cpf: PERSON_MESSAGES.cpf,
      voterRegistration: DONATION_TEXTS.politician.voterRegistration,
      birthday: PERSON_MESSAGES.date,
      email: PERSON_MESSAGES.email,
    });
    expect(errorsOf(DonationPoliticianStepSchema, { ...step1, birthday: '01/01/2999' })).toEqual({
      birthday: PERSON_MESSAGES.date,
    });
  });

  it('refuses unknown and prototype-named keys, wrong types and control characters', () => {
    expect(unknownKeysOf(DonationPoliticianStepSchema, { ...step1, extra: 1 })).toEqual(['extra']);
    expect(
      DonationPoliticianStepSchema.safeParse(JSON.parse(`{"__proto__": {"x": 1}, "name": "Ana"}`)).success,
    ).toBe(false);
    expect(errorsOf(DonationPoliticianStepSchema, { ...step1, rg: 123 })).toEqual({
      rg: PERSON_MESSAGES.text,
    });
    expect(errorsOf(DonationPoliticianStepSchema, { ...step1, name: 'Ana\u0000' })).toEqual({
      name: MESSAGES.controlCharacters,
    });
    expect(
      Object.keys(errorsOf(DonationPoliticianStepSchema, { ...step1, name: 'a'.repeat(10_000) })),
    ).toEqual(['name']);
  });
});

describe('wizard step 2: Candidatura', () => {
  it('accepts the required fields, complement and ballot data optional', () => {
    const parsed = DonationCandidacyStepSchema.parse({ ...step2, candidateNumber: 1312, complement: '' });
    expect(parsed).toMatchObject({
      phone: '1133334444',
      mobilePhone: '11987654321',
      zipCode: '01001000',
      candidateNumber: 1312,
      complement: undefined,
    });
  });

  it('requires office, party, description, phones and the address but the complement', () => {
    expect(errorsOf(DonationCandidacyStepSchema, {})).toEqual({
      politicalOffice: MESSAGES.required,
      politicalParty: MESSAGES.required,
      donationCampaignDescription: MESSAGES.required,
      phone: MESSAGES.required,
      mobilePhone: MESSAGES.required,
      zipCode: MESSAGES.required,
      street: MESSAGES.required,
      number: MESSAGES.required,
      neighborhood: MESSAGES.required,
      city: MESSAGES.required,
      state: MESSAGES.required,
    });
  });

  it("an office or party left empty (a cleared select) is 'Campo Obrigatório', not 'Valor não permitido' (issue 40)", () => {
    for (const empty of [null, '', '  '])
      expect(
        errorsOf(DonationCandidacyStepSchema, { ...step2, politicalOffice: empty, politicalParty: empty }),
      ).toEqual({ politicalOffice: MESSAGES.required, politicalParty: MESSAGES.required });
  });

  it('keeps office and party within their enumerations and checks the ballot number', () => {
    expect(
      errorsOf(DonationCandidacyStepSchema, {
        ...step2,
        politicalOffice: 'REI',
        politicalParty: 'XYZ',
        state: 'XX',
      }),
    ).toEqual({
      politicalOffice: MESSAGES.notAllowed,
      politicalParty: MESSAGES.notAllowed,
      state: MESSAGES.notAllowed,
    });
    expect(errorsOf(DonationCandidacyStepSchema, { ...step2, candidateNumber: 131 })).toEqual({
      candidateNumber: 'O número de urna deste cargo tem 4 dígitos',
    });
    expect(errorsOf(DonationCandidacyStepSchema, { ...step2, candidateNumber: 4512 })).toEqual({
      candidateNumber: 'O número de urna deve começar pelo número do partido PT (13)',
    });
    expect(
      errorsOf(DonationCandidacyStepSchema, { ...step2, phone: '123', candidateCnpj: '11.111.111/1111-11' }),
    ).toEqual({
      phone: PERSON_MESSAGES.phone,
      candidateCnpj: PERSON_MESSAGES.cnpj,
    });
    // UP is in the enumeration (accepted) though no form offers it
    expect(DonationCandidacyStepSchema.safeParse({ ...step2, politicalParty: 'UP' }).success).toBe(true);
  });
});

describe('campaign dialog: Campanha de Doação', () => {
  const campaign = { title: ' Vamos juntos ', minCents: 500, maxCents: 106_400 };

  it('takes the §5 defaults: active, R$ 5,00 to R$ 1.064,00, suggested R$ 50,00', () => {
    const parsed = DonationCampaignSaveSchema.parse(campaign);
    expect(parsed).toEqual({ title: 'Vamos juntos', active: true, minCents: 500, maxCents: 106_400 });
    expect(suggestedCentsOf(parsed)).toBe(DONATION_CAMPAIGN_DEFAULTS.suggestedCents);
    expect(suggestedCentsOf({ minCents: 10_000, maxCents: 20_000, suggestedCents: undefined })).toBe(10_000);
    expect(suggestedCentsOf({ minCents: 500, maxCents: 1_000, suggestedCents: undefined })).toBe(1_000);
    expect(DONATION_CAMPAIGN_DEFAULTS).toEqual({
      active: true,
      minCents: 500,
      maxCents: 106_400,
      suggestedCents: 5_000,
    });
  });

  it('gives every §5 message', () => {
    expect(errorsOf(DonationCampaignSaveSchema, { minCents: 500, maxCents: 1000 })).toEqual({
      title: MESSAGES.required,
    });
    expect(errorsOf(DonationCampaignSaveSchema, { ...campaign, title: '   ' })).toEqual({
      title: MESSAGES.required,
    });
    expect(errorsOf(DonationCampaignSaveSchema, { ...campaign, minCents: 499 })).toEqual({
      minCents: 'Valor mínimo de doação é R$ 5,00',
    });
    expect(errorsOf(DonationCampaignSaveSchema, { ...campaign, maxCents: 106_401 })).toEqual({
      maxCents: 'Valor máximo de doação diária é R$ 1.064,00',
    });
    expect(errorsOf(DonationCampaignSaveSchema, { ...campaign, minCents: 1000, maxCents: 1000 })).toEqual({
      minCents: 'Valor mínimo não pode ser igual ou maior ao valor máximo',
    });
    expect(errorsOf(DonationCampaignSaveSchema, { ...campaign, suggestedCents: 499 })).toEqual({
      suggestedCents: 'Valor sugerido deve estar entre o valor mínimo e valor máximo',
    });
    expect(errorsOf(DonationCampaignSaveSchema, { ...campaign, suggestedCents: 106_401 })).toEqual({
      suggestedCents: 'Valor sugerido deve estar entre o valor mínimo e valor máximo',
    });
    expect(DonationCampaignSaveSchema.parse({ ...campaign, suggestedCents: 106_400 }).suggestedCents).toBe(
      106_400,
    );
  });

  it('refuses reais, strings, huge values and unknown keys as a 400 would', () => {
    expect(errorsOf(DonationCampaignSaveSchema, { ...campaign, minCents: 5.5 })).toEqual({
      minCents: MESSAGES.integer,
    });
    expect(errorsOf(DonationCampaignSaveSchema, { ...campaign, maxCents: '1000' })).toEqual({
      maxCents: MESSAGES.integer,
    });
    expect(Object.keys(errorsOf(DonationCampaignSaveSchema, { ...campaign, minCents: 1e300 }))).toEqual([
      'minCents',
    ]);
    expect(errorsOf(DonationCampaignSaveSchema, { ...campaign, active: 'yes' })).toEqual({
      active: MESSAGES.invalidNested,
    });
    expect(unknownKeysOf(DonationCampaignSaveSchema, { ...campaign, constructor: 1 })).toEqual([
      'constructor',
    ]);
  });
});

describe('campaign token of the routes', () => {
  it('takes a URL-safe token only', () => {
    expect(DonationCampaignTokenParamsSchema.parse({ token: 'abc_DEF-123' })).toEqual({
      token: 'abc_DEF-123',
    });
    for (const token of ['', '../x', 'a b', 'x'.repeat(201), '__proto__%00']) {
      expect(errorsOf(DonationCampaignTokenParamsSchema, { token })).toEqual({
        token: 'Campanha não encontrada',
      });
    }
  });
});

describe('donations list query', () => {
  it('pages 10, 20 or 50 by date, descending by default', () => {
    expect(DonationListQuerySchema.parse({})).toEqual({
      page: 1,
      itemsPerPage: 10,
      orderBy: 'date',
      ascending: false,
    });
    expect(
      DonationListQuerySchema.parse({
        page: '2',
        itemsPerPage: '50',
        orderBy: 'valueCents',
        ascending: 'true',
      }),
    ).toEqual({ page: 2, itemsPerPage: 50, orderBy: 'valueCents', ascending: true });
  });

  it('refuses other sizes, orders and flags', () => {
    expect(errorsOf(DonationListQuerySchema, { itemsPerPage: '30' })).toEqual({
      itemsPerPage: PAGING_MESSAGES.itemsPerPage,
    });
    expect(errorsOf(DonationListQuerySchema, { page: '0' })).toEqual({ page: PAGING_MESSAGES.page });
    expect(errorsOf(DonationListQuerySchema, { orderBy: 'cpf' })).toEqual({ orderBy: MESSAGES.notAllowed });
    expect(errorsOf(DonationListQuerySchema, { ascending: 'yes' })).toEqual({
      ascending: MESSAGES.notAllowed,
    });
  });
});

describe('masks, photo and parties', () => {
  it('masks the donor CPF and phone', () => {
    expect(maskDonorCpf('123.456.789-09')).toBe('***.456.789-**');
    expect(maskDonorPhone('(11) 98765-4321')).toBe('(**) *****-4321');
    expect(maskDonorPhone('1133334321')).toBe('(**) ****-4321');
    expect(maskDonorCpf('123')).toBe('***.***.***-**');
  });

  it('knows jpg and png by their magic bytes, at most 1 MB', () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]);
    const jpg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0]);
    expect(photoTypeOf(png)).toBe('image/png');
    expect(photoTypeOf(jpg)).toBe('image/jpeg');
    expect(photoProblem(jpg)).toBeUndefined();
    expect(photoProblem(new TextEncoder().encode('GIF89a'))).toBe(
      'Apenas imagens jpg/jpeg/png são permitidas',
    );
    expect(photoProblem(undefined)).toBe('Nenhum arquivo foi encontrado');
    expect(photoProblem(new Uint8Array(0))).toBe('Nenhum arquivo foi encontrado');
    const big = new Uint8Array(1_048_577);
    big.set(jpg);
    expect(photoProblem(big)).toBe('Não é permitido arquivos maiores que 1MB');
    expect(photoProblem(big.subarray(0, 1_048_576))).toBeUndefined();
  });

  it('has the 32 parties of §3 in one list, UP only in the enumeration', () => {
    expect(DONATION_PARTIES_FALLBACK).toBe(POLITICAL_PARTIES);
    expect(POLITICAL_PARTIES).toHaveLength(32);
    for (const [initials, number] of [
      ['MDB', 15],
      ['PT', 13],
      ['PSDB', 45],
      ['PL', 22],
      ['NOVO', 30],
    ] as const) {
      expect(partyOf(initials)?.number).toBe(number);
    }
    expect(partyOf('UP')?.selectable).toBe(false);
    expect(SELECTABLE_POLITICAL_PARTIES.map((p) => p.initials)).not.toContain('UP');
    expect(SELECTABLE_POLITICAL_PARTIES).toHaveLength(28);
  });

  it('has the 8 provider terms and the 4 wizard steps', () => {
    expect(DONATION_TEXTS.terms.lines).toHaveLength(8);
    expect(DONATION_TEXTS.wizard.steps).toEqual([
      'Dados do Político',
      'Candidatura',
      'Foto',
      'Termos de Uso',
    ]);
  });
});
