import {
  type ChangePasswordBody,
  type ChangePermissionsBody,
  EmailSchema,
  hasPermission,
  MESSAGES,
  type ProfileUpdateBody,
  ROLES,
  type Role,
  RoleSchema,
  type SessionUser,
} from '@mandato/domain';
import type { AppContext } from '../../platform/app-context.ts';
import { clientHash, hashPassword, verifyPassword } from '../../platform/auth/password.ts';
import { withTenant } from '../../platform/db/tenancy.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/http/errors.ts';
import type { AuthContext } from '../auth/auth.guard.ts';
import { tenantsRepository } from '../tenants/tenants.repository.ts';
import { PASSWORD_EMAIL_QUEUE, type PasswordEmailJob } from './password-email.job.ts';
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

async function teamMember(app: AppContext, auth: AuthContext, code: string): Promise<UserRecord> {
  const user = await withTenant(app.db, auth.tenant.id, (ctx) => usersRepository.findByCode(ctx, code));
  if (!user) throw notFound('Usuário não encontrado');
  return user;
}

export async function getAccess(app: AppContext, auth: AuthContext, code: string) {
  if (code !== auth.user.code && !hasPermission(auth.access, ['ROLE_TEAM'])) throw forbidden();
  const user = await teamMember(app, auth, code);
  return { code: user.code, active: user.active, permissions: user.permissions };
}

/**
 * Changes a team member's access. Nobody changes their own (no self-lockout, no self-promotion),
 * nobody grants a permission they do not hold, and activating respects the plan's user total.
 */
export async function changePermissions(
  app: AppContext,
  auth: AuthContext,
  code: string,
  body: ChangePermissionsBody,
) {
  if (code === auth.user.code) throw forbidden('Você não pode alterar as suas próprias permissões');
  const permissions = [...new Set(body.permissions)] as Role[];
  const foreign = permissions.filter((p) => !auth.user.permissions.includes(p));
  if (foreign.length > 0)
    throw forbidden(`Você não pode conceder permissões que não possui: ${foreign.join(', ')}`);
  return withTenant(app.db, auth.tenant.id, async (ctx) => {
    const user = await usersRepository.findByCode(ctx, code);
    if (!user) throw notFound('Usuário não encontrado');
    if (body.active && !user.active && auth.tenant.planTotalUsers > 0) {
      const used = await tenantsRepository.countActiveUsers(ctx);
      if (used >= auth.tenant.planTotalUsers) {
        throw conflict(`O plano permite no máximo ${auth.tenant.planTotalUsers} usuários ativos`);
      }
    }
    await usersRepository.updateAccess(ctx, user.id, body.active, permissions);
    return { code: user.code, active: body.active, permissions };
  });
}

export async function resetPassword(app: AppContext, auth: AuthContext, code: string) {
  const user = await teamMember(app, auth, code);
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
  if (code !== auth.user.code) throw forbidden('Só é possível alterar a sua própria senha');
  if (!(await verifyPassword(auth.user.passwordHash, body.oldPassword))) {
    throw badRequest(MESSAGES.wrongCurrentPassword, { oldPassword: [MESSAGES.wrongCurrentPassword] });
  }
  const hash = await hashPassword(body.newPassword);
  await withTenant(app.db, auth.tenant.id, (ctx) =>
    usersRepository.updatePassword(ctx, auth.user.id, hash, false),
  );
  return { changed: true };
}

export async function updateProfile(
  app: AppContext,
  auth: AuthContext,
  body: ProfileUpdateBody,
): Promise<SessionUser> {
  return withTenant(app.db, auth.tenant.id, async (ctx) => {
    if (await usersRepository.emailTaken(ctx, body.email, auth.user.id)) {
      throw conflict('E-mail já cadastrado', { email: ['E-mail já cadastrado'] });
    }
    await usersRepository.updateProfile(ctx, auth.user.id, body);
    const updated = await usersRepository.findByCode(ctx, auth.user.code);
    if (!updated) throw notFound('Usuário não encontrado');
    return presentUser(updated);
  });
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
  const tenant = await tenantsRepository.findBySlug(app.db.kysely, input.tenantSlug);
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
      permissions: [...new Set(roles.data)],
    });
    return presentUser(user);
  });
}

export async function setUserActive(
  app: Pick<AppContext, 'db'>,
  tenantSlug: string,
  email: string,
  active: boolean,
) {
  const tenant = await tenantsRepository.findBySlug(app.db.kysely, tenantSlug);
  if (!tenant) throw notFound(`Tenant não encontrado: ${tenantSlug}`);
  return withTenant(app.db, tenant.id, async (ctx) => {
    const user = await usersRepository.findByEmail(ctx, email);
    if (!user) throw notFound(`Usuário não encontrado: ${email}`);
    await usersRepository.updateAccess(ctx, user.id, active, user.permissions);
  });
}
