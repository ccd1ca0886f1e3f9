import { JSON_MAX_DEPTH, JSON_MAX_NODES, MESSAGES } from '@mandato/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';

/** `{"a": [[[…]]]}`: an object holding arrays, `depth` levels in all. */
const nestedBody = (depth: number) => `{"a":${'['.repeat(depth - 1)}${']'.repeat(depth - 1)}}`;

/**
 * JSON.parse copes with any nesting, but what runs after it recurses (JSON.stringify overflows near
 * 5,000 levels in Node 20, a schema walking a value, a jsonb column): the body reader refuses a body
 * nested deeper than JSON_MAX_DEPTH before any of it, on every route.
 */
describe(`JSON bodies nested too deep (${testEngine})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.api.ready();
  });
  afterAll(() => t.close());

  const send = (method: string, url: string, payload: string) =>
    t.api.inject({
      method: method as 'POST',
      url,
      headers: { 'content-type': 'application/json', 'x-schema': 'ninguem' },
      payload,
    });

  it('answers a body nested 200,000 levels with a pt-BR 400 on every route that reads JSON', async () => {
    const routes = Object.entries(
      (t.api.swagger() as { paths: Record<string, Record<string, { requestBody?: { content?: object } }>> })
        .paths,
    ).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, operation]) => 'application/json' in (operation.requestBody?.content ?? {}))
        .map(([method]) => ({ path: path.replace(/\{\w+\}/g, '1'), method: method.toUpperCase() })),
    );
    expect(routes.map((r) => r.path)).toContain('/api/mkt/emails/campaign');
    expect(routes.map((r) => r.path)).toContain('/api/mkt/emails/birthday');
    const deep = nestedBody(200_000);
    for (const { path, method } of routes) {
      const res = await send(method, path, deep);
      if (res.statusCode === 413) {
        // a route with a smaller body limit refuses it unread; one level past the limit fits
        expect(res.json().message).toBe(MESSAGES.payloadTooLarge);
        const small = await send(method, path, nestedBody(JSON_MAX_DEPTH + 1));
        expect(small.statusCode, `${method} ${path} → ${small.body}`).toBe(400);
        expect(small.json().message, `${method} ${path}`).toBe(MESSAGES.jsonTooDeep);
        continue;
      }
      if (res.statusCode !== 400) {
        // refused before its body is read (a webhook's secret, checked on request): as an empty body is
        const plain = await send(method, path, '{}');
        expect(res.statusCode, `${method} ${path} → ${res.body}`).toBe(plain.statusCode);
        expect(res.statusCode).toBeLessThan(500);
        continue;
      }
      expect(res.statusCode, `${method} ${path} → ${res.body}`).toBe(400);
      expect(res.json().message, `${method} ${path}`).toBe(MESSAGES.jsonTooDeep);
    }
  });

  it('reads a body nested to the limit (its schema answers), refuses one level more', async () => {
    const atLimit = await send('POST', '/api/auth/login', nestedBody(JSON_MAX_DEPTH));
    expect(atLimit.statusCode).toBe(400);
    expect(atLimit.json().message).not.toBe(MESSAGES.jsonTooDeep);
    const over = await send('POST', '/api/auth/login', nestedBody(JSON_MAX_DEPTH + 1));
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe(MESSAGES.jsonTooDeep);
  });

  it('counts objects, arrays and strings before parsing: one past JSON_MAX_NODES is a pt-BR 400 (the e-mail save: 4 MiB)', async () => {
    // the array itself, the key "a", the object and JSON_MAX_NODES - 3 strings: the limit exactly
    const body = (strings: number) => `{"a":[${Array(strings).fill('""').join(',')}]}`;
    const atLimit = await send('POST', '/api/mkt/emails/campaign', body(JSON_MAX_NODES - 3));
    // parsed, then refused further on (this tenant does not exist)
    expect(atLimit.statusCode).toBeLessThan(500);
    expect(atLimit.json().message).not.toBe(MESSAGES.jsonTooManyNodes);
    const over = await send('POST', '/api/mkt/emails/campaign', body(JSON_MAX_NODES - 2));
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe(MESSAGES.jsonTooManyNodes);
    const objects = await send(
      'POST',
      '/api/mkt/emails/campaign',
      `[${Array(700_000).fill('{}').join(',')}]`,
    );
    expect(objects.statusCode).toBe(400);
    expect(objects.json().message).toBe(MESSAGES.jsonTooManyNodes);
  });

  it('still finds a control character the text writes as an escape, in a value or a key', async () => {
    for (const payload of [String.raw`{"email":"a\u0000b"}`, String.raw`{"e\u0007":"x"}`, '{"e":"\u0085"}']) {
      const res = await send('POST', '/api/auth/login', payload);
      expect(res.statusCode, payload).toBe(400);
      expect(JSON.stringify(res.json().errors), payload).toContain(MESSAGES.controlCharacters);
    }
  });
});
