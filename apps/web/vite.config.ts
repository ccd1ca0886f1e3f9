import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const THEME_COLOR = '#1f4e9c';

/** The npm package of a bundled module id ('@scope/name' or 'name'), or undefined for our own code. */
function packageOf(id: string): string | undefined {
  const at = id.lastIndexOf('/node_modules/');
  if (at < 0) return undefined;
  const [first = '', second = ''] = id.slice(at + '/node_modules/'.length).split('/');
  return first.startsWith('@') ? `${first}/${second}` : first;
}

/**
 * @mandato/domain is one barrel of zod schemas, whose top-level `z.object(...)` calls the bundler must
 * otherwise keep: a page gets only the domain modules it uses. Only zod-locale.ts acts on import (pt-BR
 * messages, no eval under the CSP), and the barrel index.ts keeps importing it.
 */
function domainWithoutSideEffects(): Plugin {
  return {
    name: 'mandato:domain-side-effects',
    apply: 'build',
    transform: {
      filter: { id: /[\\/]packages[\\/]domain[\\/]src[\\/].*\.ts$/ },
      handler(code, id) {
        if (id.endsWith('zod-locale.ts') || id.endsWith('index.ts')) return null;
        return { code, map: null, moduleSideEffects: false };
      },
    },
  };
}

/** Writes .vite/chunk-packages.json (chunk file → npm packages in it) for scripts/check-bundle.mjs. */
function chunkPackages(): Plugin {
  return {
    name: 'mandato:chunk-packages',
    apply: 'build',
    generateBundle(_options, bundle) {
      const byChunk: Record<string, string[]> = {};
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        const packages = new Set(
          Object.keys(chunk.modules)
            .map(packageOf)
            .filter((p) => p !== undefined),
        );
        byChunk[chunk.fileName] = [...packages].sort();
      }
      this.emitFile({
        type: 'asset',
        fileName: '.vite/chunk-packages.json',
        source: JSON.stringify(byChunk, null, 1),
      });
    },
  };
}

/**
 * The two HTML entries: the app (index.html) and the pages opened from a link outside it
 * (public.html: sponsor sign-up, sender activation, unsubscribe; issue 28), which the server sends
 * for their paths so that they load none of the app's shell.
 */
const HTML_ENTRIES = {
  index: fileURLToPath(new URL('index.html', import.meta.url)),
  public: fileURLToPath(new URL('public.html', import.meta.url)),
};

/**
 * The login route's files, filled at each build: the app entry's chunk, the chunks it imports
 * statically and their CSS, plus the worker's own registration (workbox-window, which the entry
 * imports on demand). These are what the service worker precaches; the other routes' chunks are
 * cached when first used (runtimeCaching below).
 */
const loginRouteFiles = new Set<string>();

function collectLoginRouteFiles(): Plugin {
  return {
    name: 'mandato:login-route-files',
    apply: 'build',
    generateBundle(_options, bundle) {
      loginRouteFiles.clear();
      const add = (fileName: string) => {
        const chunk = bundle[fileName];
        if (chunk?.type !== 'chunk' || loginRouteFiles.has(fileName)) return;
        loginRouteFiles.add(fileName);
        for (const css of chunk.viteMetadata?.importedCss ?? []) loginRouteFiles.add(css);
        for (const imported of chunk.imports) add(imported);
      };
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        const appEntry = chunk.isEntry && chunk.facadeModuleId === HTML_ENTRIES.index;
        if (appEntry || chunk.moduleIds.some((id) => id.includes('/workbox-window/'))) add(chunk.fileName);
      }
    },
  };
}

/**
 * The precache: the files outside assets/ (index.html, icon, web manifest) and the login route's;
 * not public.html, whose pages the worker never answers (navigateFallbackDenylist).
 */
function precacheOnlyLoginRoute<Entry extends { url: string }>(entries: Entry[]) {
  const seen = new Set<string>();
  const manifest = entries.filter((entry) => {
    const keep =
      entry.url !== 'public.html' && (!entry.url.startsWith('assets/') || loginRouteFiles.has(entry.url));
    if (!keep || seen.has(entry.url)) return false;
    seen.add(entry.url);
    return true;
  });
  return { manifest, warnings: [] };
}

export default defineConfig({
  plugins: [
    react(),
    domainWithoutSideEffects(),
    chunkPackages(),
    collectLoginRouteFiles(),
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      // icon.svg is precached once, by the glob below
      includeManifestIcons: false,
      manifest: {
        name: 'Mandato',
        short_name: 'Mandato',
        description: 'CRM para mandatos políticos',
        lang: 'pt-BR',
        start_url: '/',
        display: 'standalone',
        theme_color: THEME_COLOR,
        background_color: '#ffffff',
        icons: [{ src: '/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,ico,png,woff2}'],
        manifestTransforms: [async (entries) => precacheOnlyLoginRoute(entries)],
        // a route's chunks are kept the first time it opens (hashed names: a file never changes);
        // the page that registered the worker is controlled at once, so its first session counts
        runtimeCaching: [
          {
            urlPattern: ({ sameOrigin, url }) => sameOrigin && url.pathname.startsWith('/assets/'),
            handler: 'CacheFirst',
            options: {
              cacheName: 'mandato-assets',
              cacheableResponse: { statuses: [200] },
              expiration: { maxEntries: 400, purgeOnQuotaError: true },
            },
          },
        ],
        clientsClaim: true,
        navigateFallback: '/index.html',
        // the pages of public.html come from the server (the sponsor page with its own strict CSP)
        navigateFallbackDenylist: [
          /^\/api\//,
          /^\/[^/]+\/convite(?:\/|$)/,
          /^\/sender-email-confirm\//,
          /^\/descadastrar\//,
        ],
        maximumFileSizeToCacheInBytes: 6 * 1024 * 1024,
      },
    }),
  ],
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: true } },
  },
  preview: {
    port: 4173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: true } },
  },
  // TILE_URL (the map's XYZ tiles) is the server's setting too: its CSP allows that origin
  envPrefix: ['VITE_', 'TILE_URL'],
  build: {
    // .vite/manifest.json: scripts/check-bundle.mjs sums the gzipped JavaScript of each route from it.
    manifest: true,
    chunkSizeWarningLimit: 2000,
    rollupOptions: { input: HTML_ENTRIES },
  },
});
