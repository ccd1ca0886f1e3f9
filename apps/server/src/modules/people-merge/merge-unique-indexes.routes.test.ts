import { DUPLICATES_TEXTS, ROLES } from '@mandato/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { personDataParts } from '../../person-data-parts.ts';
import { withTenant } from '../../platform/db/tenancy.ts';
import { createPersonDataRegistry, type PersonDataPart } from '../../platform/person-data.ts';
import { buildPerson, type Caller, call, signedIn } from '../../test/crm-factories.ts';
import { type BuiltTenant, buildTenant, createTestApp, type TestApp } from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';
import { snapshot } from './test/merge-references.ts';

const MERGE = '/api/people/merge';
const undo = (code: string) => `/api/people/merge/${code}/undo`;

/**
 * No table of ours has a unique index over a person column that is partial or on an expression
 * (0002's tags_name and 0034's provider_message_id do not name a person): a module may add one any
 * day, so the test adds two, as a migration would, with their tenant policy.
 */
const TEST_TABLES = `
  CREATE TABLE merge_test_badges (
    tenant_id bigint NOT NULL REFERENCES tenants (id),
    id bigint GENERATED ALWAYS AS IDENTITY,
    person_id bigint NOT NULL,
    kind text NOT NULL,
    revoked_at timestamptz,
    PRIMARY KEY (tenant_id, id),
    FOREIGN KEY (tenant_id, person_id) REFERENCES people (tenant_id, id) ON DELETE CASCADE
  );
  -- one active badge of a kind per person, the kind case-insensitive
  CREATE UNIQUE INDEX merge_test_badges_active ON merge_test_badges (tenant_id, person_id, lower(kind))
    WHERE revoked_at IS NULL;
  CREATE TABLE merge_test_seats (
    tenant_id bigint NOT NULL REFERENCES tenants (id),
    id bigint GENERATED ALWAYS AS IDENTITY,
    person_id bigint NOT NULL,
    seat integer NOT NULL,
    PRIMARY KEY (tenant_id, id)
  );
  -- the person column only inside expressions
  CREATE UNIQUE INDEX merge_test_seats_label ON merge_test_seats (tenant_id, (person_id::text || ':' || seat));
  CREATE UNIQUE INDEX merge_test_seats_sum ON merge_test_seats (tenant_id, (person_id + seat * 1000000));
  ALTER TABLE merge_test_badges ENABLE ROW LEVEL SECURITY;
  ALTER TABLE merge_test_badges FORCE ROW LEVEL SECURITY;
  CREATE POLICY tenant_isolation ON merge_test_badges
    USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());
  ALTER TABLE merge_test_seats ENABLE ROW LEVEL SECURITY;
  ALTER TABLE merge_test_seats FORCE ROW LEVEL SECURITY;
  CREATE POLICY tenant_isolation ON merge_test_seats
    USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());`;

const testPart: PersonDataPart = {
  module: 'merge-unique-indexes-test',
  references: [
    { table: 'merge_test_badges', personColumn: 'person_id' },
    { table: 'merge_test_seats', personColumn: 'person_id' },
  ],
  collect: async () => ({}),
  erase: async () => {},
};

describe(`merge over partial and expression unique indexes (${testEngine})`, () => {
  const seat = (personId: number, seatNumber: number) =>
    withTenant(t.db, tenant.id, ({ trx }) =>
      sql`INSERT INTO merge_test_seats (tenant_id, person_id, seat) VALUES (${tenant.id}, ${personId}, ${seatNumber})`.execute(
        trx,
      ),
    );

  const registry = createPersonDataRegistry([...personDataParts, testPart]);
  const tables = [...new Set(registry.references().map((r) => r.table))];
  let t: TestApp;
  let tenant: BuiltTenant;
  let admin: Caller;

  beforeAll(async () => {
    t = await createTestApp({}, { personData: registry });
    await t.db.ownerSession(async (run) => {
      await run(TEST_TABLES);
      await run(
        `GRANT SELECT, INSERT, UPDATE, DELETE ON merge_test_badges, merge_test_seats TO ${t.db.appRole}`,
      );
    });
    tenant = await buildTenant(t);
    admin = await signedIn(t, tenant, [...ROLES], 'Administradora');
  });
  afterAll(() => t.close());

  const rowsOf = (table: string, personId: number) =>
    withTenant(t.db, tenant.id, async ({ trx }) => {
      const { rows } = await sql<{ kind: string; revoked: boolean }>`
        SELECT kind, revoked_at IS NOT NULL AS revoked FROM ${sql.id(table)}
        WHERE person_id = ${personId} ORDER BY kind, revoked_at`.execute(trx);
      return rows;
    });

  it('keeps one active badge per kind on the survivor, moves the rest and undoes exactly', async () => {
    const survivor = await buildPerson(t, admin, { name: 'Hugo Alves' });
    const duplicate = await buildPerson(t, admin, { name: 'HUGO ALVES' });
    await withTenant(t.db, tenant.id, ({ trx }) =>
      sql`INSERT INTO merge_test_badges (tenant_id, person_id, kind, revoked_at) VALUES
        (${tenant.id}, ${survivor.code}, 'Lider', NULL),
        (${tenant.id}, ${duplicate.code}, 'LIDER', NULL),
        (${tenant.id}, ${duplicate.code}, 'lider', now()),
        (${tenant.id}, ${duplicate.code}, 'Mesario', NULL),
        (${tenant.id}, ${survivor.code}, 'Fiscal', now()),
        (${tenant.id}, ${duplicate.code}, 'FISCAL', now())`.execute(trx),
    );
    const before = await snapshot(t.db, tenant.id, tables);

    const merged = await call(t, admin, 'POST', MERGE, {
      survivorCode: String(survivor.code),
      mergedCodes: [String(duplicate.code)],
    });
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    // the duplicate's active LIDER would repeat the survivor's Lider: kept aside for the undo
    expect(await rowsOf('merge_test_badges', survivor.code)).toEqual([
      { kind: 'FISCAL', revoked: true },
      { kind: 'Fiscal', revoked: true },
      { kind: 'Lider', revoked: false },
      { kind: 'Mesario', revoked: false },
      { kind: 'lider', revoked: true },
    ]);

    const undone = await call(t, admin, 'POST', undo(merged.body.data.mergeCode));
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    expect(await snapshot(t.db, tenant.id, tables)).toEqual(before);
  });

  it('reads expressions over the person column as they will be after the move', async () => {
    const survivor = await buildPerson(t, admin, { name: 'Iara Dias' });
    const duplicate = await buildPerson(t, admin, { name: 'IARA DIAS' });
    await seat(survivor.code, 1);
    await seat(duplicate.code, 1);
    await seat(duplicate.code, 2);
    const before = await snapshot(t.db, tenant.id, tables);

    const merged = await call(t, admin, 'POST', MERGE, {
      survivorCode: String(survivor.code),
      mergedCodes: [String(duplicate.code)],
    });
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    await withTenant(t.db, tenant.id, async ({ trx }) => {
      const { rows } = await sql<{ seat: number }>`
        SELECT seat FROM merge_test_seats WHERE person_id IN (${survivor.code}, ${duplicate.code})
        ORDER BY seat`.execute(trx);
      expect(rows).toEqual([{ seat: 1 }, { seat: 2 }]);
    });
    const undone = await call(t, admin, 'POST', undo(merged.body.data.mergeCode));
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    expect(await snapshot(t.db, tenant.id, tables)).toEqual(before);
  });

  it('refuses the undo with a pt-BR 409 that changes nothing when a row of another person took a key back', async () => {
    const survivor = await buildPerson(t, admin, { name: 'Jair Neves' });
    const duplicate = await buildPerson(t, admin, { name: 'JAIR NEVES' });
    await seat(duplicate.code, 5);
    const merged = await call(t, admin, 'POST', MERGE, {
      survivorCode: String(survivor.code),
      mergedCodes: [String(duplicate.code)],
    });
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    // a row (of no person of ours: the table has no foreign key) whose person_id + seat * 1000000 is the
    // one the duplicate's row will have once it goes back
    await seat(duplicate.code + 5_000_000, 0);
    const watched = [...tables, 'person_merges', 'audit_log'];
    const before = await snapshot(t.db, tenant.id, watched);
    const undone = await call(t, admin, 'POST', undo(merged.body.data.mergeCode));
    expect(undone).toMatchObject({ status: 409, body: { message: DUPLICATES_TEXTS.undoBlocked } });
    expect(await snapshot(t.db, tenant.id, watched)).toEqual(before);
  });
});
