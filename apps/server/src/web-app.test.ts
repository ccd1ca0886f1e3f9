import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/test-app.ts';
import { testEngine } from './test/test-database.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const SCRIPT = `export const greeting = ${JSON.stringify('olá '.repeat(500))};\n`;

/** The built web app as `npm run build -w apps/web` leaves it: hashed assets with .br and .gz copies. */
function writeWebDist(dir: string) {
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/app-3f2a.js"></script></body></html>',
  );
  const script = path.join(dir, 'assets', 'app-3f2a.js');
  fs.writeFileSync(script, SCRIPT);
  fs.writeFileSync(`${script}.br`, zlib.brotliCompressSync(SCRIPT));
  fs.writeFileSync(`${script}.gz`, zlib.gzipSync(SCRIPT));
  fs.writeFileSync(path.join(dir, 'assets', 'plain-9c1d.js'), 'console.log(1);');
  fs.writeFileSync(
    path.join(dir, 'public.html'),
    '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/public-7b1e.js"></script></body></html>',
  );
  fs.writeFileSync(path.join(dir, 'sw.js'), SCRIPT);
  fs.writeFileSync(path.join(dir, 'sw.js.br'), zlib.brotliCompressSync(SCRIPT));
}

const decode = (encoding: string | undefined, body: Buffer) =>
  encoding === 'br'
    ? zlib.brotliDecompressSync(body).toString()
    : encoding === 'gzip'
      ? zlib.gunzipSync(body).toString()
      : body.toString();

describe(`web app assets (${testEngine})`, () => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'mandato-web-'));
    writeWebDist(webDist);
    t = await createTestApp({ webDist });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    t.api.inject({ url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

  it.each([
    ['br', 'br'],
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['gzip;q=1, br;q=0', 'gzip'],
    ['identity', undefined],
    [undefined, undefined],
  ])('serves a hashed script for Accept-Encoding %s with Content-Encoding %s', async (accept, encoding) => {
    const res = await get('/assets/app-3f2a.js', accept);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(decode(encoding, res.rawPayload)).toBe(SCRIPT);
    if (encoding) expect(res.rawPayload.length).toBeLessThan(Buffer.byteLength(SCRIPT) / 4);
  });

  it('serves the plain file when the build left no compressed copy', async () => {
    const res = await get('/assets/plain-9c1d.js', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.body).toBe('console.log(1);');
  });

  it('keeps the service worker revalidated when it is sent compressed', async () => {
    const res = await get('/sw.js', 'br');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('sends the pages opened from a link outside the app their own HTML entry, the app index.html', async () => {
    for (const url of [
      '/demo/convite/maria-123456?x=1',
      '/demo/convite',
      '/descadastrar/ab12',
      '/sender-email-confirm/3/a/b',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body, url).toContain('/assets/public-7b1e.js');
    }
    for (const url of ['/login', '/demo/agenda', '/demo/pessoas/convite', '/descadastrar']) {
      const res = await get(url);
      expect(res.body, url).toContain('/assets/app-3f2a.js');
    }
    expect((await get('/public.html')).headers['cache-control']).toBe('no-cache');
  });

  it('does not serve the compressed copies as files of their own', async () => {
    const res = await get('/assets/app-3f2a.js.br', 'br');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-type']).toContain('text/html');
  });
});
