import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionsRepository } from '../../modules/auth/sessions.repository.ts';
import { usersRepository } from '../../modules/users/users.repository.ts';
import { buildTenant, buildUser } from '../../test/test-app.ts';
import { createTestDatabase, testEngine } from '../../test/test-database.ts';
import type { Database } from './engine.ts';
import { withoutTenant, withTenant, withTenantBoundBy } from './tenancy.ts';

describe(`tenancy with row-level security (${testEngine})`, () => {
  let db: Database;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    ({ db, cleanup } = await createTestDatabase());
  });
  afterAll(() => cleanup());

  it('shows a tenant only its own rows and nothing without a tenant', async () => {
    const a = await buildTenant({ db });
    const b = await buildTenant({ db });
    await buildUser({ db }, a, { email: 'a@a.com' });
    await buildUser({ db }, b, { email: 'b@b.com' });
    const emailsOf = (tenantId: string) =>
      withTenant(db, tenantId, ({ trx }) => trx.selectFrom('users').select('email').execute());
    expect((await emailsOf(a.id)).map((r) => r.email)).toEqual(['a@a.com']);
    expect((await emailsOf(b.id)).map((r) => r.email)).toEqual(['b@b.com']);
    // a query that forgets the tenant, even one that filters on it explicitly
    const none = await withoutTenant(db, (trx) =>
      trx.selectFrom('users').select('email').where('tenant_id', '=', a.id).execute(),
    );
    expect(none).toEqual([]);
  });

  it("refuses to write a row for another tenant's id", async () => {
    const a = await buildTenant({ db });
    const b = await buildTenant({ db });
    await expect(
      withTenant(db, a.id, ({ trx }) =>
        trx
          .insertInto('users')
          .values({ tenant_id: b.id, name: 'x', email: 'x@x.com', cellphone: null, password_hash: null })
          .execute(),
      ),
    ).rejects.toThrow(/row-level security/);
    await buildUser({ db }, b, { email: 'victim@b.com' });
    const updated = await withTenant(db, a.id, ({ trx }) =>
      trx.updateTable('users').set({ name: 'hacked' }).where('email', '=', 'victim@b.com').executeTakeFirst(),
    );
    expect(updated.numUpdatedRows).toBe(0n);
  });

  it('binds the tenant and reads the caller of a live session in one statement, and fails closed otherwise', async () => {
    const a = await buildTenant({ db });
    const b = await buildTenant({ db });
    const alice = await buildUser({ db }, a, { email: 'alice@a.com' });
    const bob = await buildUser({ db }, b, { email: 'bob@b.com' });
    const carol = await buildUser({ db }, a, { email: 'carol@a.com' });
    const hour = 3600_000;
    const sessionOf = (tenantId: string, code: string, expiresAt = new Date(Date.now() + hour)) =>
      withTenant(db, tenantId, async (ctx) => {
        const user = await usersRepository.findByCode(ctx, code);
        const id = randomUUID();
        await sessionsRepository.start(ctx, { id, userId: user?.id as string, expiresAt });
        return id;
      });
    const aliceSession = await sessionOf(a.id, alice.code);
    const bobSession = await sessionOf(b.id, bob.code);
    const carolSession = await sessionOf(a.id, carol.code);
    const bound = (tenantId: string, code: string, sessionId: string) =>
      withTenantBoundBy(
        db,
        tenantId,
        (trx) => usersRepository.bindTenantAndFindBySession(trx, tenantId, code, sessionId),
        async ({ trx }, user) => ({
          user: user?.email,
          visible: (await trx.selectFrom('users').select('email').orderBy('email').execute()).map(
            (r) => r.email,
          ),
        }),
      );
    const bothOfA = ['alice@a.com', 'carol@a.com'];
    expect(await bound(a.id, alice.code, aliceSession)).toEqual({ user: 'alice@a.com', visible: bothOfA });
    // another tenant's user or session is not found, and the transaction still sees only its own tenant
    expect(await bound(a.id, bob.code, bobSession)).toEqual({ user: undefined, visible: bothOfA });
    expect(await bound(a.id, alice.code, bobSession)).toEqual({ user: undefined, visible: bothOfA });
    // another user's session of the same tenant does not sign alice in
    expect(await bound(a.id, alice.code, carolSession)).toEqual({ user: undefined, visible: bothOfA });
    // an unknown, revoked or expired session
    expect(await bound(a.id, alice.code, randomUUID())).toEqual({ user: undefined, visible: bothOfA });
    await withTenant(db, a.id, (ctx) => sessionsRepository.revoke(ctx, aliceSession));
    expect(await bound(a.id, alice.code, aliceSession)).toEqual({ user: undefined, visible: bothOfA });
    const expired = await sessionOf(a.id, alice.code, new Date(Date.now() - 1000));
    expect(await bound(a.id, alice.code, expired)).toEqual({ user: undefined, visible: bothOfA });
    // sessions are tenant rows too: invisible from another tenant and without one
    expect(
      await withTenant(db, b.id, ({ trx }) => trx.selectFrom('sessions').select('id').execute()),
    ).toEqual([{ id: bobSession }]);
    expect(await withoutTenant(db, (trx) => trx.selectFrom('sessions').select('id').execute())).toEqual([]);
    // a binding that sets no tenant: nothing is visible
    const unbound = await withTenantBoundBy(
      db,
      a.id,
      async () => undefined,
      ({ trx }) => trx.selectFrom('users').select('email').execute(),
    );
    expect(unbound).toEqual([]);
  });

  it('does not leak the tenant setting to the next transaction on the connection', async () => {
    const a = await buildTenant({ db });
    await buildUser({ db }, a);
    await withTenant(db, a.id, async ({ trx }) => {
      expect((await trx.selectFrom('users').select('id').execute()).length).toBe(1);
    });
    const setting = await withoutTenant(db, async (trx) => {
      const { rows } = await sql<{
        v: string | null;
      }>`SELECT current_setting('app.tenant_id', true) AS v`.execute(trx);
      return rows[0]?.v ?? null;
    });
    expect(setting === null || setting === '').toBe(true);
  });

  it('has no table without tenant_id but the global ones, each allowed here on purpose', async () => {
    // a table with no tenant_id has no row-level security: it must hold nothing of a tenant
    const GLOBAL = [
      'app_settings',
      // answers of the HTTP geocoder by normalised address, no person or tenant in the key, no
      // route reads it (docs/decisions.md "Cache global do geocodificador")
      'geocode_cache',
      // the offline geocoder's municipalities and whether an HTTP geocoder is on (migration 0028)
      'geocoder_settings',
      'geo_municipalities',
      'jobs',
      'login_throttle',
      'plans',
      'platform_mail_outbox',
      'tenants',
    ];
    const { rows } = await sql<{ table_name: string }>`
      SELECT t.table_name FROM information_schema.tables t
      WHERE t.table_schema = 'public' AND t.table_type = 'BASE TABLE'
        AND t.table_name <> 'schema_migrations' -- the migrator's own (hidden from the app role on PostgreSQL)
        AND NOT EXISTS (SELECT 1 FROM information_schema.columns c WHERE c.table_schema = 'public'
          AND c.table_name = t.table_name AND c.column_name = 'tenant_id')
      ORDER BY 1`.execute(db.kysely);
    expect(rows.map((r) => r.table_name).sort()).toEqual([...GLOBAL].sort());
  });

  it('forces row-level security on every tenant table and leads every key with tenant_id', async () => {
    const { rows: tables } = await sql<{ table_name: string }>`
      SELECT c.table_name FROM information_schema.columns c
      JOIN information_schema.tables t ON t.table_name = c.table_name AND t.table_schema = c.table_schema
      WHERE c.table_schema = 'public' AND c.column_name = 'tenant_id' AND t.table_type = 'BASE TABLE'`.execute(
      db.kysely,
    );
    expect(tables.length).toBeGreaterThan(0);
    for (const { table_name } of tables) {
      const { rows } = await sql<{ rls: boolean; forced: boolean; policies: string }>`
        SELECT relrowsecurity AS rls, relforcerowsecurity AS forced,
          (SELECT count(*) FROM pg_policies p WHERE p.tablename = ${table_name}) AS policies
        FROM pg_class WHERE relname = ${table_name} AND relkind = 'r'`.execute(db.kysely);
      expect(rows[0], table_name).toMatchObject({ rls: true, forced: true });
      expect(Number(rows[0]?.policies), table_name).toBeGreaterThan(0);
      const { rows: keys } = await sql<{ name: string; first: string }>`
        SELECT con.conname AS name, a.attname AS first
        FROM pg_constraint con
        JOIN pg_class rel ON rel.oid = con.conrelid
        JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = con.conkey[1]
        WHERE rel.relname = ${table_name} AND con.contype IN ('p', 'u', 'f')
          AND NOT (con.contype = 'f' AND con.confrelid = 'tenants'::regclass)`.execute(db.kysely);
      for (const key of keys) expect(key.first, `${table_name}.${key.name}`).toBe('tenant_id');
    }
  });
});
