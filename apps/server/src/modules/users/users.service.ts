import {
  type ChangePasswordBody,
  type ChangePermissionsBody,
  EmailSchema,
  type ListAnswer,
  MESSAGES,
  type Profile,
  type ProfileSave,
  ROLES,
  type Role,
  RoleSchema,
  type SessionUser,
  USER_MESSAGES,
  type UserAction,
  userActionRefusal,
  withImpliedRoles,
} from '@mandato/domain';
import type { AppContext } from '../../platform/app-context.ts';
import { clientHash, hashPassword, verifyPassword } from '../../platform/auth/password.ts';
import { type TenantContext, withTenant } from '../../platform/db/tenancy.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/http/errors.ts';
import type { AuthContext } from '../auth/auth.guard.ts';
import { saveTeamPersonAddress, teamPersonAddress } from '../people/people.lookup.ts';
import { addTeamPerson, syncTeamPerson } from '../people/team-members.ts';
import { countActiveUsers, tenantBySlug } from '../tenants/tenants.lookup.ts';
import { PASSWORD_EMAIL_QUEUE, type PasswordEmailJob, pendingPasswordSecret } from './password-email.job.ts';
import { type UserRecord, usersRepository } from './users.repository.ts';

export function presentUser(user: UserRecord): SessionUser {
  return {
    code: user.code,
    name: user.name,
    email: user.email,
    cellphone: user.cellphone,
    active: user.active,
    permissions: user.permissions,
  };
}

/** The user of `code` when `auth` may do `action` on them (domain userActionRefusal), else 403/404. */
async function guardedUser(
  ctx: TenantContext,
  auth: AuthContext,
  code: string,
  action: UserAction,
  next?: readonly Role[],
): Promise<UserRecord> {
  const user = await usersRepository.findByCode(ctx, code);
  // an unknown code is judged as a user holding nothing: who may not act answers the same either way
  const refusal = userActionRefusal(auth.user, user ?? { code, permissions: [] }, action, next);
  if (refusal) throw forbidden(refusal);
  if (!user) throw notFound(USER_MESSAGES.notFound);
  return user;
}

export async function getAccess(app: AppContext, auth: AuthContext, code: string) {
  const user = await withTenant(app.db, auth.tenant.id, (ctx) => guardedUser(ctx, auth, code, 'view'));
  return { code: user.code, active: user.active, permissions: user.permissions };
}

/**
 * Changes a team member's access (domain rules: not one's own, not a user holding more, nothing
 * granted or removed that the caller lacks; ROLE_CRM_ALL_DATA brings ROLE_CRM); activating
 * respects the plan's user total.
 */
export async function changePermissions(
  app: AppContext,
  auth: AuthContext,
  code: string,
  body: ChangePermissionsBody,
) {
  const permissions = withImpliedRoles(body.permissions);
  return withTenant(app.db, auth.tenant.id, async (ctx) => {
    const user = await guardedUser(ctx, auth, code, 'changeAccess', permissions);
    if (body.active && !user.active && auth.tenant.planTotalUsers > 0) {
      const used = await countActiveUsers(ctx);
      if (used >= auth.tenant.planTotalUsers)
        throw conflict(USER_MESSAGES.planUsers(auth.tenant.planTotalUsers));
    }
    await usersRepository.updateAccess(ctx, user.id, body.active, permissions);
    return { code: user.code, active: body.active, permissions };
  });
}

/** An admin's reset: a new password is e-mailed, pending until first used (the old one still works). */
export async function resetPassword(app: AppContext, auth: AuthContext, code: string) {
  const user = await withTenant(app.db, auth.tenant.id, (ctx) =>
    guardedUser(ctx, auth, code, 'resetPassword'),
  );
  const job: PasswordEmailJob = {
    tenantId: auth.tenant.id,
    tenantSlug: auth.tenant.slug,
    userCode: user.code,
    reason: 'reset',
  };
  await app.jobs.enqueue(PASSWORD_EMAIL_QUEUE, job);
  return { sent: true };
}

export async function changePassword(
  app: AppContext,
  auth: AuthContext,
  code: string,
  body: ChangePasswordBody,
) {
  if (code !== auth.user.code) throw forbidden(USER_MESSAGES.ownPasswordOnly);
  if (!(await verifyPassword(auth.user.passwordHash, body.oldPassword))) {
    throw badRequest(MESSAGES.wrongCurrentPassword, { oldPassword: [MESSAGES.wrongCurrentPassword] });
  }
  const hash = await hashPassword(body.newPassword);
  await withTenant(app.db, auth.tenant.id, (ctx) => usersRepository.updatePassword(ctx, auth.user.id, hash));
  await app.mailer.forgetSecret(auth.tenant.id, pendingPasswordSecret(auth.user.code));
  return { changed: true };
}

/**
 * The user whose password is `password`: the current one, or the pending new one (recovery,
 * reset), which then replaces it — the old password and its sessions stop there.
 */
export async function checkCredentials(
  app: AppContext,
  tenantId: string,
  email: string,
  password: string,
): Promise<UserRecord | undefined> {
  const user = await withTenant(app.db, tenantId, (ctx) => usersRepository.findCredentials(ctx, email));
  if (await verifyPassword(user?.passwordHash ?? null, password)) return user;
  const pending = user?.pendingPasswordHash;
  if (!user || !pending || !(await verifyPassword(pending, password))) return undefined;
  if (!user.active) return user;
  const promoted = await withTenant(app.db, tenantId, (ctx) =>
    usersRepository.promotePendingPassword(ctx, user.id, pending),
  );
  if (!promoted) return checkCredentials(app, tenantId, email, password); // a concurrent login did it
  await app.mailer.forgetSecret(tenantId, pendingPasswordSecret(user.code));
  return promoted;
}

/** The active user of `email` (recovery), if any. */
export async function findActiveUserByEmail(app: AppContext, tenantId: string, email: string) {
  const user = await withTenant(app.db, tenantId, (ctx) => usersRepository.findByEmail(ctx, email));
  return user?.active ? user : undefined;
}

/** GET /users/me: the session user plus the address block of their team person record. */
export async function getProfile(app: AppContext, auth: AuthContext): Promise<Profile> {
  const address = await withTenant(app.db, auth.tenant.id, (ctx) => teamPersonAddress(ctx, auth.user.id));
  return { ...presentUser(auth.user), address };
}

/** PUT /users/me: name, e-mail, cellphone (login and team person) and, when sent, the address. */
export async function updateProfile(app: AppContext, auth: AuthContext, body: ProfileSave): Promise<Profile> {
  return withTenant(app.db, auth.tenant.id, async (ctx) => {
    if (await usersRepository.emailTaken(ctx, body.email, auth.user.id)) {
      throw conflict(USER_MESSAGES.emailTaken, { email: [USER_MESSAGES.emailTaken] });
    }
    const contact = { name: body.name, email: body.email, cellphone: body.cellphone };
    await usersRepository.updateProfile(ctx, auth.user.id, contact);
    await syncTeamPerson(ctx, auth.user.id, contact);
    if (body.address !== undefined) await saveTeamPersonAddress(ctx, auth.user.id, body.address);
    const updated = await usersRepository.findByCode(ctx, auth.user.code);
    if (!updated) throw notFound(USER_MESSAGES.notFound);
    return { ...presentUser(updated), address: await teamPersonAddress(ctx, auth.user.id) };
  });
}

/** Active users by name (code, name): pickers of schedule guests and interaction responsibles. */
export async function userNames(
  app: AppContext,
  auth: AuthContext,
  query: { searchString?: string; page: number; itemsPerPage: number },
): Promise<ListAnswer<{ code: string; name: string }>> {
  const result = await withTenant(app.db, auth.tenant.id, (ctx) =>
    usersRepository.names(ctx, query.searchString?.trim() ?? '', query.page, query.itemsPerPage),
  );
  return { list: result.list.map((u) => ({ code: u.code, name: u.name })), total: result.total };
}

export interface CreateUserInput {
  tenantSlug: string;
  email: string;
  name: string;
  /** the typed password; stored as argon2id of its client hash */
  password: string;
  permissions: Role[];
  active?: boolean;
}

/** Operator path (CLI, demo seed): creates a login-capable user in a tenant. */
export async function createUser(app: Pick<AppContext, 'db'>, input: CreateUserInput): Promise<SessionUser> {
  const tenant = await tenantBySlug(app.db.kysely, input.tenantSlug);
  if (!tenant) throw notFound(`Tenant não encontrado: ${input.tenantSlug}`);
  const email = EmailSchema.safeParse(input.email);
  if (!email.success) throw badRequest(`E-mail inválido: ${input.email}`);
  if (!input.name.trim()) throw badRequest('Nome é obrigatório');
  if (input.password.length < 6) throw badRequest('A senha deve ter ao menos 6 caracteres');
  const roles = RoleSchema.array().safeParse(input.permissions);
  if (!roles.success) throw badRequest(`Permissões inválidas. Use: ${ROLES.join(', ')}`);
  const passwordHash = await hashPassword(clientHash(input.password));
  return withTenant(app.db, tenant.id, async (ctx) => {
    if (await usersRepository.emailTaken(ctx, email.data))
      throw conflict(`E-mail já cadastrado: ${email.data}`);
    const user = await usersRepository.insert(ctx, {
      name: input.name.trim(),
      email: email.data,
      passwordHash,
      active: input.active ?? true,
      permissions: withImpliedRoles(roles.data),
    });
    await addTeamPerson(ctx, { userId: user.id, name: user.name, email: user.email });
    return presentUser(user);
  });
}

export async function setUserActive(
  app: Pick<AppContext, 'db'>,
  tenantSlug: string,
  email: string,
  active: boolean,
) {
  const tenant = await tenantBySlug(app.db.kysely, tenantSlug);
  if (!tenant) throw notFound(`Tenant não encontrado: ${tenantSlug}`);
  return withTenant(app.db, tenant.id, async (ctx) => {
    const user = await usersRepository.findByEmail(ctx, email);
    if (!user) throw notFound(`Usuário não encontrado: ${email}`);
    await usersRepository.updateAccess(ctx, user.id, active, user.permissions);
  });
}

/**
 * The login user behind a new team member (people module, inside its transaction): inactive,
 * no permissions and no password until an admin activates it and sends one (reset-password).
 */
export async function createTeamUser(
  ctx: TenantContext,
  input: { name: string; email: string; cellphone?: string | null },
): Promise<UserRecord> {
  if (await usersRepository.emailTaken(ctx, input.email)) {
    throw conflict(USER_MESSAGES.emailInUse, { email: [USER_MESSAGES.emailInUse] });
  }
  return usersRepository.insert(ctx, {
    name: input.name,
    email: input.email,
    cellphone: input.cellphone ?? null,
    passwordHash: null,
    active: false,
    permissions: [],
  });
}

/**
 * Keeps a team member's login in step with their person record (name, e-mail), when `auth` may:
 * editing the record never changes the credentials of a user who holds more than the editor, and
 * the login e-mail changes only by its owner or by ROLE_CONFIG (domain userActionRefusal).
 */
export async function updateTeamUserContact(
  ctx: TenantContext,
  auth: AuthContext,
  userId: string,
  contact: { name: string; email: string },
): Promise<void> {
  const user = await usersRepository.findById(ctx, userId);
  if (!user) return;
  const emailChanges = user.email !== contact.email.trim().toLowerCase();
  const refusal =
    userActionRefusal(auth.user, user, 'changeContact') ??
    (emailChanges ? userActionRefusal(auth.user, user, 'changeLoginEmail') : null);
  if (refusal) throw forbidden(refusal);
  if (await usersRepository.emailTaken(ctx, contact.email, userId)) {
    throw conflict(USER_MESSAGES.emailInUse, { email: [USER_MESSAGES.emailInUse] });
  }
  await usersRepository.updateContact(ctx, userId, contact);
}

/** A removed team member can no longer sign in (open sessions end at their next call). */
export async function deactivateTeamUser(
  ctx: TenantContext,
  auth: AuthContext,
  userId: string,
): Promise<void> {
  const user = await usersRepository.findById(ctx, userId);
  if (!user) return;
  const refusal = userActionRefusal(auth.user, user, 'deactivate');
  if (refusal) throw forbidden(refusal);
  await usersRepository.deactivate(ctx, userId);
}
