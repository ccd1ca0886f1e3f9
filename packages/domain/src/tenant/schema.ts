import { z } from 'zod';
import { RoleSchema } from '../access/roles.ts';
import { PlanIdSchema } from './plans.ts';

/** The tenant ("schema") as the API returns it (spec 1 §3). */
export const TenantSchemaSchema = z
  .object({
    slug: z.string(),
    code: z.string(),
    name: z.string(),
    logoUrl: z.string().nullable(),
    /** Present only for signed-in users of the tenant; never the secret itself. */
    hasMarketingSecret: z.boolean().optional(),
    plan: z
      .object({ id: PlanIdSchema, name: z.string(), totalUser: z.number(), totalContacts: z.number() })
      .optional(),
    planConsumption: z.object({ totalContactsUsed: z.number() }).optional(),
    enableAddressRevalidation: z.boolean().optional(),
    deactiveDate: z.string().nullable().optional(),
    modules: z.object({ demands: z.boolean() }).optional(),
  })
  .meta({ id: 'TenantSchema' });
export type TenantSchema = z.infer<typeof TenantSchemaSchema>;

export const SessionUserSchema = z.object({
  code: z.string(),
  name: z.string(),
  email: z.string(),
  cellphone: z.string().nullable(),
  active: z.boolean(),
  permissions: z.array(RoleSchema),
});
export type SessionUser = z.infer<typeof SessionUserSchema>;

export const LoginAnswerSchema = z
  .object({
    user: SessionUserSchema,
    token: z.string(),
    expiresAt: z.string(),
    integrationKeys: z.object({
      leads: z.object({ projectCode: z.string().nullable(), token: z.string().nullable() }),
      docs: z.object({ apiToken: z.string().nullable() }),
    }),
  })
  .meta({ id: 'LoginAnswer' });
export type LoginAnswer = z.infer<typeof LoginAnswerSchema>;

export const PlanConsumptionSchema = z.object({
  totalUsersUsed: z.number(),
  totalContactsUsed: z.number(),
});
export type PlanConsumption = z.infer<typeof PlanConsumptionSchema>;

/** GET /auth/verify */
export const SessionAnswerSchema = z.object({ user: SessionUserSchema });
/** POST /auth/logout */
export const LoggedOutSchema = z.object({ loggedOut: z.literal(true) });
/** PUT /auth/forgot-password and PUT /users/{code}/reset-password */
export const PasswordSentSchema = z.object({ sent: z.boolean() });
/** PUT /users/{code}/change-password */
export const PasswordChangedSchema = z.object({ changed: z.boolean() });
/** GET /users/names: an active user to pick (guest, responsible). */
export const UserNameSchema = z.object({ code: z.string(), name: z.string() });
