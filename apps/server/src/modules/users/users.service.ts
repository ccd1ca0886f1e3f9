import {
  AUDIT_SUBJECTS,
  type ChangePermissionsBody,
  EmailSchema,
  type ListAnswer,
  MESSAGES,
  type Role,
  RoleSchema,
  type SessionUser,
  TENANT_MESSAGES,
  USER_MESSAGES,
  type UserAction,
  userActionRefusal,
  withImpliedRoles,
} from '@mandato/domain';
import type { AppContext, RequestContext } from '../../platform/app-context.ts';
import { recordAudit } from '../../platform/audit/audit-log.repository.ts';
import type { AuthContext } from '../../platform/auth/guard.ts';
import { clientHash, hashPassword, verifyPassword } from '../../platform/auth/password.ts';
import { type TenantContext, withTenant } from '../../platform/db/tenancy.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/http/errors.ts';
import { countActiveUsers, tenantBySlug } from '../tenants/tenants.lookup.ts';
import { type PasswordEmailJob, passwordEmailQueue, pendingPasswordSecret } from './password-email.job.ts';
import { type NewUser, type UserRecord, usersRepository } from './users.repository.ts';

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

export async function getAccess(ctx: RequestContext, auth: AuthContext, code: string) {
  const user = await guardedUser(ctx, auth, code, 'view');
  return { code: user.code, active: user.active, permissions: user.permissions };
}

/**
 * Changes a team member's access (domain rules: not one's own, not a user holding more, nothing
 * granted or removed that the caller lacks; ROLE_CRM_ALL_DATA brings ROLE_CRM); activating
 * respects the plan's user total.
 */
export async function changePermissions(
  ctx: RequestContext,
  auth: AuthContext,
  code: string,
  body: ChangePermissionsBody,
) {
  const permissions = withImpliedRoles(body.permissions);
  const user = await guardedUser(ctx, auth, code, 'changeAccess', permissions);
  if (body.active && !user.active && auth.tenant.planTotalUsers > 0) {
    const used = await countActiveUsers(ctx);
    if (used >= auth.tenant.planTotalUsers)
      throw conflict(USER_MESSAGES.planUsers(auth.tenant.planTotalUsers));
  }
  await usersRepository.updateAccess(ctx, user.id, body.active, permissions);
  await recordPermissionChange(ctx, user, { active: body.active, permissions });
  return { code: user.code, active: body.active, permissions };
}

/** An admin's reset: a new password is e-mailed, pending until first used (the old one still works). */
export async function resetPassword(ctx: RequestContext, auth: AuthContext, code: string) {
  const user = await guardedUser(ctx, auth, code, 'resetPassword');
  const job: PasswordEmailJob = {
    tenantId: auth.tenant.id,
    tenantSlug: auth.tenant.slug,
    userCode: user.code,
    reason: 'reset',
  };
  await ctx.app.jobs.enqueue(passwordEmailQueue, job, {}, ctx.trx);
  return { sent: true };
}

/** The own-password change (auth.service changeOwnPassword) is of the signed-in user only: 403. */
export function requireOwnUser(auth: AuthContext, code: string): UserRecord {
  if (code !== auth.user.code) throw forbidden(USER_MESSAGES.ownPasswordOnly);
  return auth.user;
}

/** Whether `password` (client hash) is the user's current password; a pending one does not count. */
export function isCurrentPassword(user: UserRecord, password: string): Promise<boolean> {
  return verifyPassword(user.passwordHash, password);
}

export const wrongCurrentPassword = () =>
  badRequest(MESSAGES.wrongCurrentPassword, { oldPassword: [MESSAGES.wrongCurrentPassword] });

/**
 * Replaces the own password, checked as `checkedHash`, by `newHash` (both checked and hashed
 * before the transaction); a pending one is dropped. A password changed meanwhile is no longer
 * the current one: 400.
 */
export async function replaceOwnPassword(
  ctx: RequestContext,
  auth: AuthContext,
  checkedHash: string,
  newHash: string,
): Promise<void> {
  if (!(await usersRepository.updatePassword(ctx, auth.user.id, checkedHash, newHash)))
    throw wrongCurrentPassword();
  await ctx.app.mailer.forgetSecret(ctx, pendingPasswordSecret(auth.user.code));
}

/**
 * Sign-in, before any session (auth.service): the user whose password is `password`: the current
 * one, or the pending new one (recovery, reset), which then replaces it — the old password and its
 * sessions stop there.
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
  const promoted = await withTenant(app.db, tenantId, async (ctx) => {
    const done = await usersRepository.promotePendingPassword(ctx, user.id, pending);
    if (done) await app.mailer.forgetSecret(ctx, pendingPasswordSecret(user.code));
    return done;
  });
  if (!promoted) return checkCredentials(app, tenantId, email, password); // a concurrent login did it
  return promoted;
}

/**
 * Recovery, before any session (auth.service): e-mails the active user of `email` a new password,
 * pending until first used; false when there is no such user.
 */
export async function sendRecoveryPassword(
  app: AppContext,
  tenant: { id: string; slug: string },
  email: string,
): Promise<boolean> {
  return withTenant(app.db, tenant.id, async (ctx) => {
    const user = await usersRepository.findByEmail(ctx, email);
    if (!user?.active) return false;
    const job: PasswordEmailJob = {
      tenantId: tenant.id,
      tenantSlug: tenant.slug,
      userCode: user.code,
      reason: 'forgot',
    };
    await app.jobs.enqueue(passwordEmailQueue, job, { singletonKey: `${tenant.id}:${user.code}` }, ctx.trx);
    return true;
  });
}

/** PUT /users/me, the login's part: name, e-mail and cellphone of the signed-in user. */
export async function updateOwnContact(
  ctx: TenantContext,
  auth: AuthContext,
  contact: { name: string; email: string; cellphone: string },
): Promise<SessionUser> {
  if (await usersRepository.emailTaken(ctx, contact.email, auth.user.id)) {
    throw conflict(USER_MESSAGES.emailTaken, { email: [USER_MESSAGES.emailTaken] });
  }
  await usersRepository.updateProfile(ctx, auth.user.id, contact);
  const updated = await usersRepository.findByCode(ctx, auth.user.code);
  if (!updated) throw notFound(USER_MESSAGES.notFound);
  return presentUser(updated);
}

/** Active users by name (code, name): pickers of schedule guests and interaction responsibles. */
export async function userNames(
  ctx: RequestContext,
  _auth: AuthContext,
  query: { searchString?: string; page: number; itemsPerPage: number },
): Promise<ListAnswer<{ code: string; name: string }>> {
  const search = query.searchString?.trim() ?? '';
  const result = await usersRepository.names(ctx, search, query.page, query.itemsPerPage);
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

/**
 * Operator path (CLI, demo seed; team.service createUser): the tenant and a validated, hashed
 * login-capable user, before any transaction (hashing is slow).
 */
export async function prepareUser(app: Pick<AppContext, 'db'>, input: CreateUserInput) {
  const tenant = await tenantBySlug(app.db.kysely, input.tenantSlug);
  if (!tenant) throw notFound(TENANT_MESSAGES.notFound(input.tenantSlug));
  const email = EmailSchema.safeParse(input.email);
  if (!email.success) throw badRequest(USER_MESSAGES.invalidEmail(input.email));
  if (!input.name.trim()) throw badRequest(MESSAGES.nameRequired);
  if (input.password.length < 6) throw badRequest(USER_MESSAGES.passwordTooShort);
  const roles = RoleSchema.array().safeParse(input.permissions);
  if (!roles.success) throw badRequest(USER_MESSAGES.invalidPermissions);
  const user: NewUser = {
    name: input.name.trim(),
    email: email.data,
    passwordHash: await hashPassword(clientHash(input.password)),
    active: input.active ?? true,
    permissions: withImpliedRoles(roles.data),
  };
  return { tenant, user };
}

/** Inserts a prepared user (prepareUser) in the tenant's transaction; 409 when the e-mail is taken. */
export async function insertPreparedUser(ctx: TenantContext, user: NewUser): Promise<UserRecord> {
  if (await usersRepository.emailTaken(ctx, user.email))
    throw conflict(USER_MESSAGES.emailTakenBy(user.email));
  return usersRepository.insert(ctx, user);
}

export async function setUserActive(
  app: Pick<AppContext, 'db'>,
  tenantSlug: string,
  email: string,
  active: boolean,
) {
  const tenant = await tenantBySlug(app.db.kysely, tenantSlug);
  if (!tenant) throw notFound(TENANT_MESSAGES.notFound(tenantSlug));
  return withTenant(app.db, tenant.id, async (ctx) => {
    const user = await usersRepository.findByEmail(ctx, email);
    if (!user) throw notFound(USER_MESSAGES.notFoundByEmail(email));
    await usersRepository.updateAccess(ctx, user.id, active, user.permissions);
    // the operator acts outside any session: the row's user is nobody ('Sistema')
    if (user.active !== active)
      await recordAudit(ctx, {
        action: 'USER_ACTIVATION',
        subject: AUDIT_SUBJECTS.userActivation(user.name, active),
        detail: { userCode: user.code, activeBefore: user.active, active },
      });
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
  const user = await usersRepository.insert(ctx, {
    name: input.name,
    email: input.email,
    cellphone: input.cellphone ?? null,
    passwordHash: null,
    active: false,
    permissions: [],
  });
  await recordAudit(ctx, {
    action: 'USER_CREATE',
    subject: AUDIT_SUBJECTS.userCreate(user.name),
    detail: { userCode: user.code, active: user.active },
  });
  return user;
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
  await recordPermissionChange(ctx, user, { active: false, permissions: user.permissions });
}

/** A change of a user's access in the audit log (issue 31), when it changed anything. */
async function recordPermissionChange(
  ctx: TenantContext,
  before: UserRecord,
  after: { active: boolean; permissions: readonly string[] },
) {
  const was = [...before.permissions].sort().join(',');
  const is = [...after.permissions].sort().join(',');
  if (before.active === after.active && was === is) return;
  await recordAudit(ctx, {
    action: 'PERMISSION_CHANGE',
    subject: AUDIT_SUBJECTS.permissions(before.name),
    detail: {
      userCode: before.code,
      activeBefore: before.active,
      active: after.active,
      before: was,
      after: is,
    },
  });
}
