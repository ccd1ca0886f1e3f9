import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Module boundaries of the server (issue 9, DESIGN.md §1), checked by scanning the relative imports
 * of every non-test source file under src/ (no database):
 *  (a) a module uses another only through its service, lookup or policy files: no file outside
 *      modules/B imports modules/B/*.repository.ts;
 *  (b) no module-level import cycles (module → module edges, type-only imports included);
 *  (c) platform/ never imports from modules/.
 *
 * Today's tree still breaks some of these: they are listed, exactly, in KNOWN_VIOLATIONS. The test
 * fails on any violation not in the list AND on a listed one that no longer exists, so the list
 * only shrinks: when you fix one, delete its line.
 */
const KNOWN_VIOLATIONS: readonly string[] = [
  // --- (a) another module's repository ---
  // demo-sample writes its bulk sample data straight through four repositories: needs write
  // services that take (ctx, input) (issue 9 item 3)
  'repository: modules/demo/demo-sample.ts → modules/companies/companies.repository.ts',
  'repository: modules/demo/demo-sample.ts → modules/people/people.repository.ts',
  'repository: modules/demo/demo-sample.ts → modules/segments/segments.repository.ts',
  'repository: modules/demo/demo-sample.ts → modules/tags/tags.repository.ts',
  // --- (b) module-level cycles ---
  // auth is the hub: every module imports auth.guard (AuthContext, authenticate) while auth reads
  // users and tenants; they go when the guard and context move to platform/auth behind the single
  // request helper (issue 9 item 3)
  'cycle: auth → tenants → auth',
  'cycle: auth → users → auth',
  'cycle: auth → users → people → auth',
  'cycle: auth → users → people → companies → auth',
  'cycle: auth → users → people → companies → segments → auth',
  'cycle: auth → users → people → companies → tags → auth',
  'cycle: auth → users → people → segments → auth',
  'cycle: auth → users → people → segments → companies → auth',
  'cycle: auth → users → people → segments → companies → tags → auth',
  'cycle: auth → users → people → tags → auth',
  'cycle: auth → users → tenants → auth',
  // filter compiler and counts: people/companies compile segment filters (segments/segment-filter,
  // compile-filter) while segments counts people and companies (issue 9 item 2)
  'cycle: companies → people → segments → companies',
  'cycle: companies → segments → companies',
  'cycle: companies → segments → people → companies',
  'cycle: people → segments → people',
  // a person's company name (people → companies.lookup) and a company's people names, visibility and
  // address presentation (companies → people.lookup/policy/present)
  'cycle: companies → people → companies',
  // a team member is both a person and a user: people-write → users.service (createTeamUser…),
  // users → people.lookup / people/team-members
  'cycle: people → users → people',
];

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

function findViolations(): string[] {
  const violations: string[] = [];
  const graph = new Map<string, Set<string>>();
  for (const file of sourceFiles()) {
    const from = moduleOf(file);
    for (const target of importsOf(file)) {
      const to = moduleOf(target);
      if (to && to !== from && target.endsWith('.repository.ts')) {
        violations.push(`repository: ${file} → ${target}`);
      }
      if (file.startsWith('platform/') && target.startsWith('modules/')) {
        violations.push(`platform: ${file} → ${target}`);
      }
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
  const found = findViolations();

  it('finds the source files and their imports (the scan itself works)', () => {
    const files = sourceFiles();
    expect(files).toContain('modules/people/people.service.ts');
    expect(files.some((f) => f.endsWith('.test.ts') || f.startsWith('test/'))).toBe(false);
    expect(importsOf('modules/people/people.service.ts')).toContain('modules/people/people.repository.ts');
  });

  it('adds no new violation (another module’s repository, a module cycle, platform → modules)', () => {
    const added = found.filter((v) => !KNOWN_VIOLATIONS.includes(v));
    expect(
      added,
      `New module-boundary violations (src/architecture.test.ts): use the other module's service, lookup or policy file, keep shared code in platform/, and do not add module cycles:\n  ${added.join('\n  ')}\n`,
    ).toEqual([]);
  });

  it('lists no violation that is gone (delete its line from KNOWN_VIOLATIONS)', () => {
    const gone = KNOWN_VIOLATIONS.filter((v) => !found.includes(v));
    expect(
      gone,
      `Fixed, so remove from KNOWN_VIOLATIONS in src/architecture.test.ts:\n  ${gone.join('\n  ')}\n`,
    ).toEqual([]);
  });
});
