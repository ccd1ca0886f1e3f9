import { z } from 'zod';
import { MESSAGES } from '../common/messages.ts';
import { pageQuery } from '../common/paging.ts';
import { singleLineTextSchema, textSchema } from '../common/text.ts';
import {
  AddressAnswerSchema,
  AddressSchema,
  OptionalDateSchema,
  optionalEmail,
  optionalPhone,
  optionalText,
  PERSON_MESSAGES,
} from '../crm/person.schemas.ts';
import { isValidCnpj, isValidCpf, onlyDigits } from '../crm/validators.ts';
import {
  BALLOT_NUMBER_DIGITS,
  isValidVoterRegistration,
  POLITICAL_OFFICES,
  POLITICAL_PARTY_INITIALS,
  type PoliticalOffice,
  partyOf,
  providerOffice,
} from './politicians.constants.ts';

/** Texts of the politicians' administrative record (sys-admin/politicians, issue 13). */
export const POLITICIAN_TEXTS = {
  menu: 'Políticos',
  title: 'Políticos',
  intro:
    'Cadastro administrativo dos políticos da conta (candidato ou mandatário): os dados que a integração de doações e os documentos usam.',
  add: 'Novo político',
  newTitle: 'Novo político',
  editTitle: 'Editar político',
  edit: 'Editar',
  empty: 'Nenhum político cadastrado',
  search: 'Buscar por nome, nome de urna ou CPF',
  showInactive: 'Mostrar inativos',
  saved: 'Político salvo com sucesso',
  saveError: 'Ops, Dados inválidos! Confira as informações de cada campo.',
  listError: 'Erro ao obter o político',
  cpfTaken: 'Já existe um político com este CPF',
  notFound: 'Político não encontrado',
  voterRegistration: 'Título de eleitor inválido',
  ballotNumber: (digits: number) => `O número de urna deste cargo tem ${digits} dígitos`,
  partyPrefix: (party: string, number: number) =>
    `O número de urna deve começar pelo número do partido ${party} (${number})`,
  active: 'Ativo',
  inactive: 'Inativo',
  sections: {
    identity: 'Dados do Político',
    candidacy: 'Candidatura',
    contact: 'Contato e endereço',
  },
  fields: {
    name: 'Nome completo',
    ballotName: 'Nome de urna',
    cpf: 'CPF',
    rg: 'RG',
    idDispatchingAgency: 'Órgão expedidor',
    voterRegistration: 'Título de eleitor',
    birthday: 'Data de nascimento',
    email: 'E-mail',
    politicalOffice: 'Cargo',
    politicalParty: 'Partido',
    candidateNumber: 'Número de urna',
    candidateCnpj: 'CNPJ de campanha',
    electoralState: 'UF da candidatura',
    electoralCity: 'Município da candidatura',
    phone: 'Telefone',
    mobilePhone: 'Celular',
    donationCampaignDescription: 'Descrição da campanha de doação',
    active: 'Ativo?',
  },
  columns: {
    name: 'Nome',
    office: 'Cargo',
    party: 'Partido',
    number: 'Número',
    cpf: 'CPF',
    status: 'Situação',
    actions: 'Ações',
  },
} as const;

/** A required one-line field (a name): no line break (singleLineTextSchema). */
const requiredLine = (max: number) =>
  singleLineTextSchema({ error: MESSAGES.required })
    .min(1, MESSAGES.required)
    .max(max, `Máximo de ${max} caracteres`);

/** An optional one-line field (a ballot name, a document number, a city): `optionalText` with no line break. */
const optionalLine = (max: number) =>
  singleLineTextSchema({ error: PERSON_MESSAGES.text })
    .max(max, `Máximo de ${max} caracteres`)
    .optional()
    .nullable()
    .transform((v) => (v ? v : undefined));

const requiredDigits = (check: (v: string) => boolean, message: string) =>
  textSchema({ error: MESSAGES.required })
    .transform((v) => onlyDigits(v))
    .refine((v) => v !== '', MESSAGES.required)
    .refine((v) => v === '' || check(v), message);

const optionalDigits = (check: (v: string) => boolean, message: string) =>
  textSchema({ error: PERSON_MESSAGES.text })
    .optional()
    .nullable()
    .transform((v) => (v ? onlyDigits(v) : undefined))
    .refine((v) => !v || check(v), message)
    .transform((v) => (v ? v : undefined));

const addressOrNull = AddressSchema.optional()
  .nullable()
  .transform((a) => (a && Object.values(a).some((v) => v !== undefined) ? a : null));

/** Why a ballot number does not fit the office (digits) or the party (prefix), or undefined. */
export function ballotNumberProblem(
  office: PoliticalOffice,
  partyInitials: string,
  candidateNumber: number | undefined,
): string | undefined {
  if (candidateNumber === undefined) return undefined;
  const digits = BALLOT_NUMBER_DIGITS[providerOffice(office)];
  if (String(candidateNumber).length !== digits) return POLITICIAN_TEXTS.ballotNumber(digits);
  const party = partyOf(partyInitials);
  if (party && !String(candidateNumber).startsWith(String(party.number)))
    return POLITICIAN_TEXTS.partyPrefix(party.initials, party.number);
  return undefined;
}

/**
 * A choice a form requires: missing or left empty (absent, null, '' or blanks: a cleared select)
 * → 'Campo Obrigatório'; a value outside the list → 'Valor não permitido' (issue 40).
 */
export const requiredChoice = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, {
    error: (issue) =>
      issue.input === undefined ||
      issue.input === null ||
      (typeof issue.input === 'string' && !issue.input.trim())
        ? MESSAGES.required
        : MESSAGES.notAllowed,
  });

export const PoliticalOfficeSchema = requiredChoice(POLITICAL_OFFICES);
export const PoliticalPartySchema = requiredChoice(POLITICAL_PARTY_INITIALS);

/**
 * POST /sys-admin/politicians and PUT /sys-admin/politicians/{id}: the administrative record of a
 * politician (candidate or office holder). Required: name, CPF, office and party — what identifies
 * the candidacy; the rest is what the donations wizard (spec 3 §3 "Politician", steps 1 and 2) asks
 * and may complete later. Unknown keys are refused (strict).
 */
export const PoliticianSaveSchema = z
  .strictObject({
    name: requiredLine(150),
    ballotName: optionalLine(60),
    cpf: requiredDigits(isValidCpf, PERSON_MESSAGES.cpf),
    rg: optionalLine(20),
    idDispatchingAgency: optionalLine(20),
    voterRegistration: optionalDigits(isValidVoterRegistration, POLITICIAN_TEXTS.voterRegistration),
    birthday: OptionalDateSchema,
    email: optionalEmail,
    politicalOffice: PoliticalOfficeSchema,
    politicalParty: PoliticalPartySchema,
    candidateNumber: z
      .number({ error: PERSON_MESSAGES.integer })
      .int(PERSON_MESSAGES.integer)
      .min(10, PERSON_MESSAGES.integer)
      .max(99_999, PERSON_MESSAGES.integer)
      .optional()
      .nullable()
      .transform((v) => v ?? undefined),
    candidateCnpj: optionalDigits(isValidCnpj, PERSON_MESSAGES.cnpj),
    electoralState: AddressSchema.shape.state,
    electoralCity: optionalLine(100),
    phone: optionalPhone,
    mobilePhone: optionalPhone,
    address: addressOrNull,
    donationCampaignDescription: optionalText(500),
    active: z
      .boolean({ error: MESSAGES.invalidNested })
      .optional()
      .nullable()
      .transform((v) => v ?? true),
  })
  .superRefine((p, ctx) => {
    const message = ballotNumberProblem(p.politicalOffice, p.politicalParty, p.candidateNumber);
    if (message) ctx.addIssue({ code: 'custom', path: ['candidateNumber'], message });
  });
export type PoliticianSaveInput = z.input<typeof PoliticianSaveSchema>;
export type PoliticianSave = z.output<typeof PoliticianSaveSchema>;

/** GET /sys-admin/politicians: paged by name; `searchString` on name, ballot name or CPF digits. */
export const PoliticiansQuerySchema = z.strictObject({
  searchString: textSchema().trim().max(100).optional(),
  active: z
    .enum(['true', 'false'], { error: MESSAGES.notAllowed })
    .transform((v) => v === 'true')
    .optional(),
  ...pageQuery(20),
});
export type PoliticiansQuery = z.output<typeof PoliticiansQuerySchema>;

/** A politician as the API answers it. */
export const PoliticianSchema = z
  .object({
    code: z.number(),
    name: z.string(),
    ballotName: z.string().nullable(),
    cpf: z.string(),
    rg: z.string().nullable(),
    idDispatchingAgency: z.string().nullable(),
    voterRegistration: z.string().nullable(),
    birthday: z.string().nullable(),
    email: z.string().nullable(),
    politicalOffice: PoliticalOfficeSchema,
    politicalParty: z.string(),
    candidateNumber: z.number().nullable(),
    candidateCnpj: z.string().nullable(),
    electoralState: z.string().nullable(),
    electoralCity: z.string().nullable(),
    phone: z.string().nullable(),
    mobilePhone: z.string().nullable(),
    address: AddressAnswerSchema.nullable(),
    donationCampaignDescription: z.string().nullable(),
    active: z.boolean(),
    createDate: z.string(),
    updateDate: z.string(),
  })
  .meta({ id: 'Politician' });
export type Politician = z.infer<typeof PoliticianSchema>;
