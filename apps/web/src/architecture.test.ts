import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Boundaries of the web app (apps/web/README.md), checked by scanning the relative imports and the
 * text of every non-test source file under src/ (no rendering):
 *  (a) no module-level import cycles between src/modules/<m>/ folders (module → module edges,
 *      type-only and dynamic imports included);
 *  (b) platform/ never imports from modules/, except the router's page tables: routing/lazyPages.ts
 *      (the lazily loaded tenant pages) and routing/routes.tsx (the public pages — login, password
 *      recovery, sender validation — which are loaded eagerly), and from them only a module's page
 *      component (`modules/<m>/<Name>Page.tsx`). The route table has to name the pages it shows;
 *      everything else a page needs comes through the module itself;
 *  (c) no react-query key is written inline (`queryKey: [...]`): keys come from the query-key
 *      factories (`*Keys.ts`, e.g. `peopleKeys.search(...)`), so invalidation always matches.
 * App.tsx and main.tsx are the composition root, outside both platform/ and modules/.
 */
const SRC = dirname(fileURLToPath(import.meta.url));

/** Non-test .ts/.tsx files under src/, as posix paths relative to src/ ("modules/people/api.ts"). */
function sourceFiles(dir = SRC): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    const rel = relative(SRC, path).split(sep).join('/');
    if (entry.isDirectory()) {
      if (rel !== 'test') files.push(...sourceFiles(path));
    } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
      files.push(rel);
    }
  }
  return files.sort();
}

const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"]+)['"]/g;

/** The src-relative targets of a file's relative imports, dynamic imports and re-exports. */
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

const INLINE_KEY = /\bqueryKey\s*:\s*\[/;

/** 1-based numbers of the lines that write a query key as an array literal. */
function inlineKeyLines(text: string): number[] {
  return text.split('\n').flatMap((line, index) => (INLINE_KEY.test(line) ? [index + 1] : []));
}

const ROUTE_TABLES = new Set(['platform/routing/lazyPages.ts', 'platform/routing/routes.tsx']);
const PAGE = /^modules\/[^/]+\/[A-Za-z]+Page\.tsx$/;

function findViolations(): string[] {
  const violations: string[] = [];
  const graph = new Map<string, Set<string>>();
  for (const file of sourceFiles()) {
    const from = moduleOf(file);
    for (const target of importsOf(file)) {
      const to = moduleOf(target);
      if (
        file.startsWith('platform/') &&
        target.startsWith('modules/') &&
        !(ROUTE_TABLES.has(file) && PAGE.test(target))
      ) {
        violations.push(`platform: ${file} → ${target}`);
      }
      if (from && to && from !== to) {
        if (!graph.has(from)) graph.set(from, new Set());
        graph.get(from)?.add(to);
      }
    }
    if (!file.endsWith('Keys.ts')) {
      for (const line of inlineKeyLines(readFileSync(join(SRC, file), 'utf8'))) {
        violations.push(`inline query key: ${file}:${line}`);
      }
    }
  }
  for (const cycle of cyclesOf(graph)) violations.push(`cycle: ${cycle}`);
  return violations;
}

describe('web boundaries', () => {
  it('finds the source files and their imports (the scan itself works)', () => {
    const files = sourceFiles();
    expect(files).toContain('modules/people/hooks/usePeople.ts');
    expect(files).toContain('platform/routing/routes.tsx');
    expect(files.some((f) => /\.test\.tsx?$/.test(f) || f.startsWith('test/'))).toBe(false);
    expect(importsOf('modules/people/hooks/usePeople.ts')).toContain('modules/people/hooks/peopleKeys.ts');
    expect(importsOf('platform/routing/lazyPages.ts')).toContain('modules/people/PeoplePage.tsx');
  });

  it('finds cycles, each once', () => {
    const graph = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['a', 'c'])],
      ['c', new Set(['a'])],
    ]);
    expect(cyclesOf(graph)).toEqual(['a → b → a', 'a → b → c → a']);
  });

  it('tells inline query keys from factory keys', () => {
    const text = [
      "useQuery({ queryKey: ['people', code] });",
      "useQuery({ queryKey:['people'] });",
      "void queryClient.invalidateQueries({ queryKey: ['people'] });",
      'useQuery({ queryKey: peopleKeys.search(type, expression, page, ordering) });',
    ].join('\n');
    expect(inlineKeyLines(text)).toEqual([1, 2, 3]);
  });

  it('has no violation', () => {
    const found = findViolations();
    expect(
      found,
      `Web boundary violations (src/architecture.test.ts, apps/web/README.md): do not add module cycles (move shared code to platform/ui), keep platform/ out of modules/ (only the route tables name module pages), and build query keys with the module's *Keys.ts factory:\n  ${found.join('\n  ')}\n`,
    ).toEqual([]);
  });
});
