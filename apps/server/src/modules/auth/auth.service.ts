import { type LoginAnswer, type LoginBody, MESSAGES } from '@mandato/domain';
import type { AppContext } from '../../platform/app-context.ts';
import { verifyPassword } from '../../platform/auth/password.ts';
import { throttleRepository } from '../../platform/auth/throttle.repository.ts';
import { withTenant } from '../../platform/db/tenancy.ts';
import { AppError, notFound, tooManyRequests, unauthorized } from '../../platform/http/errors.ts';
import type { TenantRecord } from '../tenants/tenants.repository.ts';
import { PASSWORD_EMAIL_QUEUE, type PasswordEmailJob } from '../users/password-email.job.ts';
import { usersRepository } from '../users/users.repository.ts';
import { presentUser } from '../users/users.service.ts';

const WINDOW_SECONDS = 15 * 60;
export const LIMITS = { perAccount: 10, perIp: 50, forgotPerAccount: 5, forgotWindowSeconds: 3600 };

const accountKey = (tenant: TenantRecord, email: string) => `login:${tenant.id}:${email.toLowerCase()}`;

export async function login(
  app: AppContext,
  tenant: TenantRecord,
  body: LoginBody,
  ip: string,
): Promise<LoginAnswer> {
  const account = accountKey(tenant, body.email);
  const ipKey = `login-ip:${ip}`;
  if (
    (await throttleRepository.count(app.db, account, WINDOW_SECONDS)) >= LIMITS.perAccount ||
    (await throttleRepository.count(app.db, ipKey, WINDOW_SECONDS)) >= LIMITS.perIp
  ) {
    throw tooManyRequests();
  }
  const user = await withTenant(app.db, tenant.id, (ctx) => usersRepository.findByEmail(ctx, body.email));
  const valid = await verifyPassword(user?.passwordHash ?? null, body.password);
  if (!user || !valid) {
    await throttleRepository.record(app.db, [account, ipKey]);
    throw new AppError(401, MESSAGES.loginInvalid);
  }
  if (!user.active) throw unauthorized(MESSAGES.inactiveUser);
  await throttleRepository.clear(app.db, account);
  const { token, expiresAt } = await app.tokens.sign({
    sub: user.code,
    tid: tenant.id,
    ver: user.tokenVersion,
  });
  return {
    user: presentUser(user),
    token,
    expiresAt: expiresAt.toISOString(),
    integrationKeys: { leads: { projectCode: null, token: null }, docs: { apiToken: null } },
  };
}

/** Forgot password: a new password is e-mailed by the queue (spec 1 §8 "Recovery"). */
export async function forgotPassword(
  app: AppContext,
  tenant: TenantRecord,
  email: string,
): Promise<{ sent: true }> {
  const key = `forgot:${tenant.id}:${email.toLowerCase()}`;
  if ((await throttleRepository.count(app.db, key, LIMITS.forgotWindowSeconds)) >= LIMITS.forgotPerAccount) {
    throw tooManyRequests();
  }
  await throttleRepository.record(app.db, [key]);
  const user = await withTenant(app.db, tenant.id, (ctx) => usersRepository.findByEmail(ctx, email));
  if (!user?.active) throw notFound(MESSAGES.recoveryUnknownEmail);
  const job: PasswordEmailJob = {
    tenantId: tenant.id,
    tenantSlug: tenant.slug,
    userCode: user.code,
    reason: 'forgot',
  };
  await app.jobs.enqueue(PASSWORD_EMAIL_QUEUE, job, { singletonKey: `${tenant.id}:${user.code}` });
  return { sent: true };
}
