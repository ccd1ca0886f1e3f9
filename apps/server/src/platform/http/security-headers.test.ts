import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, buildTenant, buildUser, createTestApp, loginAs, type TestApp } from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';
import {
  API_CONTENT_SECURITY_POLICY,
  appContentSecurityPolicy,
  DOCS_CONTENT_SECURITY_POLICY,
  templateOrigin,
} from './security-headers.ts';

const directives = (policy: string | string[] | number | undefined) =>
  Object.fromEntries(
    String(policy)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name, ...sources]) => [name, sources]),
  );

describe('content security policy sources', () => {
  it('turns a tile template into the origin of any of its subdomains', () => {
    expect(templateOrigin('TILE_URL', 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe(
      'https://*.tile.openstreetmap.org',
    );
    expect(templateOrigin('TILE_URL', 'https://tiles.exemplo.com.br:8443/{z}/{x}/{y}.png')).toBe(
      'https://tiles.exemplo.com.br:8443',
    );
    expect(() => templateOrigin('TILE_URL', '/tiles/{z}/{x}/{y}.png')).toThrow(
      /Configuração inválida: TILE_URL/,
    );
    expect(() => templateOrigin('TILE_URL', "https://x.com; script-src 'unsafe-inline'/")).toThrow(
      /TILE_URL/,
    );
  });

  it('allows scripts from the app only and the configured outside origins where they are used', () => {
    const csp = directives(
      appContentSecurityPolicy({
        tileUrl: 'https://{s}.tile.exemplo.org/{z}/{x}/{y}.png',
        cepUrl: 'https://cep.exemplo.org/ws/{cep}/json/',
      }),
    );
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https://*.tile.exemplo.org']);
    expect(csp['connect-src']).toEqual(["'self'", 'https://cep.exemplo.org']);
  });
});

describe(`security headers (${testEngine})`, () => {
  let t: TestApp;
  let production: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'mandato-web-'));
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.writeFileSync(
      path.join(webDist, 'index.html'),
      '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/x.js"></script></body></html>',
    );
    fs.writeFileSync(path.join(webDist, 'assets', 'x.js'), 'console.log(1);');
    t = await createTestApp({ webDist });
    production = await createTestApp({ env: 'production' });
  });
  afterAll(async () => {
    await t.close();
    await production.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  const expectCommonHeaders = (headers: Record<string, unknown>) => {
    expect(headers['permissions-policy']).toContain('camera=()');
    expect(headers['permissions-policy']).toContain('microphone=()');
    expect(headers['permissions-policy']).toContain('geolocation=(self)');
    expect(headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['x-frame-options']).toBe('DENY');
  };

  it('gives the web app page a strict policy: own scripts only, no framing, no plugins', async () => {
    for (const url of ['/', '/login', '/demo/agenda']) {
      const res = await t.api.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      const csp = directives(res.headers['content-security-policy']);
      expect(csp['default-src']).toEqual(["'self'"]);
      expect(csp['script-src']).toEqual(["'self'"]);
      expect(csp['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
      expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https://*.tile.openstreetmap.org']);
      expect(csp['connect-src']).toEqual(["'self'", 'https://viacep.com.br']);
      expect(csp['object-src']).toEqual(["'none'"]);
      expect(csp['base-uri']).toEqual(["'self'"]);
      expect(csp['form-action']).toEqual(["'self'"]);
      expect(csp['frame-ancestors']).toEqual(["'none'"]);
      expectCommonHeaders(res.headers);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('keeps immutable caching on hashed assets', async () => {
    const res = await t.api.inject({ url: '/assets/x.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-security-policy']).toBeDefined();
    expectCommonHeaders(res.headers);
  });

  it('never lets an API answer be cached or rendered as a page', async () => {
    const tenant = await buildTenant(t);
    const user = await buildUser(t, tenant);
    const token = await loginAs(t, tenant, user.email);
    const answers = [
      await t.api.inject({ url: '/api/auth/verify', headers: as(tenant, token) }),
      await t.api.inject({ url: '/api/users/me', headers: as(tenant, token) }),
      await t.api.inject({ url: '/api/users/me', headers: { 'x-schema': tenant.slug } }),
      await t.api.inject({ url: '/api/nada' }),
    ];
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 401, 404]);
    for (const res of answers) {
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['content-security-policy']).toBe(API_CONTENT_SECURITY_POLICY);
      expectCommonHeaders(res.headers);
    }
  });

  it('serves the API documentation outside production, under its own policy', async () => {
    const page = await t.api.inject({ url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toBe(DOCS_CONTENT_SECURITY_POLICY);
    const script = await t.api.inject({ url: '/api/docs/static/swagger-initializer.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-security-policy']).toBe(DOCS_CONTENT_SECURITY_POLICY);
    expect((await t.api.inject({ url: '/api/docs/json' })).statusCode).toBe(200);
  });

  it('has no API documentation in production', async () => {
    for (const url of ['/api/docs', '/api/docs/json', '/api/docs/static/swagger-initializer.js']) {
      const res = await production.api.inject({ url });
      expect(res.statusCode).toBe(404);
      expect(res.headers['cache-control']).toBe('no-store');
    }
    const tenant = await buildTenant(production);
    const api = await production.api.inject({ url: `/api/sys-admin/schemas/${tenant.slug}` });
    expect(api.statusCode).toBe(200);
  });
});
