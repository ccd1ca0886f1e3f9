import { z } from 'zod';
import { MESSAGES } from '../common/messages.ts';
import { textSchema } from '../common/text.ts';
import {
  AddressSchema,
  type CodeName,
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

export interface Company {
  code: number;
  name: string;
  cnpj: string | null;
  email: string | null;
  phone: string | null;
  address: z.infer<typeof AddressSchema> | null;
  tags: CodeName[];
  mainContact: CodeName | null;
  createDate: string;
}

export const TagCreateSchema = z.strictObject({
  name: textSchema({ error: PERSON_MESSAGES.text })
    .trim()
    .min(1, MESSAGES.required)
    .max(60, 'Máximo de 60 caracteres'),
});
