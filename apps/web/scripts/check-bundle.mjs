// Post-build: the gzipped JavaScript each route downloads, from the Vite manifest (build.manifest).
// A route loads the entry (index.html) and the chunks it imports statically, plus the lazy chunks
// of its pages and their static imports. Fails the build when the login route passes its budget.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../dist');
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
/** Written by the 'chunk-packages' plugin of vite.config.ts: the npm packages inside each chunk. */
const packagesByChunk = JSON.parse(fs.readFileSync(path.join(dist, '.vite/chunk-packages.json'), 'utf8'));

const ENTRY = 'index.html';
/** The tenant area every signed-in route loads before its page. */
const SHELL = [
  'src/platform/routing/TenantGate.tsx',
  'src/platform/layout/AppShell.tsx',
  'src/platform/guards/ModuleGuard.tsx',
];
/** Manifest keys each route loads; a key missing from the manifest fails the check (renamed page). */
const ROUTES = {
  login: [ENTRY],
  people: [ENTRY, ...SHELL, 'src/modules/people/PeoplePage.tsx'],
  agenda: [ENTRY, ...SHELL, 'src/modules/agenda/AgendaPage.tsx'],
  admin: [ENTRY, ...SHELL, 'src/modules/admin/AdminPage.tsx'],
  // the pages opened from a link outside the app have their own HTML entry (issue 28)
  convite: ['public.html', 'src/modules/sponsor/SponsorSignUpPage.tsx'],
};
/**
 * Budget of the login route, gzipped (kB = 1000 bytes, as Vite prints): 250 kB (issue 10), ~224 kB
 * today: react-dom, react-router, antd's core with Input/Button/Switch and notices. This is a
 * ratchet: lower it whenever the login route shrinks, never raise it.
 */
const LOGIN_BUDGET = 250_000;
/**
 * Libraries the login route never loads: the heavy ones of a single route, and those the login page
 * does without — zod (the domain's main entry sets it up on import: eager code imports
 * '@mandato/domain/plain'), TanStack Query, dayjs and antd's modal hooks (rc-dialog), which come
 * with the routes loaded on demand (src/platform/routing/LazyProviders.tsx).
 */
const HEAVY = [
  '@fullcalendar',
  'leaflet',
  'react-leaflet',
  'maplibre-gl',
  'quill',
  '@tiptap',
  'lexical',
  'draft-js',
  'zod',
  '@tanstack/query-core',
  '@tanstack/react-query',
  'dayjs',
  '@rc-component/dialog',
  // the e-mail shot editor's own chunk (issue 26)
  'grapesjs',
  'grapesjs-preset-newsletter',
];

/**
 * A module's chunk: its own manifest entry, or — when Rollup put it in a chunk shared with other
 * modules (a lazily loaded module also imported statically elsewhere) — the shared chunk named
 * after it (`_ModuleGuard-<hash>.js`, name 'ModuleGuard').
 */
function manifestChunk(key) {
  if (manifest[key]) return manifest[key];
  const name = path.basename(key).replace(/\.[jt]sx?$/, '');
  return Object.entries(manifest).find(([k, c]) => k.startsWith('_') && c.name === name)?.[1];
}

function chunkFiles(key, files = new Set()) {
  const chunk = manifestChunk(key);
  if (!chunk) throw new Error(`check-bundle: '${key}' não está no manifesto do Vite`);
  if (!chunk.file.endsWith('.js') || files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) chunkFiles(imported, files);
  return files;
}

const gzipSizes = new Map();
function gzipSize(file) {
  if (!gzipSizes.has(file)) {
    gzipSizes.set(file, zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length);
  }
  return gzipSizes.get(file);
}

const kb = (bytes) => `${(bytes / 1000).toFixed(1).padStart(7)} kB`;
let failed = false;
console.log('\nJavaScript por rota (gzip):');
for (const [route, keys] of Object.entries(ROUTES)) {
  const files = new Set();
  for (const key of keys) chunkFiles(key, files);
  const raw = [...files].reduce((sum, f) => sum + fs.statSync(path.join(dist, f)).size, 0);
  const gz = [...files].reduce((sum, f) => sum + gzipSize(f), 0);
  const largest = Math.max(...[...files].map(gzipSize));
  console.log(
    `  ${route.padEnd(8)} ${kb(gz)} gzip  ${kb(raw)} sem compressão  ${files.size} arquivos, maior ${kb(largest).trim()}`,
  );
  if (route === 'login') {
    if (gz > LOGIN_BUDGET) {
      console.error(`  ✗ a rota de login passa de ${kb(LOGIN_BUDGET).trim()} gzip`);
      failed = true;
    }
    const heavy = new Set();
    for (const file of files) {
      for (const pkg of packagesByChunk[file] ?? []) {
        if (HEAVY.some((lib) => pkg === lib || pkg.startsWith(`${lib}/`))) heavy.add(`${pkg} (${file})`);
      }
    }
    if (heavy.size) {
      console.error(`  ✗ biblioteca fora da rota de login carregada nela: ${[...heavy].join(', ')}`);
      failed = true;
    }
  }
}
console.log(`  orçamento do login: ${kb(LOGIN_BUDGET).trim()} gzip\n`);
if (failed) process.exit(1);
