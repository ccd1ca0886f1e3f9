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

/**
 * Voting zone and section: text, or the whole number the spec's client sends (spec 2 §3, the import's
 * 'zona'/'secao' are numeric); a fraction or a negative number stays a 400.
 */
const votingNumber = z.preprocess(
  (v) => (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? String(v) : v),
  optionalText(10),
);

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
    votingZone: votingNumber,
    votingSection: votingNumber,
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

export const CodeNameSchema = z.object({ code: z.number(), name: z.string() });
export type CodeName = z.infer<typeof CodeNameSchema>;

/**
 * An address as the API answers it: only the filled fields (the `undefined` fields of `Address` are
 * absent from the JSON). Typed as `Address` so the answer types keep the form's address type.
 */
export const AddressAnswerSchema = z.object({
  zipCode: z.string().optional(),
  street: z.string().optional(),
  number: z.string().optional(),
  complement: z.string().optional(),
  neighborhood: z.string().optional(),
  city: z.string().optional(),
  state: BrStateSchema.optional(),
}) as unknown as z.ZodType<Address>;

const ChannelStatusSchema = z.enum(['VALID', 'INVALID', 'UNCHECKED']);

/** A person as the API returns it (spec 2 §3). */
export const PersonSchema = z
  .object({
    code: z.number(),
    name: z.string().nullable(),
    email: z.string().nullable(),
    cellphone: z.string().nullable(),
    phoneTwo: z.string().nullable(),
    cpf: z.string().nullable(),
    birthDate: z.string().nullable(),
    nickname: z.string().nullable(),
    gender: GenderSchema.nullable(),
    address: AddressAnswerSchema.nullable(),
    profession: z.string().nullable(),
    company: CodeNameSchema.nullable(),
    godfather: CodeNameSchema.nullable(),
    votingZone: z.string().nullable(),
    votingSection: z.string().nullable(),
    notes: z.string().nullable(),
    tags: z.array(CodeNameSchema),
    vote: VoteSchema,
    influence: z.number(),
    emailStatus: ChannelStatusSchema,
    smsStatus: ChannelStatusSchema,
    isUser: z.boolean(),
    /** Team members: the login user behind the person (permissions dialog uses its code). */
    user: z.object({ code: z.string(), active: z.boolean() }).nullable(),
    createDate: z.string(),
    createdBy: z.object({ code: z.string(), name: z.string() }).nullable(),
  })
  .meta({ id: 'Person' });
export type Person = z.infer<typeof PersonSchema>;

/** Answers of removals: the removed code, or how many went. */
export const RemovedSchema = z.object({ code: z.number() });
export const RemovedManySchema = z.object({ total: z.number() });
