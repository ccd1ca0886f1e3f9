import { type ChangePasswordBody, type LoginAnswer, type LoginBody, MESSAGES } from '@mandato/domain';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/app-context.ts';
import { verifySession, withAuth } from '../../platform/auth/guard.ts';
import { hashPassword } from '../../platform/auth/password.ts';
import { AppError, notFound, unauthorized } from '../../platform/http/errors.ts';
import { accountOf, type RateLimitGate, rateLimitOf } from '../../platform/http/rate-limit.ts';
import { recordSignInDevice, type SignInDevice } from '../privacy/audit-device.service.ts';
import type { TenantRecord } from '../tenants/tenants.lookup.ts';
import {
  checkCredentials,
  isCurrentPassword,
  presentUser,
  replaceOwnPassword,
  requireOwnUser,
  sendRecoveryPassword,
  wrongCurrentPassword,
} from '../users/users.service.ts';
import { sessionsRepository } from './sessions.repository.ts';
import { startSession } from './sessions.service.ts';

/**
 * The attempt was taken on the route's login limits (LOGIN_LIMITS) before the (slow) password
 * check, so concurrent ones cannot overrun; only failures count: a right password gives it back.
 */
export async function login(
  app: AppContext,
  tenant: TenantRecord,
  body: LoginBody,
  attempt: RateLimitGate,
  device: SignInDevice,
): Promise<LoginAnswer> {
  const user = await checkCredentials(app, tenant.id, body.email, body.password);
  if (!user) throw new AppError(401, MESSAGES.loginInvalid);
  await attempt.forgive();
  if (!user.active) throw unauthorized(MESSAGES.inactiveUser);
  const { token, expiresAt } = await startSession(app, tenant.id, user);
  await recordSignInDevice(app, tenant.id, user.id, device);
  return {
    user: presentUser(user),
    token,
    expiresAt: expiresAt.toISOString(),
    integrationKeys: { leads: { projectCode: null, token: null }, docs: { apiToken: null } },
  };
}

/**
 * Forgot password: a new password is e-mailed by the queue (spec 1 §8 "Recovery"); limited per
 * account and per client on the route.
 */
export async function forgotPassword(
  app: AppContext,
  tenant: TenantRecord,
  email: string,
): Promise<{ sent: true }> {
  if (!(await sendRecoveryPassword(app, tenant, email))) throw notFound(MESSAGES.recoveryUnknownEmail);
  return { sent: true };
}

/**
 * PUT /api/users/:code/change-password, the signed-in user's own. A current password is guessed as
 * a login is: each check is an attempt on the route's login limits ('session': the account is the
 * signed-in user's, known after the session check), reserved in its own statement (a wrong one's
 * 400 rolls nothing back) and with no request transaction open while the slow hashing runs. The change ends every other session of the user;
 * the one that made it stays.
 */
export async function changeOwnPassword(
  app: AppContext,
  request: FastifyRequest,
  code: string,
  body: ChangePasswordBody,
): Promise<{ changed: true }> {
  const { claims } = await verifySession(app, request);
  const { tenant, user } = await withAuth(app, request, {}, async (_ctx, auth) => {
    requireOwnUser(auth, code);
    return auth;
  });
  const attempt = rateLimitOf(request);
  await attempt.take({ account: accountOf(tenant.id, user.email) });
  if (!user.passwordHash || !(await isCurrentPassword(user, body.oldPassword))) throw wrongCurrentPassword();
  await attempt.forgive();
  const checkedHash = user.passwordHash;
  const newHash = await hashPassword(body.newPassword);
  return withAuth(app, request, {}, async (ctx, auth) => {
    requireOwnUser(auth, code);
    await replaceOwnPassword(ctx, auth, checkedHash, newHash);
    await sessionsRepository.revokeOthers(ctx, auth.user.id, claims.sid);
    return { changed: true };
  });
}
