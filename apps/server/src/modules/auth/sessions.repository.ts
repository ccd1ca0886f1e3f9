import { sql } from 'kysely';
import { isUuid } from '../../platform/db/sql-helpers.ts';
import type { TenantContext } from '../../platform/db/tenancy.ts';

/** Server-side sessions (migration 0013); the guard checks them in bind_tenant_session. */
export const sessionsRepository = {
  /** Records a new session of `userId`, removing that user's expired ones on the way. */
  async start(ctx: TenantContext, session: { id: string; userId: string; expiresAt: Date }): Promise<void> {
    await ctx.trx
      .deleteFrom('sessions')
      .where('tenant_id', '=', ctx.tenantId)
      .where('user_id', '=', session.userId)
      .where('expires_at', '<=', sql<Date>`now()`)
      .execute();
    await ctx.trx
      .insertInto('sessions')
      .values({
        tenant_id: ctx.tenantId,
        id: session.id,
        user_id: session.userId,
        expires_at: session.expiresAt,
      })
      .execute();
  },

  /** Revokes every live session of `userId` but `keepId` (the one that changed the password). */
  async revokeOthers(ctx: TenantContext, userId: string, keepId: string): Promise<void> {
    await ctx.trx
      .updateTable('sessions')
      .set({ revoked_at: sql`now()` })
      .where('tenant_id', '=', ctx.tenantId)
      .where('user_id', '=', userId)
      .where('id', '<>', keepId)
      .where('revoked_at', 'is', null)
      .execute();
  },

  /** Revokes a session; revoking it again keeps the first revocation time. */
  async revoke(ctx: TenantContext, id: string): Promise<void> {
    if (!isUuid(id)) return;
    await ctx.trx
      .updateTable('sessions')
      .set({ revoked_at: sql`now()` })
      .where('tenant_id', '=', ctx.tenantId)
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .execute();
  },
};
