import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from './engine.ts';
import type { DB } from './schema.ts';

/** What every repository function takes first: the tenant and the transaction bound to it. */
export interface TenantContext {
  tenantId: string;
  trx: Transaction<DB>;
}

/**
 * Runs `fn` in a transaction bound to one tenant: row-level security then shows and accepts only
 * that tenant's rows. SET LOCAL, so nothing outlives the transaction on a pooled connection.
 */
export function withTenant<T>(
  db: Database,
  tenantId: string,
  fn: (ctx: TenantContext) => Promise<T>,
): Promise<T> {
  return db.kysely.transaction().execute(async (trx) => {
    if (db.engine === 'pglite') await sql`SET LOCAL ROLE ${sql.id(db.appRole)}`.execute(trx);
    await sql`SELECT set_config('app.tenant_id', ${String(tenantId)}, true)`.execute(trx);
    return fn({ tenantId: String(tenantId), trx });
  });
}

/** A transaction with no tenant (tenant tables show no rows): for system work on global tables. */
export function withoutTenant<T>(db: Database, fn: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
  return db.kysely.transaction().execute(async (trx) => {
    if (db.engine === 'pglite') await sql`SET LOCAL ROLE ${sql.id(db.appRole)}`.execute(trx);
    return fn(trx);
  });
}
