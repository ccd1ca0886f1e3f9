import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';

const directives = (policy: unknown) =>
  Object.fromEntries(
    String(policy)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name, ...sources]) => [name, sources]),
  );

describe(`the public sponsor page's Content-Security-Policy (${testEngine})`, () => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'mandato-web-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
    t = await createTestApp({ webDist });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('is stricter than the app: nothing by default, no outside origin, no base, no framing', async () => {
    for (const url of ['/demo/convite/maria-123456', '/demo/convite', '/demo/convite/maria-123456?x=1']) {
      const res = await t.api.inject({ url });
      expect(res.statusCode).toBe(200);
      const csp = directives(res.headers['content-security-policy']);
      expect(csp['default-src'], url).toEqual(["'none'"]);
      expect(csp['script-src']).toEqual(["'self'"]);
      expect(csp['connect-src']).toEqual(["'self'"]);
      expect(csp['img-src']).toEqual(["'self'", 'data:']);
      expect(csp['base-uri']).toEqual(["'none'"]);
      expect(csp['frame-ancestors']).toEqual(["'none'"]);
      expect(res.headers['x-frame-options']).toBe('DENY');
    }
    // the app's other pages keep the app policy
    const agenda = directives(
      (await t.api.inject({ url: '/demo/agenda' })).headers['content-security-policy'],
    );
    expect(agenda['default-src']).toEqual(["'self'"]);
  });
});
