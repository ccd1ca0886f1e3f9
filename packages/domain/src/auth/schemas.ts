import { z } from 'zod';
import { RoleSchema } from '../access/roles.ts';
import { MESSAGES } from '../common/messages.ts';
import { textSchema } from '../common/text.ts';
import { PERSON_MESSAGES } from '../crm/person.schemas.ts';
import {
  AUTH_FIELD_MESSAGES,
  EMAIL_MAX_LENGTH,
  emailProblem,
  passwordProblem,
  tenantDomainProblem,
} from './login-rules.ts';

export * from './login-rules.ts';

const required = (s: z.ZodString) => s.trim().min(1, MESSAGES.required);
/** A form field checked by one of the plain rules of login-rules.ts (its message, if any). */
const ruled = (problem: (value: string) => string | undefined) =>
  z.string({ error: MESSAGES.required }).superRefine((value, ctx) => {
    const message = problem(value);
    if (message) ctx.addIssue({ code: 'custom', message });
  });

/** Lowercase hex SHA-256 of the typed password ("hashed on the client"). */
export const ClientHashSchema = z
  .string({ error: MESSAGES.required })
  .regex(/^[0-9a-f]{64}$/, 'Senha deve ser enviada como SHA-256 em hexadecimal');

export const EmailSchema = required(z.string({ error: MESSAGES.required }))
  .max(EMAIL_MAX_LENGTH, AUTH_FIELD_MESSAGES.emailTooLong)
  .pipe(z.email({ error: AUTH_FIELD_MESSAGES.invalidEmail }));

/** The 'Domínio' field of the auth forms (trimmed). */
export const SchemaSlugSchema = ruled(tenantDomainProblem).trim();
/** The 'E-mail' field of the auth forms (trimmed); the same rule as EmailSchema. */
const FormEmailSchema = ruled(emailProblem).trim();

/** What the login form holds (before hashing). */
export const LoginFormSchema = z.object({
  schema: SchemaSlugSchema,
  email: FormEmailSchema,
  password: ruled(passwordProblem),
});
export type LoginForm = z.infer<typeof LoginFormSchema>;

/** Body of POST /api/auth/login (the schema goes in the X-Schema header). */
export const LoginBodySchema = z.strictObject({ email: EmailSchema, password: ClientHashSchema });
export type LoginBody = z.infer<typeof LoginBodySchema>;

export const RecoveryFormSchema = z.object({ schema: SchemaSlugSchema, email: FormEmailSchema });
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
