import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  cyclesOf,
  moduleGraph,
  moduleOf,
  importsOf as scanImportsOf,
  sourceFiles as scanSourceFiles,
} from '../../../tools/import-graph.ts';
import { moduleStateOf } from './test/module-state-scan.ts';

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

/**
 * No module-level mutable state (issue 29): an adapter or cache that lives as long as the app is a
 * member of the app context (platform/app-context.ts, made in services.ts), so each app — a test's,
 * the CLI's — has its own and closes it. Data loaded once that never changes goes through
 * platform/lazy.ts (`once`, `memoByObject`); a constant lookup table is typed ReadonlySet/ReadonlyMap.
 * Tests, benches and the helper itself are left out. Parsed with the TypeScript compiler API
 * (test/module-state-scan.ts).
 */
const STATE_HELPER = 'platform/lazy.ts';

function moduleState(): string[] {
  return sourceFiles()
    .filter((file) => file !== STATE_HELPER && !file.endsWith('.bench.ts'))
    .flatMap((file) => moduleStateOf(SRC, file));
}

describe('no module-level mutable state', () => {
  it('finds each kind of state, and lets constants, lazy data and function-local state be', () => {
    const dir = mkdtempSync(join(tmpdir(), 'module-state-'));
    try {
      const write = (name: string, text: string) => writeFileSync(join(dir, name), text);
      write(
        'state.ts',
        [
          'let count = 0;',
          'export var legacy = 1;',
          'const byId = new Map<string, number>();',
          'const groups = { seen: new WeakSet<object>() };',
          'const list: string[] = [];',
          'export function add(x: string) { list.push(x); }',
          'const totals = { hits: 0 };',
          'export const hit = () => { totals.hits++; };',
          'const memo = (() => { const m = new Map(); return (k: string) => m.get(k); })();',
          'function counter() { let n = 0; return () => ++n; }',
          'export const next = counter();',
        ].join('\n'),
      );
      write(
        'fine.ts',
        [
          "import { once } from './lazy.ts';",
          'const KINDS: ReadonlySet<string> = new Set(["a", "b"]);',
          'const LIMITS = { max: 3 } as const;',
          'export const table = once(() => new Map([["a", 1]]));',
          'export function local() { let n = 0; const seen = new Set(); for (let i = 0; i < 3; i++) n += i; seen.add(n); return n; }',
          'export function shadow(list: string[]) { list.push("x"); }',
          'const list = ["a"];',
          'export const first = () => list[0];',
          'function root() { for (let d = 1; ; d++) if (d > 2) return d; }',
          'export const ROOT = root();',
          'export const read = () => KINDS.has("a") && LIMITS.max > 1;',
        ].join('\n'),
      );
      const found = moduleStateOf(dir, 'state.ts').map((f) => f.replace(/^state\.ts:\d+ /, ''));
      expect(found).toEqual([
        'top-level let count',
        'top-level var legacy',
        'top-level new Map in byId',
        'top-level new WeakSet in groups',
        'memo keeps state in a closure',
        'next keeps state in a closure',
        expect.stringMatching(/^top-level list is changed in place/),
        expect.stringMatching(/^top-level totals is changed in place/),
      ]);
      expect(moduleStateOf(dir, 'fine.ts')).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('has none in the server', () => {
    const left = moduleState();
    expect(
      left,
      `Module-level mutable state (src/architecture.test.ts, docs/architecture.md): make the adapter or cache a member of the app context (platform/app-context.ts, built in services.ts createAppContext), or load immutable data through platform/lazy.ts:\n  ${left.join('\n  ')}\n`,
    ).toEqual([]);
  }, 120_000);
});
