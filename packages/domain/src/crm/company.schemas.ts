import { z } from 'zod';
import { MESSAGES } from '../common/messages.ts';
import { textSchema } from '../common/text.ts';
import {
  AddressAnswerSchema,
  AddressSchema,
  CodeNameSchema,
  optionalEmail,
  optionalPhone,
  PERSON_MESSAGES,
  TagCodesSchema,
} from './person.schemas.ts';
import { isValidCnpj, onlyDigits } from './validators.ts';

/** POST /companies and PUT /companies/{id} (spec 2 §3 "Company", §5). */
export const CompanySaveSchema = z.strictObject({
  name: textSchema({
    error: (issue) => (issue.input === undefined ? MESSAGES.required : PERSON_MESSAGES.text),
  })
    .trim()
    .min(1, MESSAGES.required)
    .max(200),
  cnpj: z
    .string({ error: PERSON_MESSAGES.text })
    .optional()
    .nullable()
    .transform((v) => (v ? onlyDigits(v) : undefined))
    .refine((v) => !v || isValidCnpj(v), PERSON_MESSAGES.cnpj)
    .transform((v) => (v ? v : undefined)),
  email: optionalEmail,
  phone: optionalPhone,
  address: AddressSchema.optional()
    .nullable()
    .transform((a) => (a && Object.values(a).some((v) => v !== undefined) ? a : null)),
  tags: TagCodesSchema,
  mainContactPersonCode: z
    .number({ error: PERSON_MESSAGES.integer })
    .int(PERSON_MESSAGES.integer)
    .positive(PERSON_MESSAGES.integer)
    .optional()
    .nullable()
    .transform((v) => v ?? undefined),
});
export type CompanySave = z.output<typeof CompanySaveSchema>;

export const CompanySchema = z
  .object({
    code: z.number(),
    name: z.string(),
    cnpj: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    address: AddressAnswerSchema.nullable(),
    tags: z.array(CodeNameSchema),
    mainContact: CodeNameSchema.nullable(),
    createDate: z.string(),
  })
  .meta({ id: 'Company' });
export type Company = z.infer<typeof CompanySchema>;

export const TagCreateSchema = z.strictObject({
  name: textSchema({ error: PERSON_MESSAGES.text })
    .trim()
    .min(1, MESSAGES.required)
    .max(60, 'Máximo de 60 caracteres'),
});
