import { type ChangePasswordBody, type LoginAnswer, type LoginBody, MESSAGES } from '@mandato/domain';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/app-context.ts';
import { verifySession, withAuth } from '../../platform/auth/guard.ts';
import { hashPassword } from '../../platform/auth/password.ts';
import { type ThrottleRule, throttleRepository } from '../../platform/auth/throttle.repository.ts';
import { AppError, notFound, tooManyRequests, unauthorized } from '../../platform/http/errors.ts';
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
 * Failed sign-ins counted per window (docs/decisions.md "Limite de tentativas"): an account from
 * one client is locked after `perAccountClient`; an account from anywhere only slows down (each
 * attempt after `accountDelayFrom` waits 1, 2, 4… up to 60 s), so nobody locks its owner out.
 */
export const LIMITS = {
  windowSeconds: 15 * 60,
  perAccountClient: 10,
  perClient: 50,
  perAccount: 100,
  accountDelayFrom: 20,
  accountMaxDelaySeconds: 60,
  forgotPerAccount: 5,
  forgotPerClient: 20,
  forgotWindowSeconds: 3600,
};

function loginRules(tenant: TenantRecord, email: string, ip: string): ThrottleRule[] {
  const account = `${tenant.id}:${email.trim().toLowerCase()}`;
  const windowSeconds = LIMITS.windowSeconds;
  return [
    { key: `login:${account}:${ip}`, windowSeconds, max: LIMITS.perAccountClient },
    { key: `login-ip:${ip}`, windowSeconds, max: LIMITS.perClient },
    {
      key: `login:${account}`,
      windowSeconds,
      max: LIMITS.perAccount,
      delayFrom: LIMITS.accountDelayFrom,
      maxDelaySeconds: LIMITS.accountMaxDelaySeconds,
    },
  ];
}

/** Only failures count: a right password gives its attempt back and wipes the client's record on the account. */
async function forgiveAttempt(app: AppContext, rules: ThrottleRule[]): Promise<void> {
  const [accountClient, ...shared] = rules.map((r) => r.key);
  await throttleRepository.release(app.db, shared);
  if (accountClient) await throttleRepository.clear(app.db, accountClient);
}

/** The attempt is reserved before the (slow) password check, so concurrent ones cannot overrun. */
export async function login(
  app: AppContext,
  tenant: TenantRecord,
  body: LoginBody,
  ip: string,
): Promise<LoginAnswer> {
  const rules = loginRules(tenant, body.email, ip);
  if (!(await throttleRepository.reserve(app.db, rules))) throw tooManyRequests();
  if (Math.random() < 0.01) await throttleRepository.prune(app.db);
  const user = await checkCredentials(app, tenant.id, body.email, body.password);
  if (!user) throw new AppError(401, MESSAGES.loginInvalid);
  await forgiveAttempt(app, rules);
  if (!user.active) throw unauthorized(MESSAGES.inactiveUser);
  const { token, expiresAt } = await startSession(app, tenant.id, user);
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
  ip: string,
): Promise<{ sent: true }> {
  const windowSeconds = LIMITS.forgotWindowSeconds;
  const reserved = await throttleRepository.reserve(app.db, [
    { key: `forgot:${tenant.id}:${email.trim().toLowerCase()}`, windowSeconds, max: LIMITS.forgotPerAccount },
    { key: `forgot-ip:${ip}`, windowSeconds, max: LIMITS.forgotPerClient },
  ]);
  if (!reserved) throw tooManyRequests();
  if (!(await sendRecoveryPassword(app, tenant, email))) throw notFound(MESSAGES.recoveryUnknownEmail);
  return { sent: true };
}

/**
 * PUT /api/users/:code/change-password, the signed-in user's own. A current password is guessed as
 * a login is: each check is an attempt on the login limits of the account from this client,
 * reserved in its own transaction (a wrong one's 400 rolls nothing back) and with no request
 * transaction open while the slow hashing runs. The change ends every other session of the user;
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
  const rules = loginRules(tenant, user.email, request.ip);
  if (!(await throttleRepository.reserve(app.db, rules))) throw tooManyRequests();
  if (!user.passwordHash || !(await isCurrentPassword(user, body.oldPassword))) throw wrongCurrentPassword();
  await forgiveAttempt(app, rules);
  const checkedHash = user.passwordHash;
  const newHash = await hashPassword(body.newPassword);
  return withAuth(app, request, {}, async (ctx, auth) => {
    requireOwnUser(auth, code);
    await replaceOwnPassword(ctx, auth, checkedHash, newHash);
    await sessionsRepository.revokeOthers(ctx, auth.user.id, claims.sid);
    return { changed: true };
  });
}
