import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MESSAGES, SPONSOR_MESSAGES } from '@mandato/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importsOf, sourceFiles } from '../../../../../tools/import-graph.ts';
import { type BuiltTenant, buildTenant, createTestApp, type TestApp } from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';
import { loadConfig } from '../config/config.ts';

/**
 * Rate limits are declared on the route (issue 29, platform/http/rate-limit.ts): every public
 * route has one (the app does not start otherwise), each refuses past it with the pt-BR 429 and
 * Retry-After and counts nothing refused; no module takes counters by hand but the one that must
 * commit them with the request's rows.
 */
const SRC = join(dirname(fileURLToPath(import.meta.url)), '../..');
const COUNTERS = 'platform/auth/throttle.repository.ts';
/** its activation e-mail limit is taken in the request's transaction (enforcedBy 'transaction' on its routes) */
const COUNTERS_IN_TRANSACTION = ['modules/marketing/senders.service.ts'];
const SECRET = 'segredo-de-teste-com-mais-de-32-caracteres';

/** A request each public route takes past its validation (and its secret), and the 429's text. */
function sampleRequests(slug: string) {
  const tenant = { 'x-schema': slug };
  // well-formed link ids (a malformed one is the route's 404, counted nowhere)
  const link = 'AAAAAAAAAAAAAAAAAAAAAA';
  return {
    'POST /api/auth/login': {
      url: '/api/auth/login',
      headers: tenant,
      payload: { email: 'ninguem@exemplo.com', password: 'a'.repeat(64) },
    },
    'PUT /api/auth/forgot-password': {
      url: '/api/auth/forgot-password',
      headers: tenant,
      payload: { email: 'ninguem@exemplo.com' },
    },
    'GET /api/sys-admin/schemas/:slug': { url: `/api/sys-admin/schemas/${slug}` },
    'GET /api/sys-admin/schemas/:slug/logo': { url: `/api/sys-admin/schemas/${slug}/logo` },
    'GET /api/sys-admin/schemas/:slug/sponsor-favicon': {
      url: `/api/sys-admin/schemas/${slug}/sponsor-favicon`,
    },
    'GET /api/calendar/:file': { url: `/api/calendar/${slug}.${'A'.repeat(43)}.ics` },
    'GET /api/people/godfather-form/:id': {
      url: '/api/people/godfather-form/ana-1234',
      headers: tenant,
      message: SPONSOR_MESSAGES.tooMany,
    },
    'POST /api/people/godfather-form/:id': {
      url: '/api/people/godfather-form/ana-1234',
      headers: tenant,
      payload: { name: 'Ana', acceptedTerms: true, termsVersion: '0'.repeat(64) },
      message: SPONSOR_MESSAGES.tooMany,
    },
    'POST /api/public/sender-email-confirm': {
      url: '/api/public/sender-email-confirm',
      payload: { senderCode: 1, senderToken: link, token: link },
    },
    'GET /api/public/unsubscribe/:linkId': { url: `/api/public/unsubscribe/${link}` },
    // the page and its POST share the link's counter: another link here
    'POST /api/public/unsubscribe/:linkId': {
      url: '/api/public/unsubscribe/BBBBBBBBBBBBBBBBBBBBBB',
      payload: { confirm: true },
    },
    'POST /api/public/shots/events': {
      url: '/api/public/shots/events',
      headers: { authorization: `Bearer ${SECRET}` },
      payload: { events: [] },
    },
    'POST /api/public/sms/events': {
      url: '/api/public/sms/events',
      headers: { 'x-mandato-webhook-secret': SECRET },
      payload: {
        id: 'evento-1',
        type: 'MESSAGE',
        direction: 'IN',
        message: { from: '5511999990000', contents: [{ type: 'text', text: 'oi' }] },
      },
    },
  } as Record<string, { url: string; headers?: Record<string, string>; payload?: object; message?: string }>;
}

/** Open and click hits are limited per link by the tracker in its batched writes, not per request. */
const BY_TRACKER = ['GET /api/public/t/o/:file', 'GET /api/public/t/c/:linkId'];

describe('rate limits taken by hand', () => {
  it('no module imports the counters but the one whose limit commits with its rows', () => {
    const files = sourceFiles(SRC, { extensions: ['.ts'], skipDirs: ['test'] });
    expect(files).toContain('modules/auth/auth.service.ts');
    const byHand = files.filter(
      (file) =>
        file.startsWith('modules/') &&
        !COUNTERS_IN_TRANSACTION.includes(file) &&
        importsOf(SRC, file).includes(COUNTERS),
    );
    expect(byHand, 'declare config.rateLimit on the route (platform/http/rate-limit.ts)').toEqual([]);
    for (const file of COUNTERS_IN_TRANSACTION) expect(importsOf(SRC, file)).toContain(COUNTERS);
  });
});

describe(`every public route declares its rate limit (${testEngine})`, () => {
  let t: TestApp;
  let tenant: BuiltTenant;
  beforeAll(async () => {
    const base = loadConfig({ NODE_ENV: 'test', WEB_DIST: '/nonexistent' });
    t = await createTestApp({
      marketing: { ...base.marketing, eventsSecret: SECRET },
      sms: { ...base.sms, webhookSecret: SECRET },
    });
    tenant = await buildTenant(t);
  });
  afterAll(async () => t?.close());

  const publicRoutes = () => [...t.api.publicRoutes.keys()].filter((name) => !name.startsWith('HEAD '));

  it('finds the public routes, each with a limit', () => {
    const requests = Object.keys(sampleRequests(tenant.slug));
    expect(publicRoutes().sort()).toEqual([...requests, ...BY_TRACKER].sort());
    for (const name of BY_TRACKER) {
      const limit = t.api.publicRoutes.get(name);
      expect(limit?.enforcedBy).toBe('tracker');
      expect(limit?.rules.map((r) => r.per)).toEqual(['link']);
    }
  });

  const keysOf = async (name: string) => {
    const { rows } = await sql<{ key: string; count: number }>`
      SELECT key, count FROM login_throttle WHERE key LIKE ${`${name}:%`}`.execute(t.db.kysely);
    return rows;
  };

  it('refuses each past its limit with the pt-BR 429 and Retry-After, counting nothing refused', async () => {
    const failures: string[] = [];
    let n = 0;
    for (const [route, sample] of Object.entries(sampleRequests(tenant.slug))) {
      const limit = t.api.publicRoutes.get(route);
      if (!limit) throw new Error(`${route}: no limit`);
      const remoteAddress = `10.77.${Math.floor(n / 200)}.${(n++ % 200) + 1}`;
      const send = () =>
        t.api.inject({
          method: route.split(' ')[0] as 'GET',
          url: sample.url,
          headers: sample.headers,
          payload: sample.payload,
          remoteAddress,
        });
      const before = new Map((await keysOf(limit.name)).map((r) => [r.key, r.count]));
      const first = await send();
      const counted = (await keysOf(limit.name)).filter((r) => r.count > (before.get(r.key) ?? 0));
      if (first.statusCode === 429 || counted.length !== limit.rules.length) {
        failures.push(`${route}: first answer ${first.statusCode}, ${counted.length} counters`);
        continue;
      }
      // every counter of this request at its rule's limit
      await sql`UPDATE login_throttle SET count = 1000000
        WHERE key IN (${sql.join(counted.map((r) => r.key))})`.execute(t.db.kysely);
      const refused = await send();
      const message = sample.message ?? MESSAGES.tooManyAttempts;
      if (refused.statusCode !== 429 || refused.json().message !== message)
        failures.push(`${route}: ${refused.statusCode} ${refused.body.slice(0, 120)}`);
      const wait = Number(refused.headers['retry-after']);
      if (!(wait >= 1 && wait <= Math.max(...limit.rules.map((r) => r.windowSeconds))))
        failures.push(`${route}: Retry-After ${refused.headers['retry-after']}`);
      const after = (await keysOf(limit.name)).filter((r) => counted.some((c) => c.key === r.key));
      if (after.some((r) => r.count !== 1000000)) failures.push(`${route}: a refused request was counted`);
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
