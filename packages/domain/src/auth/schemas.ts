import { z } from 'zod';
import { RoleSchema } from '../access/roles.ts';
import { MESSAGES } from '../common/messages.ts';
import { textSchema } from '../common/text.ts';
import { PERSON_MESSAGES } from '../crm/person.schemas.ts';

const required = (s: z.ZodString) => s.trim().min(1, MESSAGES.required);
const noSpaces = (s: z.ZodString) => s.refine((v) => !/\s/.test(v), MESSAGES.noSpaces);

/** Lowercase hex SHA-256 of the typed password ("hashed on the client"). */
export const ClientHashSchema = z
  .string({ error: MESSAGES.required })
  .regex(/^[0-9a-f]{64}$/, 'Senha deve ser enviada como SHA-256 em hexadecimal');

export const EmailSchema = required(z.string({ error: MESSAGES.required }))
  .max(254, 'E-mail muito longo')
  .pipe(z.email({ error: 'E-mail inválido' }));

export const SchemaSlugSchema = noSpaces(required(textSchema({ error: MESSAGES.required })));

/** What the login form holds (before hashing). */
export const LoginFormSchema = z.object({
  schema: SchemaSlugSchema,
  email: EmailSchema,
  password: noSpaces(z.string({ error: MESSAGES.required }).min(1, MESSAGES.required)),
});
export type LoginForm = z.infer<typeof LoginFormSchema>;

/** Body of POST /api/auth/login (the schema goes in the X-Schema header). */
export const LoginBodySchema = z.strictObject({ email: EmailSchema, password: ClientHashSchema });
export type LoginBody = z.infer<typeof LoginBodySchema>;

export const RecoveryFormSchema = z.object({ schema: SchemaSlugSchema, email: EmailSchema });
export const ForgotPasswordBodySchema = z.strictObject({ email: EmailSchema });

export const ChangePasswordBodySchema = z.strictObject({
  oldPassword: ClientHashSchema,
  newPassword: ClientHashSchema,
});
export type ChangePasswordBody = z.infer<typeof ChangePasswordBodySchema>;

export const ChangePermissionsBodySchema = z.strictObject({
  active: z.boolean({ error: MESSAGES.invalidNested }),
  permissions: z.array(RoleSchema).max(20),
});
export type ChangePermissionsBody = z.infer<typeof ChangePermissionsBodySchema>;

export const ProfileUpdateBodySchema = z.strictObject({
  name: required(textSchema({ error: MESSAGES.required })).max(150),
  email: EmailSchema,
  cellphone: required(z.string({ error: MESSAGES.required }))
    .transform((v) => v.replace(/\D/g, ''))
    .refine((v) => /^\d{10,11}$/.test(v), PERSON_MESSAGES.phone),
});
export type ProfileUpdateBody = z.infer<typeof ProfileUpdateBodySchema>;
