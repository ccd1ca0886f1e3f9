import { z } from 'zod';
import { ProfileUpdateBodySchema } from '../auth/schemas.ts';
import { MESSAGES } from '../common/messages.ts';
import { AddressAnswerSchema, AddressSchema } from '../crm/person.schemas.ts';
import { SessionUserSchema } from '../tenant/schema.ts';

/** Texts of spec 2 §8 "Profile and password". */
export const PROFILE_MESSAGES = {
  loadError: 'Não encontramos o usuário logado',
  saveError: 'Ocorreu algum erro ao salvar seus dados',
  saved: 'Seus dados foram atualizados com sucesso',
  passwordError: 'Não foi possível altear a sua senha',
  passwordChanged: 'Senha alterada com sucesso!',
  passwordMismatch: 'A nova senha e a confirmação não estão iguais',
} as const;

/**
 * PUT /users/me ('Meus dados', spec 2 §3 "User profile", §5): name, email and cellphone required,
 * plus the address block with the person address rules (state required once any field is filled).
 * `address` absent leaves the stored address as it is; null or all-empty clears it.
 */
export const ProfileSaveSchema = ProfileUpdateBodySchema.extend({
  address: AddressSchema.optional()
    .nullable()
    .transform((a) =>
      a === undefined ? undefined : a && Object.values(a).some((v) => v !== undefined) ? a : null,
    ),
});
export type ProfileSave = z.output<typeof ProfileSaveSchema>;

/** 'Alterar senha' modal (typed passwords, before hashing): all required, confirmation must match. */
export const PasswordChangeFormSchema = z
  .object({
    currentPassword: z.string({ error: MESSAGES.required }).min(1, MESSAGES.required),
    newPassword: z.string({ error: MESSAGES.required }).min(1, MESSAGES.required),
    confirmNewPassword: z.string({ error: MESSAGES.required }).min(1, MESSAGES.required),
  })
  .superRefine((form, ctx) => {
    if (form.newPassword && form.confirmNewPassword && form.newPassword !== form.confirmNewPassword)
      ctx.addIssue({
        code: 'custom',
        path: ['confirmNewPassword'],
        message: PROFILE_MESSAGES.passwordMismatch,
      });
  });

/** GET/PUT /users/me answer: the session user plus the address of their team person record. */
export const ProfileSchema = SessionUserSchema.extend({ address: AddressAnswerSchema.nullable() });
export type Profile = z.infer<typeof ProfileSchema>;
