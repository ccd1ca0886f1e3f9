import {
  DONATION_LIMITS,
  DONATION_SANDBOX_TEXTS,
  DONATION_TEXTS,
  hasControlCharacters,
  isValidCep,
  isValidCpf,
  isValidIsoDate,
  isValidPhone,
  isValidVoterRegistration,
  MESSAGES,
  onlyDigits,
  photoTypeOf,
  zonedDate,
} from '@mandato/domain';
import { z } from 'zod';
import { OFFICE_IDS, PARTY_IDS } from './catalog.ts';
import { centsOfReais } from './money.ts';

const T = DONATION_SANDBOX_TEXTS.api;
const { required, invalidNested: invalid, unknownField } = MESSAGES;

/** The provider's validation answer: field (dotted when nested) → messages. */
export type FieldErrors = Record<string, string[]>;

export type Parsed<T> = { ok: true; value: T } | { ok: false; errors: FieldErrors };

const text = (max: number) =>
  z
    .string()
    .trim()
    .min(1, required)
    .max(max, invalid)
    .refine((v) => !hasControlCharacters(v), invalid);

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, invalid)
    .refine((v) => !hasControlCharacters(v), invalid)
    .optional();

const digitsOf = (max: number, valid: (v: string) => boolean, message: string) =>
  z.string().max(max, message).refine(valid, message).transform(onlyDigits);

const email = z.email(T.email).max(254, T.email);

const money = z
  .number()
  .refine((v) => centsOfReais(v) !== undefined, T.money)
  .transform((v) => centsOfReais(v) as number);

/** The photo as base64 (or a data: URL): a jpg or png of at most 1 MB, by its first bytes. */
const photo = z
  .string()
  .max(4 * DONATION_LIMITS.photoMaxBytes, DONATION_TEXTS.photo.tooBig)
  .transform((value, ctx) => {
    const base64 = value.replace(/^data:image\/(?:png|jpe?g);base64,/, '');
    if (base64 === '') {
      ctx.addIssue({ code: 'custom', message: required });
      return z.NEVER;
    }
    if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64) || base64.length % 4 === 1) {
      ctx.addIssue({ code: 'custom', message: DONATION_TEXTS.photo.types });
      return z.NEVER;
    }
    const bytes = Buffer.from(base64, 'base64');
    const tipo = photoTypeOf(bytes);
    if (!tipo) ctx.addIssue({ code: 'custom', message: DONATION_TEXTS.photo.types });
    else if (bytes.length > DONATION_LIMITS.photoMaxBytes)
      ctx.addIssue({ code: 'custom', message: DONATION_TEXTS.photo.tooBig });
    return { tipo: tipo ?? 'image/png', bytes: bytes.length } as const;
  });

const AddressBody = z
  .strictObject({
    tipo_endereco_id: z.literal(1, invalid),
    logradouro: text(200),
    numero: text(20),
    complemento: optionalText(200),
    uf_codigo_ibge: z.number().int(T.ibge).min(11, T.ibge).max(53, T.ibge),
    municipio_codigo_ibge: z.number().int(T.ibge).min(1_100_000, T.ibge).max(5_399_999, T.ibge),
    bairro: text(120),
    cep: digitsOf(12, isValidCep, T.zipCode),
    fone: digitsOf(20, isValidPhone, T.phone),
    celular: digitsOf(20, isValidPhone, T.phone),
    email,
  })
  .refine((a) => Math.trunc(a.municipio_codigo_ibge / 100_000) === a.uf_codigo_ibge, {
    message: T.ibge,
    path: ['municipio_codigo_ibge'],
  });

export const CandidateBody = z.strictObject({
  nome: text(200),
  cpf: digitsOf(20, isValidCpf, T.cpf),
  rg: text(30),
  orgao_expedidor: text(30),
  titulo_eleitoral: digitsOf(20, isValidVoterRegistration, DONATION_TEXTS.politician.voterRegistration),
  data_nascimento: z
    .string()
    .refine((v) => isValidIsoDate(v) && v >= '1901-01-01' && v < zonedDate(new Date()), T.birthday),
  tipo_candidatura_id: z
    .number()
    .int(T.office)
    .refine((id) => OFFICE_IDS.has(id), T.office),
  partido_id: z
    .number()
    .int(T.party)
    .refine((id) => PARTY_IDS.has(id), T.party),
  descricao_preferencia_campanha: text(2000),
  email_usuario: email,
  imagem_base_64: photo,
  endereco_attributes: AddressBody,
});
export type CandidateInput = z.output<typeof CandidateBody>;

export const CampaignBody = z.strictObject({
  candidato_id: z.number().int(T.candidateNotFound).positive(T.candidateNotFound),
  nome: text(120),
  ativo: z.boolean(invalid),
  valor_minimo: money,
  valor_sugerido: money.nullable().optional(),
  valor_maximo: money,
});
export type CampaignInput = z.output<typeof CampaignBody>;

export const FaultBody = z.strictObject({
  path: z.string().regex(/^\/[A-Za-z0-9_/-]{0,200}$/, invalid),
  method: z.enum(['GET', 'POST', 'PUT'], invalid).optional(),
  kind: z.enum(['timeout', '5xx', '422'], invalid),
  times: z.number().int(invalid).min(1, invalid).max(1000, invalid).default(1),
});

/** A body checked by a schema, its failures as the provider's field errors. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): Parsed<z.output<S>> {
  const result = schema.safeParse(body, {
    error: (issue) => (issue.input === undefined ? required : invalid),
  });
  if (result.success) return { ok: true, value: result.data };
  const errors = new Map<string, string[]>();
  const add = (field: string, message: string) => errors.set(field, [...(errors.get(field) ?? []), message]);
  for (const issue of result.error.issues) {
    const at = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) add(at ? `${at}.${key}` : key, unknownField);
    } else {
      add(at || 'base', issue.message);
    }
  }
  return { ok: false, errors: Object.fromEntries(errors) };
}
