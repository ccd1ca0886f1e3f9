import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/app-context.ts';
import { verifySession } from '../../platform/auth/guard.ts';
import { withTenant } from '../../platform/db/tenancy.ts';
import type { UserRecord } from '../users/users.lookup.ts';
import { sessionsRepository } from './sessions.repository.ts';

/** A new session of `user` (a sessions row) and its token, which carries the session id. */
export async function startSession(
  app: AppContext,
  tenantId: string,
  user: UserRecord,
): Promise<{ token: string; expiresAt: Date }> {
  const sid = randomUUID();
  const signed = await app.tokens.sign({ sub: user.code, tid: tenantId, ver: user.tokenVersion, sid });
  await withTenant(app.db, tenantId, (ctx) =>
    sessionsRepository.start(ctx, { id: sid, userId: user.id, expiresAt: signed.expiresAt }),
  );
  return signed;
}

/**
 * Logout: revokes the session of the request's token, whose next call then answers 401. Needs a
 * valid token of the X-Schema tenant (401 / 403 as every call); a session already revoked is
 * revoked again without complaint, so repeating the call answers the same.
 */
export async function endSession(app: AppContext, request: FastifyRequest): Promise<{ loggedOut: true }> {
  const { tenant, claims } = await verifySession(app, request);
  await withTenant(app.db, tenant.id, (ctx) => sessionsRepository.revoke(ctx, claims.sid));
  return { loggedOut: true };
}
