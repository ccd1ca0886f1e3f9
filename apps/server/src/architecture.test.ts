import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

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

/** Non-test .ts files under src/, as posix paths relative to src/ ("modules/people/people.service.ts"). */
function sourceFiles(dir = SRC): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    const rel = relative(SRC, path).split(sep).join('/');
    if (entry.isDirectory()) {
      if (rel !== 'test') files.push(...sourceFiles(path));
    } else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) {
      files.push(rel);
    }
  }
  return files.sort();
}

const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"]+)['"]/g;

/** The src-relative targets of a file's relative imports and re-exports. */
function importsOf(file: string): string[] {
  const text = readFileSync(join(SRC, file), 'utf8');
  const targets = new Set<string>();
  for (const match of text.matchAll(IMPORT)) {
    targets.add(posix.normalize(posix.join(posix.dirname(file), match[1] ?? '')));
  }
  return [...targets].sort();
}

function moduleOf(path: string): string | undefined {
  return /^modules\/([^/]+)\//.exec(path)?.[1];
}

/** Every elementary cycle of the graph, each once, starting at its smallest module ("a → b → a"). */
function cyclesOf(graph: Map<string, Set<string>>): string[] {
  const cycles: string[] = [];
  const nodes = [...graph.keys()].sort();
  for (const start of nodes) {
    // only cycles whose smallest node is `start`, so each is found once
    const visit = (node: string, path: string[]) => {
      for (const next of [...(graph.get(node) ?? [])].sort()) {
        if (next === start) cycles.push([...path, start].join(' → '));
        else if (next > start && !path.includes(next)) visit(next, [...path, next]);
      }
    };
    visit(start, [start]);
  }
  return cycles;
}

const PUBLIC_FILE = /\.(service|lookup|policy)\.ts$/;

function findViolations(): string[] {
  const violations: string[] = [];
  const graph = new Map<string, Set<string>>();
  for (const file of sourceFiles()) {
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
      if (from && to && from !== to) {
        if (!graph.has(from)) graph.set(from, new Set());
        graph.get(from)?.add(to);
      }
    }
  }
  for (const cycle of cyclesOf(graph)) violations.push(`cycle: ${cycle}`);
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
