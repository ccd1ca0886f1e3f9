import { MESSAGES } from '@mandato/domain';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTenant, createTestApp, type TestApp } from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';
import { registerErrorHandler } from './error-handler.ts';
import { type RateLimit, rateLimitOf, registerRateLimits } from './rate-limit.ts';
import type { Api } from './types.ts';
import { strictInput } from './validation.ts';

/** The routes of one test on a Fastify of their own, limited by the real counters of the test app. */
async function limitedApi(t: TestApp, routes: (api: Api) => void) {
  const api = Fastify().withTypeProvider<ZodTypeProvider>();
  api.setValidatorCompiler(validatorCompiler);
  api.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(api);
  registerRateLimits(api, t.app);
  routes(api);
  await api.ready();
  return api;
}

let sequence = 0;
const uniqueName = () => `test-${Date.now().toString(36)}-${sequence++}`;

describe(`route rate limits (${testEngine})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  const counts = async (name: string) => {
    const { rows } = await sql<{ key: string; count: number }>`
      SELECT key, count FROM login_throttle WHERE key LIKE ${`${name}:%`} ORDER BY key`.execute(t.db.kysely);
    return Object.fromEntries(rows.map((r) => [r.key, r.count]));
  };

  it('refuses past the limit per address with the pt-BR 429 and Retry-After, counting nothing refused', async () => {
    const name = uniqueName();
    const limit: RateLimit = { name, rules: [{ per: 'ip', max: 3, windowSeconds: 60 }] };
    const api = await limitedApi(t, (a) =>
      a.get('/api/x', { schema: { security: [] }, config: { rateLimit: limit } }, async () => ({ ok: 1 })),
    );
    const hit = (ip: string) => api.inject({ url: '/api/x', remoteAddress: ip });
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await hit('10.9.0.1')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    const refused = await hit('10.9.0.1');
    expect(refused.json()).toEqual({ message: MESSAGES.tooManyAttempts, errors: MESSAGES.tooManyAttempts });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(50);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect((await hit('10.9.0.2')).statusCode).toBe(200);
    expect(await counts(name)).toEqual({ [`${name}:ip:10.9.0.1`]: 3, [`${name}:ip:10.9.0.2`]: 1 });
    await api.close();
  });

  it('counts per link and per tenant together, all or none, with the route’s own message', async () => {
    const name = uniqueName();
    const tenant = await buildTenant(t);
    const limit: RateLimit = {
      name,
      message: 'Muitos pedidos deste link.',
      linkIs: (link) => link.length === 1,
      rules: [
        { per: 'ip', max: 10, windowSeconds: 60 },
        { per: ['tenant', 'link'], max: 2, windowSeconds: 60 },
      ],
    };
    const api = await limitedApi(t, (a) =>
      a.get(
        '/api/page/:linkId',
        { schema: { security: [], params: z.object({ linkId: z.string() }) }, config: { rateLimit: limit } },
        async () => ({ ok: 1 }),
      ),
    );
    const hit = (link: string, slug = tenant.slug) =>
      api.inject({ url: `/api/page/${link}`, headers: { 'x-schema': slug }, remoteAddress: '10.9.1.1' });
    expect([(await hit('a')).statusCode, (await hit('a')).statusCode]).toEqual([200, 200]);
    const refused = await hit('a');
    expect([refused.statusCode, refused.json().message]).toEqual([429, 'Muitos pedidos deste link.']);
    expect((await hit('b')).statusCode).toBe(200);
    // an unknown tenant or a malformed link is the route's to refuse: nothing is counted for it
    expect((await hit('a', 'nao-existe')).statusCode).toBe(200);
    expect((await hit('malformado')).statusCode).toBe(200);
    const tenantId = (await t.app.identity.tenantBySlug(tenant.slug))?.id;
    expect(await counts(name)).toEqual({
      [`${name}:ip:10.9.1.1`]: 3,
      [`${name}:tenant+link:${tenantId}:a`]: 2,
      [`${name}:tenant+link:${tenantId}:b`]: 1,
    });
    await api.close();
  });

  it('counts nothing for input the route refuses (400) nor for a caller its secret check refuses', async () => {
    const name = uniqueName();
    const limit: RateLimit = { name, rules: [{ per: 'ip', max: 1, windowSeconds: 60 }] };
    const api = await limitedApi(t, (a) => {
      a.post(
        '/api/hook',
        {
          onRequest: async (request, reply) => {
            if (request.headers.authorization !== 'segredo') await reply.code(401).send({ message: 'não' });
          },
          schema: { security: [], body: z.strictObject({ n: z.number() }) },
          config: { rateLimit: limit },
        },
        async () => ({ ok: 1 }),
      );
      a.post(
        '/api/strict',
        {
          ...strictInput(),
          schema: { security: [], body: z.strictObject({ n: z.number() }) },
          config: { rateLimit: limit },
        },
        async () => ({ ok: 1 }),
      );
    });
    const post = (body: unknown, authorization = 'segredo') =>
      api.inject({ method: 'POST', url: '/api/hook', payload: body as object, headers: { authorization } });
    expect((await post({ n: 'x' })).statusCode).toBe(400);
    expect((await post({ n: 1 }, 'errado')).statusCode).toBe(401);
    // strictInput's 400 comes after the hook: the hook sees the attached error and counts nothing
    const strict = await api.inject({ method: 'POST', url: '/api/strict', payload: { n: 1, extra: 1 } });
    expect(strict.statusCode).toBe(400);
    expect(await counts(name)).toEqual({});
    expect((await post({ n: 1 })).statusCode).toBe(200);
    expect((await post({ n: 2 })).statusCode).toBe(429);
    await api.close();
  });

  it("lets the service take a 'session' limit for an account and forgive a success", async () => {
    const name = uniqueName();
    const limit: RateLimit = {
      name,
      enforcedBy: 'session',
      rules: [
        { per: ['account', 'ip'], max: 2, windowSeconds: 60 },
        { per: 'ip', max: 5, windowSeconds: 60 },
      ],
    };
    const api = await limitedApi(t, (a) =>
      a.post(
        '/api/guess',
        { schema: { body: z.object({ right: z.boolean() }) }, config: { rateLimit: limit } },
        async (request) => {
          const gate = rateLimitOf(request);
          await gate.take({ account: 'conta' });
          if (request.body.right) await gate.forgive();
          return { ok: request.body.right };
        },
      ),
    );
    const guess = (right: boolean) => api.inject({ method: 'POST', url: '/api/guess', payload: { right } });
    expect((await guess(false)).statusCode).toBe(200);
    expect((await guess(true)).statusCode).toBe(200);
    // the success cleared this client's record on the account and gave the address its attempt back
    expect(await counts(name)).toEqual({ [`${name}:ip:127.0.0.1`]: 1 });
    expect([(await guess(false)).statusCode, (await guess(false)).statusCode]).toEqual([200, 200]);
    expect((await guess(true)).statusCode).toBe(429);
    await api.close();
  });

  it('refuses to start with a public route that declares no limit, or a per-link limit without a link', async () => {
    await expect(
      limitedApi(t, (a) => a.get('/api/open', { schema: { security: [] } }, async () => ({}))),
    ).rejects.toThrow('GET /api/open: public route without config.rateLimit');
    await expect(
      limitedApi(t, (a) =>
        a.get('/api/maybe', { schema: { security: [{}, { bearer: [] }] } }, async () => ({})),
      ),
    ).rejects.toThrow('public route without config.rateLimit');
    const perLink: RateLimit = { name: 'x', rules: [{ per: 'link', max: 1, windowSeconds: 1 }] };
    await expect(
      limitedApi(t, (a) =>
        a.get('/api/nolink', { schema: { security: [] }, config: { rateLimit: perLink } }, async () => ({})),
      ),
    ).rejects.toThrow('a per-link limit needs :linkId, :id or :file in the path');
    // signed-in routes need none
    const signedIn = await limitedApi(t, (a) =>
      a.get('/api/mine', { schema: { security: [{ bearer: [] }] } }, async () => ({})),
    );
    await signedIn.close();
  });
});
