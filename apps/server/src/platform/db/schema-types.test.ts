import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CatalogColumn, readCatalog, readDbTypes, schemaMismatches } from '../../test/schema-types.ts';
import { createTestDatabase, testEngine } from '../../test/test-database.ts';
import type { Database } from './engine.ts';

const SCHEMA_FILE = path.join(import.meta.dirname, 'schema.ts');

/**
 * Columns typed as a union of string literals that no CHECK (… IN (…)) list states in SQL: the TS
 * type is intentionally narrower than the column. Empty today; a new entry says why.
 */
const NARROWER_THAN_SQL = new Set<string>([]);

describe(`schema.ts against the migrated catalog (${testEngine})`, () => {
  let db: Database;
  let cleanup: () => Promise<void>;
  let catalog: CatalogColumn[];
  beforeAll(async () => {
    ({ db, cleanup } = await createTestDatabase());
    catalog = await db.ownerSession(readCatalog);
  });
  afterAll(() => cleanup());

  it('types every table and column of the migrations, and no other, with compatible types', () => {
    const found = schemaMismatches(catalog, readDbTypes(SCHEMA_FILE), NARROWER_THAN_SQL);
    expect(found, `platform/db/schema.ts disagrees with the migrations:\n  ${found.join('\n  ')}\n`).toEqual(
      [],
    );
  });

  it('names the table.column of a column, a table or a type the other side does not have', async () => {
    // the migrations with a scratch one on top, rolled back once the catalog is read
    const scratch = await db.ownerSession(async (run) => {
      await run(`BEGIN;
        ALTER TABLE tags ADD COLUMN scratch_note text NOT NULL DEFAULT '';
        ALTER TABLE tags ALTER COLUMN name DROP NOT NULL;
        CREATE TABLE scratch_only (id int);`);
      try {
        return await readCatalog(run);
      } finally {
        await run('ROLLBACK');
      }
    });
    // schema.ts with wrong types of its own
    const wrongTypes: [string, string][] = [
      ['export interface DB {', 'export interface DB {\n  gone: TagsTable;'],
      [
        'export interface JobsTable {\n  id: Id;',
        'export interface JobsTable {\n  id: Id;\n  retired: string;',
      ],
      ['  queue: string;', '  queue: Generated<string>;'],
      [
        "state: Generated<'pending' | 'active' | 'done' | 'failed'>;",
        "state: Generated<'pending' | 'done'>;",
      ],
      ['  run_at: Timestamp;', '  run_at: string;'],
      ['  attempts: Generated<number>;\n  max_attempts', '  attempts: Generated<string>;\n  max_attempts'],
      ['  last_error: string | null;\n  singleton_key', '  last_error: string | undefined;\n  singleton_key'],
      ['  singleton_key: string | null;', '  singleton_key: string;'],
      ['birth_md: ColumnType<number | null, never, never>;', 'birth_md: number | null;'],
    ];
    let schema = fs.readFileSync(SCHEMA_FILE, 'utf8');
    for (const [right, wrong] of wrongTypes) {
      expect(schema).toContain(right);
      schema = schema.replace(right, wrong);
    }
    const found = schemaMismatches(scratch, readDbTypes(SCHEMA_FILE, schema), NARROWER_THAN_SQL);
    expect(found.sort()).toEqual(
      [
        'scratch_only: in the database, missing from the DB interface',
        'gone: in the DB interface, no such table in the database',
        'tags.name (text null): read type lacks | null',
        "tags.scratch_note (text): missing from tags's type",
        'jobs.retired: typed, no such column',
        'jobs.queue (text): insert type allows leaving it out, the column has no default and is NOT NULL',
        'jobs.state (text): typed as done, pending, its CHECK allows active, done, failed, pending',
        'jobs.run_at (timestamptz): read as string',
        'jobs.run_at (timestamptz): has a default: insert type must be Generated<…> or allow undefined',
        'jobs.attempts (int4): read as string',
        'jobs.attempts (int4): insert takes string',
        'jobs.attempts (int4): update takes string',
        'jobs.last_error (text null): read type lacks | null',
        'jobs.singleton_key (text null): read type lacks | null',
        'people.birth_md (int2 null): insert type must be never (GENERATED ALWAYS)',
        'people.birth_md (int2 null): update type must be never (GENERATED ALWAYS)',
      ].sort(),
    );
  });
});
