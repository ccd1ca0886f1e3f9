import { z } from 'zod';
import { MESSAGES } from '../common/messages.ts';
import { ROLES, type Role, RoleSchema } from './roles.ts';

/** Texts of the user-management refusals (the server answers them; the web shows them). */
export const USER_MESSAGES = {
  notFound: 'Usuário não encontrado',
  ownPermissions: 'Você não pode alterar as suas próprias permissões',
  grantForeign: 'Você não pode conceder ou remover permissões que não possui',
  targetHoldsMore: 'Você não pode alterar um usuário que tem permissões que você não possui',
  loginEmail: 'Só o próprio usuário ou quem tem a permissão Configurações altera o e-mail de acesso',
  ownPasswordOnly: 'Só é possível alterar a sua própria senha',
  planUsers: (max: number) => `O plano permite no máximo ${max} usuários ativos`,
  emailInUse: 'Este e-mail já é usado por outro usuário',
  emailTaken: 'E-mail já cadastrado',
  // operator paths (CLI, demo seed)
  emailTakenBy: (email: string) => `E-mail já cadastrado: ${email}`,
  notFoundByEmail: (email: string) => `Usuário não encontrado: ${email}`,
  invalidEmail: (email: string) => `E-mail inválido: ${email}`,
  nameRequired: MESSAGES.nameRequired,
  passwordTooShort: 'A senha deve ter ao menos 6 caracteres',
  invalidPermissions: `Permissões inválidas. Use: ${ROLES.join(', ')}`,
} as const;

/** A user as the rules see them: who they are and what they hold. */
export interface UserAccess {
  code: string;
  permissions: readonly Role[];
}

/** GET /users/{code} and PUT …/change-permissions: a user's access. */
export const UserAccessAnswerSchema = z.object({
  code: z.string(),
  active: z.boolean(),
  permissions: z.array(RoleSchema),
});

/** The actions on another user (or oneself) that the server guards. */
export type UserAction =
  /** read a user's access (GET /users/{code}) */
  | 'view'
  /** grant, remove, activate or deactivate (PUT /users/{code}/change-permissions) */
  | 'changeAccess'
  /** send a new password (PUT /users/{code}/reset-password) */
  | 'resetPassword'
  /** name and other contact fields through the team-person record */
  | 'changeContact'
  /** the login e-mail, through the team-person record */
  | 'changeLoginEmail'
  /** removing the team-person record switches the login off */
  | 'deactivate';

/** ROLE_CRM_ALL_DATA widens ROLE_CRM, so holding it means holding ROLE_CRM. */
export function withImpliedRoles(permissions: readonly Role[]): Role[] {
  const set = new Set(permissions);
  if (set.has('ROLE_CRM_ALL_DATA')) set.add('ROLE_CRM');
  return [...set];
}

/** Whether `actor` holds every permission of `permissions` (implied ones included on both sides). */
export function holdsAll(actor: readonly Role[], permissions: readonly Role[]): boolean {
  const held = new Set(withImpliedRoles(actor));
  return withImpliedRoles(permissions).every((p) => held.has(p));
}

/**
 * Why `actor` may not do `action` on `target` (a pt-BR message), or null when allowed. Rules:
 * nobody acts on a user who holds a permission they lack; nobody changes their own access or
 * grants/removes what they do not hold; a login e-mail changes only by its owner or by ROLE_CONFIG.
 * `next` is the permission set asked for by changeAccess.
 */
export function userActionRefusal(
  actor: UserAccess,
  target: UserAccess,
  action: UserAction,
  next: readonly Role[] = [],
): string | null {
  const FORBIDDEN = MESSAGES.forbidden;
  const self = actor.code === target.code;
  const team = actor.permissions.includes('ROLE_TEAM');
  const covers = holdsAll(actor.permissions, target.permissions);
  switch (action) {
    case 'view':
      return self || team ? null : FORBIDDEN;
    case 'changeAccess':
      if (!team) return FORBIDDEN;
      if (self) return USER_MESSAGES.ownPermissions;
      if (!covers) return USER_MESSAGES.targetHoldsMore;
      return holdsAll(actor.permissions, next) ? null : USER_MESSAGES.grantForeign;
    case 'resetPassword':
      if (!team) return FORBIDDEN;
      return covers ? null : USER_MESSAGES.targetHoldsMore;
    case 'changeContact':
    case 'deactivate':
      return self || covers ? null : USER_MESSAGES.targetHoldsMore;
    case 'changeLoginEmail':
      if (self) return null;
      if (!actor.permissions.includes('ROLE_CONFIG')) return USER_MESSAGES.loginEmail;
      return covers ? null : USER_MESSAGES.targetHoldsMore;
  }
}
