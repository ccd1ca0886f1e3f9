import { z } from 'zod';
import { MESSAGES } from '../common/messages.ts';
import { textSchema } from '../common/text.ts';
import { BrStateSchema, GenderSchema, VoteSchema } from './enums.ts';
import {
  brDateToIso,
  isValidCep,
  isValidCpf,
  isValidIsoDate,
  isValidPhone,
  onlyDigits,
} from './validators.ts';

export const PERSON_MESSAGES = {
  general: 'Preencha os campos corretamente para prosseguir',
  oneOfRequired: 'Informe no mínimo nome ou e-mail ou celular',
  teamNeedsEmail: 'Informe um e-mail válido para prosseguir',
  stateRequired: 'Informe o estado para prosseguir',
  email: 'Email inválido',
  phone: 'Telefone inválido',
  cpf: 'Cpf Inválido',
  cnpj: 'Cnpj Inválido!',
  date: 'Data inválida! (dd/mm/aaaa)',
  number: 'Deve ser um número',
  text: 'Valor deve ser do tipo texto!',
  integer: MESSAGES.integer,
  cep: 'CEP inválido',
  influencePositive: 'Influência deve ser maior que zero',
  /** shown for people saved without a name (spec 2 §2) */
  unnamed: '[Sem Nome]',
} as const;

/** Optional text: trimmed, empty → undefined (spec: empty-string fields are left out). */
export const optionalText = (max: number) =>
  textSchema({ error: PERSON_MESSAGES.text })
    .trim()
    .max(max, `Máximo de ${max} caracteres`)
    .optional()
    .nullable()
    .transform((v) => (v ? v : undefined));

const optionalDigits = (check: (v: string) => boolean, message: string) =>
  z
    .string({ error: PERSON_MESSAGES.text })
    .optional()
    .nullable()
    .transform((v) => (v ? onlyDigits(v) : undefined))
    .refine((v) => v === undefined || v === '' || check(v), message)
    .transform((v) => (v ? v : undefined));

export const optionalEmail = z
  .string({ error: PERSON_MESSAGES.text })
  .trim()
  .toLowerCase()
  .max(254, PERSON_MESSAGES.email)
  .optional()
  .nullable()
  .refine((v) => !v || z.email().safeParse(v).success, PERSON_MESSAGES.email)
  .transform((v) => (v ? v : undefined));

export const optionalPhone = optionalDigits(isValidPhone, PERSON_MESSAGES.phone);

const optionalCode = z
  .number({ error: PERSON_MESSAGES.integer })
  .int(PERSON_MESSAGES.integer)
  .positive(PERSON_MESSAGES.integer)
  .optional()
  .nullable()
  .transform((v) => v ?? undefined);

export const TagCodesSchema = z
  .array(
    z
      .number({ error: PERSON_MESSAGES.integer })
      .int(PERSON_MESSAGES.integer)
      .positive(PERSON_MESSAGES.integer),
    { error: MESSAGES.integerList },
  )
  .max(200)
  .optional()
  .nullable()
  .transform((v) => [...new Set(v ?? [])]);

/** A birth date as DD/MM/YYYY (form) or YYYY-MM-DD[ HH:mm:ss] (API); stored YYYY-MM-DD. */
export const OptionalDateSchema = z
  .string({ error: PERSON_MESSAGES.date })
  .trim()
  .optional()
  .nullable()
  .transform((v, ctx) => {
    if (!v) return undefined;
    const iso = v.includes('/') ? brDateToIso(v) : v.slice(0, 10);
    if (!iso || !isValidIsoDate(iso) || iso < '1901-01-01' || iso > new Date().toISOString().slice(0, 10)) {
      ctx.addIssue({ code: 'custom', message: PERSON_MESSAGES.date });
      return z.NEVER;
    }
    return iso;
  });

export const AddressSchema = z
  .strictObject({
    zipCode: optionalDigits(isValidCep, PERSON_MESSAGES.cep),
    street: optionalText(200),
    number: optionalText(20),
    complement: optionalText(100),
    neighborhood: optionalText(100),
    city: optionalText(100),
    state: BrStateSchema.optional()
      .nullable()
      .transform((v) => v ?? undefined),
  })
  .superRefine((address, ctx) => {
    const anyField = Object.entries(address).some(([k, v]) => k !== 'state' && v !== undefined);
    if (anyField && !address.state)
      ctx.addIssue({ code: 'custom', path: ['state'], message: PERSON_MESSAGES.stateRequired });
  });
export type Address = z.infer<typeof AddressSchema>;

const addressOrNull = AddressSchema.optional()
  .nullable()
  .transform((a) => (a && Object.values(a).some((v) => v !== undefined) ? a : null));

/** POST /people and PUT /people/{id} (spec 2 §3 "Person save payload", rules of §5). */
export const PersonSaveSchema = z
  .strictObject({
    name: optionalText(150),
    email: optionalEmail,
    cellphone: optionalPhone,
    phoneTwo: optionalPhone,
    cpf: optionalDigits(isValidCpf, PERSON_MESSAGES.cpf),
    birthDate: OptionalDateSchema,
    nickname: optionalText(100),
    gender: GenderSchema.optional()
      .nullable()
      .transform((v) => v ?? undefined),
    address: addressOrNull,
    profession: optionalText(100),
    companyCode: optionalCode,
    votingZone: optionalText(10),
    votingSection: optionalText(10),
    isUser: z
      .boolean({ error: MESSAGES.invalidNested })
      .optional()
      .nullable()
      .transform((v) => v ?? false),
    vote: VoteSchema.optional()
      .nullable()
      .transform((v) => v ?? 'TO_CONQUER'),
    influence: z
      .number({ error: PERSON_MESSAGES.number })
      .int(PERSON_MESSAGES.number)
      .min(0, PERSON_MESSAGES.number)
      .max(1_000_000, PERSON_MESSAGES.number)
      .optional()
      .nullable()
      .transform((v) => v ?? 0),
    tags: TagCodesSchema,
    godfatherCode: optionalCode,
    notes: optionalText(5000),
  })
  .superRefine((p, ctx) => {
    if (!p.name && !p.email && !p.cellphone) {
      ctx.addIssue({ code: 'custom', path: ['name'], message: PERSON_MESSAGES.oneOfRequired });
    }
    if (p.isUser && !p.email)
      ctx.addIssue({ code: 'custom', path: ['email'], message: PERSON_MESSAGES.teamNeedsEmail });
  });
export type PersonSaveInput = z.input<typeof PersonSaveSchema>;
export type PersonSave = z.output<typeof PersonSaveSchema>;

export const VoteUpdateSchema = z.strictObject({ vote: VoteSchema });
export const InfluenceUpdateSchema = z.strictObject({
  influence: z.number({ error: PERSON_MESSAGES.number }).int(PERSON_MESSAGES.number).min(0).max(1_000_000),
});
export const CodesSchema = z.strictObject({
  codes: z.array(z.number().int().positive(), { error: MESSAGES.integerList }).min(1).max(10_000),
});

export interface CodeName {
  code: number;
  name: string;
}

/** A person as the API returns it (spec 2 §3). */
export interface Person {
  code: number;
  name: string | null;
  email: string | null;
  cellphone: string | null;
  phoneTwo: string | null;
  cpf: string | null;
  birthDate: string | null;
  nickname: string | null;
  gender: z.infer<typeof GenderSchema> | null;
  address: Address | null;
  profession: string | null;
  company: CodeName | null;
  godfather: CodeName | null;
  votingZone: string | null;
  votingSection: string | null;
  notes: string | null;
  tags: CodeName[];
  vote: z.infer<typeof VoteSchema>;
  influence: number;
  emailStatus: 'VALID' | 'INVALID' | 'UNCHECKED';
  smsStatus: 'VALID' | 'INVALID' | 'UNCHECKED';
  isUser: boolean;
  /** Team members: the login user behind the person (permissions dialog uses its code). */
  user: { code: string; active: boolean } | null;
  createDate: string;
  createdBy: { code: string; name: string } | null;
}
