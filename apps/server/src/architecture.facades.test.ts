import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from '../../../tools/import-graph.ts';
import { facadeFiles, sqlTypesInFacades } from './test/facade-signatures.ts';

/**
 * Facades carry no SQL (issue 29, beside architecture.test.ts): a `.lookup.ts` or `.policy.ts` —
 * what another module may import (architecture.test.ts rule a) — exports no Kysely type. Other
 * modules get ids, rows or functions; a repository that needs another module's rule (who may see
 * which people) gets it as data and compiles it in platform/db/filter/, like a FilterExpression.
 * Checked on the compiler's types (test/facade-signatures.ts).
 */
const SRC = dirname(fileURLToPath(import.meta.url));
const NODE_MODULES = join(SRC, '../../../node_modules');

/** A throwaway module tree beside the repository's node_modules (kysely resolves from it). */
function withFixture(files: Record<string, string>, check: (root: string) => void) {
  const root = mkdtempSync(join(tmpdir(), 'facade-signatures-'));
  try {
    symlinkSync(NODE_MODULES, join(root, 'node_modules'));
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    }
    check(root);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

describe('facade signatures', () => {
  it('finds the facade files, the people facades among them', () => {
    const facades = facadeFiles(sourceFiles(SRC, { extensions: ['.ts'], skipDirs: ['test'] }));
    for (const facade of [
      'people.policy.ts',
      'recipients.lookup.ts',
      'people-names.lookup.ts',
      'people-display.lookup.ts',
      'team-person.lookup.ts',
      'people-map.lookup.ts',
      'people-geo.lookup.ts',
      'sign-up.lookup.ts',
      'people-batch.lookup.ts',
    ])
      expect(facades).toContain(`modules/people/${facade}`);
    expect(facades).toContain('modules/companies/companies.lookup.ts');
  });

  it('has no SQL type in the exported signatures of a facade', () => {
    const found = sqlTypesInFacades(
      SRC,
      facadeFiles(sourceFiles(SRC, { extensions: ['.ts'], skipDirs: ['test'] })),
    );
    expect(
      found,
      `A .lookup.ts/.policy.ts exposes a Kysely type (src/architecture.facades.test.ts, docs/architecture.md): hand other modules ids, rows or functions; a repository that needs another module's rule gets it as data:\n  ${found.join('\n  ')}\n`,
    ).toEqual([]);
  }, 180_000);

  it('finds a re-exported builder, one inside an object, a returned handle; passes rows, ids and a handle taken', () => {
    withFixture(
      {
        'modules/a/a.repository.ts': `import { type RawBuilder, type SqlBool, sql } from 'kysely';
export const visibleWhere = (): RawBuilder<SqlBool> => sql<SqlBool>\`true\`;
export interface Row { id: string; name: string | null }
export const rows = async (): Promise<Row[]> => [];`,
        'modules/a/bad.lookup.ts': `import type { Kysely } from 'kysely';
import { visibleWhere } from './a.repository.ts';
export { visibleWhere as aWhere } from './a.repository.ts';
export const grouped = { where: visibleWhere };
export function handle(): Kysely<unknown> { throw new Error('no'); }`,
        'modules/a/good.policy.ts': `import type { Kysely, Transaction } from 'kysely';
import { type Row, rows } from './a.repository.ts';
export type { Row } from './a.repository.ts';
export function byDb(db: Kysely<unknown>, ids: readonly string[]): Promise<Row[]> { void db; void ids; return rows(); }
export function inTrx(trx: Transaction<unknown>): Promise<Map<string, Row>> { void trx; return Promise.resolve(new Map()); }
export const facade = { rows };`,
      },
      (root) => {
        expect(
          sqlTypesInFacades(root, ['modules/a/bad.lookup.ts', 'modules/a/good.policy.ts']).sort(),
        ).toEqual([
          'modules/a/bad.lookup.ts: aWhere exposes RawBuilder<SqlBool>',
          'modules/a/bad.lookup.ts: grouped exposes RawBuilder<SqlBool>',
          'modules/a/bad.lookup.ts: handle exposes Kysely<unknown>',
        ]);
      },
    );
  }, 60_000);
});
