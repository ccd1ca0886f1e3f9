import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  cyclesOf,
  moduleGraph,
  importsOf as scanImportsOf,
  sourceFiles as scanSourceFiles,
} from '../../../tools/import-graph.ts';

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
 *      factories (`*Keys.ts`, e.g. `peopleKeys.search(...)`), so invalidation always matches;
 *  (d) no call of the untyped clients (`api.get('/people', …)`, `mkt.post(…)`): API calls go through
 *      `typedApi` / `mktApi` (platform/api/typedClient.ts), whose paths, bodies and answers are the
 *      server's OpenAPI document, so a changed route is a compile error (issue 29).
 * App.tsx and main.tsx are the composition root, outside both platform/ and modules/.
 */
const SRC = dirname(fileURLToPath(import.meta.url));

/** Non-test .ts/.tsx files under src/ (src/test/ left out), as src-relative posix paths. */
const sourceFiles = () => scanSourceFiles(SRC, { extensions: ['.ts', '.tsx'], skipDirs: ['test'] });
const importsOf = (file: string) => scanImportsOf(SRC, file);

const INLINE_KEY = /\bqueryKey\s*:\s*\[/;

/** 1-based numbers of the lines that write a query key as an array literal. */
function inlineKeyLines(text: string): number[] {
  return text.split('\n').flatMap((line, index) => (INLINE_KEY.test(line) ? [index + 1] : []));
}

/** A call of the untyped app or marketing client: the path is a string the compiler cannot check. */
const UNTYPED_CALL = /\b(api|mkt)\s*\.\s*(get|post|put|delete|request)\s*[<(]/g;

/** 1-based numbers of the lines that call an untyped client. */
function untypedCallLines(text: string): number[] {
  return [...text.matchAll(UNTYPED_CALL)].map((match) => text.slice(0, match.index).split('\n').length);
}

const ROUTE_TABLES = new Set(['platform/routing/lazyPages.ts', 'platform/routing/routes.tsx']);
const PAGE = /^modules\/[^/]+\/[A-Za-z]+Page\.tsx$/;

function findViolations(): string[] {
  const violations: string[] = [];
  const files = sourceFiles();
  for (const file of files) {
    for (const target of importsOf(file)) {
      if (
        file.startsWith('platform/') &&
        target.startsWith('modules/') &&
        !(ROUTE_TABLES.has(file) && PAGE.test(target))
      ) {
        violations.push(`platform: ${file} → ${target}`);
      }
    }
    const text = readFileSync(join(SRC, file), 'utf8');
    if (!file.endsWith('Keys.ts')) {
      for (const line of inlineKeyLines(text)) violations.push(`inline query key: ${file}:${line}`);
    }
    for (const line of untypedCallLines(text)) violations.push(`untyped API call: ${file}:${line}`);
  }
  for (const cycle of cyclesOf(moduleGraph(SRC, files))) violations.push(`cycle: ${cycle}`);
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

  it('tells inline query keys from factory keys', () => {
    const text = [
      "useQuery({ queryKey: ['people', code] });",
      "useQuery({ queryKey:['people'] });",
      "void queryClient.invalidateQueries({ queryKey: ['people'] });",
      'useQuery({ queryKey: peopleKeys.search(type, expression, page, ordering) });',
    ].join('\n');
    expect(inlineKeyLines(text)).toEqual([1, 2, 3]);
  });

  it('tells untyped API calls from typed ones', () => {
    const text = [
      "api.get<Person>('/people/7', undefined, { signal });",
      'mkt',
      "  .post('/mkt/domains', { name });",
      "typedApi.get('/people/{id}', { path: { id: code } });",
      "mktApi.post('/mkt/domains', { body: { name } });",
      'createTypedApi(mkt.request);',
    ].join('\n');
    expect(untypedCallLines(text)).toEqual([1, 2]);
  });

  it('has no violation', () => {
    const found = findViolations();
    expect(
      found,
      `Web boundary violations (src/architecture.test.ts, apps/web/README.md): do not add module cycles (move shared code to platform/ui), keep platform/ out of modules/ (only the route tables name module pages), build query keys with the module's *Keys.ts factory, and call the API through typedApi/mktApi (platform/api/typedClient.ts):\n  ${found.join('\n  ')}\n`,
    ).toEqual([]);
  });
});
