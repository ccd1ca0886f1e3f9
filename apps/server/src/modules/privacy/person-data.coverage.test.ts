import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { personDataParts } from '../../person-data-parts.ts';
import type { Database } from '../../platform/db/engine.ts';
import { createPersonDataRegistry } from '../../platform/person-data.ts';
import { createTestDatabase, testEngine } from '../../test/test-database.ts';

/**
 * Every column of the catalog that holds a person's id — a foreign key to people, or a column named
 * like one without the key (imports, shot history) — is declared by some module's part, so an access
 * file, an anonymisation, a deletion and a merge reach every row of the person.
 */
async function personColumns(db: Database): Promise<string[]> {
  const { rows: keyed } = await sql<{ ref: string }>`
    SELECT rel.relname || '.' || a.attname AS ref
    FROM pg_constraint con
    JOIN pg_class rel ON rel.oid = con.conrelid
    JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = ANY (con.conkey)
    WHERE con.contype = 'f' AND con.confrelid = 'people'::regclass AND a.attname <> 'tenant_id'`.execute(
    db.kysely,
  );
  const { rows: named } = await sql<{ ref: string }>`
    SELECT c.table_name || '.' || c.column_name AS ref
    FROM information_schema.columns c
    JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
    WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'
      AND (c.column_name ~ '(^|_)(person|people|godfather|contact|applicant)_id$')`.execute(db.kysely);
  return [...new Set([...keyed, ...named].map((r) => r.ref))].sort();
}

/**
 * Every text-like column of the tables where a person's values can be written: people, the tables
 * with a person reference (a foreign key to people or one declared by a part), the tables whose rows
 * hang off those by foreign key (at any depth: a recipient's events and outbox copies, a demand's
 * files) and the tables a part declares text columns of (the opt-outs kept by address). Merge values, rendered messages and clicked URLs land in such columns
 * without a person column of their own (issue 38: the click URL kept the address after erasure).
 */
async function personTextColumns(db: Database, declaredTables: readonly string[]): Promise<string[]> {
  const { rows } = await sql<{ ref: string }>`
    WITH RECURSIVE person_tables AS (
      SELECT rel.relname::text AS tbl
      FROM pg_constraint con JOIN pg_class rel ON rel.oid = con.conrelid
      WHERE con.contype = 'f' AND con.confrelid = 'people'::regclass
      UNION SELECT unnest(${[...declaredTables, 'people']}::text[])
      UNION
      SELECT child.relname::text
      FROM person_tables p
      JOIN pg_class parent ON parent.relname = p.tbl
      JOIN pg_namespace ns ON ns.oid = parent.relnamespace AND ns.nspname = 'public'
      JOIN pg_constraint con ON con.contype = 'f' AND con.confrelid = parent.oid
      JOIN pg_class child ON child.oid = con.conrelid
    )
    SELECT c.table_name || '.' || c.column_name AS ref
    FROM information_schema.columns c
    JOIN person_tables p ON p.tbl = c.table_name
    WHERE c.table_schema = 'public'
      AND c.udt_name IN ('text', 'varchar', 'bpchar', 'json', 'jsonb', '_text', '_varchar', 'citext')`.execute(
    db.kysely,
  );
  return rows.map((r) => r.ref).sort();
}

describe(`person-data registry (${testEngine})`, () => {
  let db: Database;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    ({ db, cleanup } = await createTestDatabase());
  });
  afterAll(() => cleanup());

  it('finds the person references of the catalog (the scan itself works)', async () => {
    const found = await personColumns(db);
    expect(found).toEqual(expect.arrayContaining(['person_tags.person_id', 'people.godfather_id']));
  });

  it('has a part declaring every table column with a person reference, and none that is not one', async () => {
    const registry = createPersonDataRegistry(personDataParts);
    const declared = registry.references().map((r) => `${r.table}.${r.personColumn}`);
    const found = await personColumns(db);
    const missing = found.filter((ref) => !declared.includes(ref));
    const unknown = declared.filter((ref) => !found.includes(ref));
    expect(
      { missing, unknown },
      'declare each missing reference in the <module>.person-data.ts of the module that owns the table (person-data-parts.ts)',
    ).toEqual({ missing: [], unknown: [] });
  });

  it('finds the text columns of the rows hanging off a person (the scan itself works)', async () => {
    const found = await personTextColumns(db, []);
    expect(found).toEqual(
      expect.arrayContaining([
        'mkt_shot_events.url',
        'mkt_shot_outbox.html_body',
        'demand_files.original_name',
      ]),
    );
    expect(found).not.toContain('mkt_shots.html_content');
  });

  it('says what an erasure leaves of every text column where the person can be written, and of no other', async () => {
    const registry = createPersonDataRegistry(personDataParts);
    const declared = Object.keys(registry.texts());
    const found = await personTextColumns(db, [
      ...registry.references().map((ref) => ref.table),
      ...declared.map((ref) => ref.split('.')[0] ?? ''),
    ]);
    const missing = found.filter((ref) => !declared.includes(ref));
    const unknown = declared.filter((ref) => !found.includes(ref));
    expect(
      { missing, unknown },
      "declare each missing column in the texts of the <module>.person-data.ts that owns the table: 'erased' (the erase clears it in both modes) or 'kept' (nothing that identifies the person)",
    ).toEqual({ missing: [], unknown: [] });
  });

  it('declares the unique keys that include the person column, for the merge', async () => {
    const { rows } = await sql<{ tbl: string; cols: string[] }>`
      SELECT rel.relname AS tbl,
        array(SELECT a.attname::text FROM unnest(ix.indkey) k JOIN pg_attribute a
          ON a.attrelid = ix.indrelid AND a.attnum = k WHERE a.attname <> 'tenant_id' ORDER BY 1) AS cols
      FROM pg_index ix JOIN pg_class rel ON rel.oid = ix.indrelid
      JOIN pg_namespace ns ON ns.oid = rel.relnamespace AND ns.nspname = 'public'
      WHERE ix.indisunique`.execute(db.kysely);
    const registry = createPersonDataRegistry(personDataParts);
    const undeclared: string[] = [];
    for (const ref of registry.references()) {
      const keys = rows.filter((r) => r.tbl === ref.table && r.cols.includes(ref.personColumn));
      for (const key of keys) {
        const declared = [...(ref.uniqueWith ?? [])].sort();
        if (declared.join(',') !== key.cols.join(','))
          undeclared.push(`${ref.table}.${ref.personColumn}: (${key.cols.join(', ')})`);
      }
    }
    expect(undeclared).toEqual([]);
  });

  it('refuses a table declared twice', () => {
    const part = (module: string) => ({
      module,
      references: [{ table: 'person_tags', personColumn: 'person_id' }],
      collect: async () => ({}),
      erase: async () => {},
    });
    expect(() => createPersonDataRegistry([part('tags'), part('people')])).toThrow(/person_tags.person_id/);
  });

  it('refuses a text column declared twice', () => {
    const part = (module: string) => ({
      module,
      references: [],
      texts: { 'mkt_shot_events.url': 'erased' as const },
      collect: async () => ({}),
      erase: async () => {},
    });
    expect(() => createPersonDataRegistry([part('shots'), part('privacy')])).toThrow(/mkt_shot_events.url/);
  });
});
