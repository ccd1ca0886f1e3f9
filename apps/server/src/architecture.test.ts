import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  cyclesOf,
  moduleGraph,
  moduleOf,
  importsOf as scanImportsOf,
  sourceFiles as scanSourceFiles,
} from '../../../tools/import-graph.ts';

/**
 * Module boundaries of the server (issue 9, DESIGN.md §1, docs/architecture.md), checked by
 * scanning the relative imports of every non-test source file under src/ (no database):
 *  (a) a module uses another only through its service, lookup or policy files (`*.service.ts`,
 *      `*.lookup.ts`, `*.policy.ts`): never its repository, routes, presenters or jobs;
 *  (b) no module-level import cycles (module → module edges, type-only imports included);
 *  (c) platform/ never imports from modules/;
 *  (d) the filter compiler (platform/db/filter/) is used by repositories only: services hand the
 *      domain FilterExpression down, and SQL expressions never travel through them;
 *  (e) production code never imports the test support (src/test/).
 * app.ts, services.ts, main.ts and cli.ts are the composition root: they wire modules together.
 */
const SRC = dirname(fileURLToPath(import.meta.url));

/** Non-test .ts files under src/ (src/test/ left out), as src-relative posix paths. */
const sourceFiles = () => scanSourceFiles(SRC, { extensions: ['.ts'], skipDirs: ['test'] });
const importsOf = (file: string) => scanImportsOf(SRC, file);

const PUBLIC_FILE = /\.(service|lookup|policy)\.ts$/;

function findViolations(): string[] {
  const violations: string[] = [];
  const files = sourceFiles();
  for (const file of files) {
    const from = moduleOf(file);
    for (const target of importsOf(file)) {
      const to = moduleOf(target);
      if (from && to && to !== from && !PUBLIC_FILE.test(target)) {
        violations.push(`not public: ${file} → ${target}`);
      }
      if (file.startsWith('platform/') && target.startsWith('modules/')) {
        violations.push(`platform: ${file} → ${target}`);
      }
      if (
        target.startsWith('platform/db/filter/') &&
        !file.startsWith('platform/db/filter/') &&
        !file.endsWith('.repository.ts')
      ) {
        violations.push(`filter compiler outside a repository: ${file} → ${target}`);
      }
      if (target.startsWith('test/')) violations.push(`test support: ${file} → ${target}`);
    }
  }
  for (const cycle of cyclesOf(moduleGraph(SRC, files))) violations.push(`cycle: ${cycle}`);
  return violations;
}

describe('server module boundaries', () => {
  it('finds the source files and their imports (the scan itself works)', () => {
    const files = sourceFiles();
    expect(files).toContain('modules/people/people.service.ts');
    expect(files.some((f) => f.endsWith('.test.ts') || f.startsWith('test/'))).toBe(false);
    expect(importsOf('modules/people/people.service.ts')).toContain('modules/people/people.repository.ts');
  });

  it('finds cycles, each once', () => {
    const graph = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['a', 'c'])],
      ['c', new Set(['a'])],
    ]);
    expect(cyclesOf(graph)).toEqual(['a → b → a', 'a → b → c → a']);
  });

  it('has no violation', () => {
    const found = findViolations();
    expect(
      found,
      `Module-boundary violations (src/architecture.test.ts, docs/architecture.md): use the other module's service, lookup or policy file, keep shared code in platform/, hand FilterExpression to repositories, and do not add module cycles:\n  ${found.join('\n  ')}\n`,
    ).toEqual([]);
  });
});
