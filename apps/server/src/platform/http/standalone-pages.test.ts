import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isStandalonePage, webPageOf } from './standalone-pages.ts';

describe('isStandalonePage', () => {
  it.each([
    '/demo/convite',
    '/demo/convite/',
    '/demo/convite/maria-123456',
    '/demo/convite/maria-123456/',
    '/demo/convite/Qualquer%20coisa',
    '/sender-email-confirm/12/abc/def',
    '/descadastrar/5f2c9a',
    '/descadastrar/5f2c9a/',
  ])('%s is a standalone page', (pathname) => {
    expect(isStandalonePage(pathname)).toBe(true);
  });

  it.each([
    '/',
    '/login',
    '/recuperar-senha',
    '/demo',
    '/demo/agenda',
    '/demo/pessoas/convite',
    '/demo/convite/a/b',
    '/demo/convites',
    '/sender-email-confirm/12/abc',
    '/sender-email-confirm/12/abc/def/ghi',
    '/descadastrar',
    '/descadastrar/',
    '/descadastrar/a/b',
  ])('%s is not', (pathname) => {
    expect(isStandalonePage(pathname)).toBe(false);
  });
});

describe('webPageOf', () => {
  let dist = '';
  afterEach(() => fs.rmSync(dist, { recursive: true, force: true }));

  it('sends public.html for the standalone pages and index.html for the rest', () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'mandato-web-'));
    fs.writeFileSync(path.join(dist, 'index.html'), 'app');
    fs.writeFileSync(path.join(dist, 'public.html'), 'public');
    const pageOf = webPageOf(dist);
    expect(pageOf('/demo/convite/maria-123').toString()).toBe('public');
    expect(pageOf('/descadastrar/abc').toString()).toBe('public');
    expect(pageOf('/demo/agenda').toString()).toBe('app');
    expect(pageOf('/login').toString()).toBe('app');
  });

  it('sends index.html for all when the build has no public.html', () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'mandato-web-'));
    fs.writeFileSync(path.join(dist, 'index.html'), 'app');
    expect(webPageOf(dist)('/demo/convite/maria-123').toString()).toBe('app');
  });
});
