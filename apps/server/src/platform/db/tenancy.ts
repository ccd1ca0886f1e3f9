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
  return withTenantBoundBy(
    db,
    tenantId,
    (trx) => sql`SELECT set_config('app.tenant_id', ${String(tenantId)}, true)`.execute(trx),
    fn,
  );
}

/**
 * `withTenant` where `bind` is the statement that binds the tenant (it must set app.tenant_id, as
 * the function bind_tenant_session does) and returns something `fn` needs: one round trip fewer.
 * A binding that sets no tenant leaves every tenant table empty: it fails closed.
 */
export function withTenantBoundBy<B, T>(
  db: Database,
  tenantId: string,
  bind: (trx: Transaction<DB>) => Promise<B>,
  fn: (ctx: TenantContext, bound: B) => Promise<T>,
): Promise<T> {
  return db.kysely.transaction().execute(async (trx) => {
    if (db.engine === 'pglite') await sql`SET LOCAL ROLE ${sql.id(db.appRole)}`.execute(trx);
    const bound = await bind(trx);
    return fn({ tenantId: String(tenantId), trx }, bound);
  });
}

/** A transaction with no tenant (tenant tables show no rows): for system work on global tables. */
export function withoutTenant<T>(db: Database, fn: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
  return db.kysely.transaction().execute(async (trx) => {
    if (db.engine === 'pglite') await sql`SET LOCAL ROLE ${sql.id(db.appRole)}`.execute(trx);
    return fn(trx);
  });
}

/**
 * One statement that binds itself: a function of the migrations that sets its own tenant or lookup
 * LOCAL (e.g. `shot_tracking_record`). On PostgreSQL it runs alone, in autocommit: one round trip
 * where a transaction costs four. The embedded engine connects as its owner, so there it runs in a
 * transaction as the app role (row-level security applies on both).
 */
export function runSelfBound<T>(db: Database, statement: (exec: Kysely<DB>) => Promise<T>): Promise<T> {
  return db.engine === 'postgres' ? statement(db.kysely) : withoutTenant(db, statement);
}
