import { DUPLICATES_TEXTS, ROLES } from '@mandato/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { personDataParts } from '../../person-data-parts.ts';
import { withTenant } from '../../platform/db/tenancy.ts';
import { createPersonDataRegistry } from '../../platform/person-data.ts';
import { buildPerson, type Caller, call, signedIn } from '../../test/crm-factories.ts';
import { type BuiltTenant, buildTenant, createTestApp, type TestApp } from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';
import { snapshot } from './test/merge-references.ts';

const MERGE = '/api/people/merge';
const undo = (code: string) => `/api/people/merge/${code}/undo`;

/** A merge is kept 30 days: migrations may change people before its undo. */
describe(`merge undo after a migration changed people (${testEngine})`, () => {
  const registry = createPersonDataRegistry(personDataParts);
  const watched = [...new Set(registry.references().map((r) => r.table)), 'person_merges', 'audit_log'];
  let t: TestApp;
  let tenant: BuiltTenant;
  let admin: Caller;

  beforeAll(async () => {
    t = await createTestApp({}, { personData: registry });
    tenant = await buildTenant(t);
    admin = await signedIn(t, tenant, [...ROLES], 'Administradora');
  });
  afterAll(() => t.close());

  const migrate = (ddl: string) => t.db.ownerSession((run) => run(ddl));

  it('restores the merged people with the default of a column added since and without a column dropped since', async () => {
    await migrate('ALTER TABLE people ADD COLUMN merge_test_gone text');
    const survivor = await buildPerson(t, admin, { name: 'Lia Rocha' });
    const duplicate = await buildPerson(t, admin, { name: 'LIA ROCHA', notes: 'da planilha' });
    await withTenant(t.db, tenant.id, ({ trx }) =>
      sql`UPDATE people SET merge_test_gone = 'x' WHERE id = ${duplicate.code}`.execute(trx),
    );
    const merged = await call(t, admin, 'POST', MERGE, {
      survivorCode: String(survivor.code),
      mergedCodes: [String(duplicate.code)],
    });
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    await migrate(`ALTER TABLE people DROP COLUMN merge_test_gone;
      ALTER TABLE people ADD COLUMN merge_test_flag boolean NOT NULL DEFAULT true`);

    const undone = await call(t, admin, 'POST', undo(merged.body.data.mergeCode));
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    expect(await call(t, admin, 'GET', `/api/people/${duplicate.code}`)).toMatchObject({
      status: 200,
      body: { data: { name: 'LIA ROCHA', notes: 'da planilha' } },
    });
    expect((await call(t, admin, 'GET', `/api/people/${survivor.code}`)).body.data.notes).toBeNull();
    await withTenant(t.db, tenant.id, async ({ trx }) => {
      const { rows } = await sql<{ flag: boolean }>`
        SELECT merge_test_flag AS flag FROM people WHERE id = ${duplicate.code}`.execute(trx);
      expect(rows).toEqual([{ flag: true }]);
    });
  });

  it('refuses with a pt-BR 409 that changes nothing when a rule added since refuses a kept row', async () => {
    const survivor = await buildPerson(t, admin, { name: 'Rui Paz' });
    const duplicate = await buildPerson(t, admin, { name: 'RUI PAZ', notes: 'texto antigo' });
    const merged = await call(t, admin, 'POST', MERGE, {
      survivorCode: String(survivor.code),
      mergedCodes: [String(duplicate.code)],
      fields: { notes: String(survivor.code) },
    });
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    await migrate(
      `ALTER TABLE people ADD CONSTRAINT merge_test_notes CHECK (notes <> 'texto antigo') NOT VALID`,
    );
    try {
      const before = await snapshot(t.db, tenant.id, watched);
      expect(await call(t, admin, 'POST', undo(merged.body.data.mergeCode))).toMatchObject({
        status: 409,
        body: { message: DUPLICATES_TEXTS.undoBlocked },
      });
      expect(await snapshot(t.db, tenant.id, watched)).toEqual(before);
    } finally {
      await migrate('ALTER TABLE people DROP CONSTRAINT merge_test_notes');
    }
  });
});
