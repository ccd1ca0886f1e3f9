import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { DEMO, login } from '../support.ts';

/**
 * What a first visit downloads (issue 28): the offline worker precaches the shell and the login
 * route only, the rest is cached the first time it is used; a public page installs no worker.
 * The journeys block service workers; these tests let them run.
 */
test.use({ serviceWorkers: 'allow' });

const SHOTS = '/tmp/shots-first-run-delivery';
/**
 * Budget of the precache, raw bytes as Cache Storage holds them. Measured: 34 entries, ~694 KiB
 * (index.html, the entry and its static imports — ~224 kB gzipped, scripts/check-bundle.mjs —, its
 * CSS, workbox-window, icon and web manifest); before, every chunk: 167 entries, ~4.4 MiB.
 */
const PRECACHE_BUDGET = { entries: 40, bytes: 800_000 };
/** Chunks of the signed-in app: a page outside it loads none of them. */
const APP_CHUNK =
  /\/(TenantGate|AppShell|ModuleGuard|QuickActionsMenu|AgendaPage|PeoplePage|MarketingPage|ReportsPage|AdminPage|GrapesEmailEditor)-/;
/** The demo's sponsor link (apps/server/src/modules/demo/demo-sponsor.ts: the admin's, number 2024). */
const DEMO_SPONSOR_LINK = `/${DEMO.slug}/convite/administrador-2024`;

interface CachedFile {
  cache: string;
  url: string;
  bytes: number;
}

/** Every response in Cache Storage, with its body size. */
function cachedFiles(page: Page): Promise<CachedFile[]> {
  return page.evaluate(async () => {
    const files: CachedFile[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const response = await cache.match(request);
        const bytes = response ? (await response.arrayBuffer()).byteLength : 0;
        files.push({ cache: name, url: new URL(request.url).pathname, bytes });
      }
    }
    return files;
  });
}

const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });

test.describe('first run: what the browser downloads and keeps', () => {
  test('the worker precaches the shell and the login route; a route opened later is cached then; offline the login opens', async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000);
    fs.mkdirSync(SHOTS, { recursive: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
    // active: the install step (the precache) is over
    const state = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state);
    expect(['activating', 'activated']).toContain(state);

    const precached = (await cachedFiles(page)).filter((f) => f.cache.startsWith('workbox-precache'));
    const bytes = precached.reduce((sum, f) => sum + f.bytes, 0);
    console.log(`precache: ${precached.length} arquivos, ${(bytes / 1024).toFixed(1)} KiB`);
    expect(precached.length).toBeLessThanOrEqual(PRECACHE_BUDGET.entries);
    expect(bytes).toBeLessThanOrEqual(PRECACHE_BUDGET.bytes);
    const urls = precached.map((f) => f.url);
    const entry = await page.locator('script[type=module]').first().getAttribute('src');
    expect(urls).toEqual(
      expect.arrayContaining(['/index.html', '/icon.svg', '/manifest.webmanifest', entry]),
    );
    expect(urls.filter((url) => APP_CHUNK.test(url))).toEqual([]);
    await shot(page, 'login-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'login-390');
    await page.setViewportSize({ width: 1280, height: 900 });

    // signing in opens the agenda: its chunk is kept at its first use, outside the precache
    await login(page);
    await expect(page.getByRole('button', { name: 'Novo Evento' })).toBeVisible();
    await expect
      .poll(async () =>
        (await cachedFiles(page))
          .filter((f) => f.cache === 'mandato-assets' && /\/AgendaPage-[\w-]+\.js$/.test(f.url))
          .map((f) => f.cache),
      )
      .toEqual(['mandato-assets']);

    // offline, the shell still opens the login (index.html and its chunks from the precache)
    await page.evaluate(() => localStorage.clear());
    await context.setOffline(true);
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
    await context.setOffline(false);
  });

  test('a public sponsor page installs no worker and loads none of the signed-in app', async ({ page }) => {
    fs.mkdirSync(SHOTS, { recursive: true });
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.setViewportSize({ width: 1280, height: 900 });
    const form = page.waitForResponse((r) => r.url().includes('/api/people/godfather-form/'));
    await page.goto(DEMO_SPONSOR_LINK);
    expect((await form).status()).toBe(200);
    await expect(page.getByRole('button', { name: 'Cadastrar' })).toBeVisible();

    const registrations = await page.evaluate(
      async () => (await navigator.serviceWorker.getRegistrations()).length,
    );
    expect(registrations).toBe(0);
    expect(await page.evaluate(async () => (await caches.keys()).length)).toBe(0);
    console.log(`página de convite: ${scripts.length} scripts`);
    expect(scripts.filter((url) => APP_CHUNK.test(url) || url.includes('workbox-window'))).toEqual([]);
    expect(scripts.some((url) => /\/SponsorSignUpPage-[\w-]+\.js$/.test(url))).toBe(true);
    await shot(page, 'sponsor-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'sponsor-390');
  });
});
