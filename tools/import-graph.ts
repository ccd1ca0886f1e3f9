import { readdirSync, readFileSync } from 'node:fs';
import { join, posix, relative, sep } from 'node:path';

/**
 * The import scanner shared by the boundary tests (apps/server/src/architecture.test.ts,
 * apps/web/src/architecture.test.ts). Text only, no TypeScript: it reads the relative module
 * specifiers of a source tree and the `modules/<m>/` graph they draw. Each test keeps its own rules.
 */

export interface SourceFileOptions {
  /** File name endings to keep, e.g. ['.ts'] or ['.ts', '.tsx']. */
  extensions: string[];
  /** Directories not to enter, as posix paths relative to the root (e.g. 'test'). */
  skipDirs?: string[];
}

const TEST_FILE = /\.test\.tsx?$/;

/** Non-test source files under root (no *.test.ts(x)), sorted, as posix paths relative to root. */
export function sourceFiles(root: string, options: SourceFileOptions): string[] {
  const skip = new Set(options.skipDirs ?? []);
  const walk = (dir: string): string[] => {
    const files: string[] = [];
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      const rel = relative(root, path).split(sep).join('/');
      if (entry.isDirectory()) {
        if (!skip.has(rel)) files.push(...walk(path));
      } else if (options.extensions.some((ext) => entry.name.endsWith(ext)) && !TEST_FILE.test(entry.name)) {
        files.push(rel);
      }
    }
    return files;
  };
  return walk(root).sort();
}

/** `from '…'` (imports, re-exports), `import('…')` (dynamic) and `import '…'` (side effect), relative only. */
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"]+)['"]/g;

/**
 * The root-relative targets of a file's relative imports, re-exports and dynamic imports, sorted,
 * exactly as written (no extension is added: the code base imports with explicit extensions).
 */
export function importsOf(root: string, file: string): string[] {
  const text = readFileSync(join(root, file), 'utf8');
  const targets = new Set<string>();
  for (const match of text.matchAll(IMPORT)) {
    targets.add(posix.normalize(posix.join(posix.dirname(file), match[1] ?? '')));
  }
  return [...targets].sort();
}

/** The module of a root-relative path ("modules/people/api.ts" → "people"), if it lies in one. */
export function moduleOf(path: string): string | undefined {
  return /^modules\/([^/]+)\//.exec(path)?.[1];
}

/** Module → module edges between different modules of the files' imports (type-only and dynamic included). */
export function moduleGraph(root: string, files: string[]): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of files) {
    const from = moduleOf(file);
    if (!from) continue;
    for (const target of importsOf(root, file)) {
      const to = moduleOf(target);
      if (to && to !== from) {
        if (!graph.has(from)) graph.set(from, new Set());
        graph.get(from)?.add(to);
      }
    }
  }
  return graph;
}

/** Every elementary cycle of the graph, each once, starting at its smallest node ("a → b → a"). */
export function cyclesOf(graph: Map<string, Set<string>>): string[] {
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
