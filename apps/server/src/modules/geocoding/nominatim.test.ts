import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ROLES } from '@mandato/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { withTenant } from '../../platform/db/tenancy.ts';
import { buildPerson, type Caller, call, signedIn } from '../../test/crm-factories.ts';
import { type BuiltTenant, buildTenant, createTestApp, type TestApp } from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';
import { GEO_MAX_ATTEMPTS } from './resolve.ts';

/**
 * A Nominatim-compatible server on the loopback: answers /search by the `street` asked, as the
 * test sets it, and records every request (query, User-Agent, time).
 */
type Reply = { status?: number; body?: string; hang?: boolean };
function nominatimServer() {
  const requests: { params: URLSearchParams; userAgent: string | undefined; at: number }[] = [];
  let reply: (params: URLSearchParams) => Reply = () => ({ body: '[]' });
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    requests.push({ params: url.searchParams, userAgent: req.headers['user-agent'], at: Date.now() });
    const r = url.pathname === '/search' ? reply(url.searchParams) : { status: 404, body: 'não' };
    if (r.hang) return; // never answers: the client's time-out
    res.writeHead(r.status ?? 200, { 'content-type': 'application/json' });
    res.end(r.body ?? '[]');
  });
  return {
    requests,
    setReply(fn: typeof reply) {
      reply = fn;
    },
    async start() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const street = (lat: number, lon: number) =>
  JSON.stringify([
    { lat: String(lat), lon: String(lon), addresstype: 'road', category: 'highway', place_rank: 26 },
  ]);

async function personGeo(t: TestApp, tenant: BuiltTenant, code: number) {
  return withTenant(t.db, tenant.id, (ctx) =>
    ctx.trx
      .selectFrom('people')
      .select([
        'latitude',
        'longitude',
        'geo_status',
        'geo_precision',
        'geo_source',
        'geo_attempts',
        'geo_next_at',
      ])
      .where('id', '=', String(code))
      .executeTakeFirstOrThrow(),
  );
}

/** The back-off is over: as if its time had come. */
async function backOffOver(t: TestApp, tenant: BuiltTenant) {
  await withTenant(t.db, tenant.id, (ctx) =>
    ctx.trx
      .updateTable('people')
      .set({ geo_next_at: sql<Date>`now() - interval '1 second'` })
      .where('geo_next_at', 'is not', null)
      .execute(),
  );
  await t.db.kysely
    .updateTable('jobs')
    .set({ run_at: sql<Date>`now() - interval '1 second'` })
    .where('queue', '=', 'geocoding.drain')
    .where('state', '=', 'pending')
    .execute();
}

describe(`geocoding with a Nominatim-compatible server (${testEngine})`, () => {
  const server = nominatimServer();
  let t: TestApp;
  let tenant: BuiltTenant;
  let admin: Caller;
  beforeAll(async () => {
    const url = await server.start();
    // the server shares this process's event loop with the database: on a loaded machine an answer
    // can take over a second, so the time-out (which only the time-out case waits for) is generous
    t = await createTestApp({
      geocoder: { url, rateMs: 300, timeoutMs: 5000, userAgent: 'MandatoTeste/1.0 (+http://localhost)' },
    });
    tenant = await buildTenant(t);
    admin = await signedIn(t, tenant, [...ROLES]);
  });
  afterAll(async () => {
    await t.close();
    await server.close();
  });
  beforeEach(() => {
    server.requests.length = 0;
  });

  it('uses its answer, asks with a User-Agent at its pace, and never asks the same address twice', async () => {
    server.setReply((q) =>
      q.get('street')?.includes('Paulista') ? { body: street(-23.5614, -46.6558) } : {},
    );
    const a = await buildPerson(t, admin, {
      name: 'Ana Paulista',
      address: {
        street: 'Avenida Paulista',
        number: '1000',
        city: 'São Paulo',
        state: 'SP',
        zipCode: '01310100',
      },
    });
    const b = await buildPerson(t, admin, {
      name: 'Beto Centro',
      address: { street: 'Rua Direita', number: '10', city: 'São Paulo', state: 'SP' },
    });
    // the pace is the adapter's: when it sends, not when a loaded event loop hands the server a request
    const sentAt: number[] = [];
    const realFetch = globalThis.fetch;
    const spy = vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      if (String(input).includes('/search?')) sentAt.push(Date.now());
      return realFetch(input, init);
    });
    try {
      await t.worker.drain();
    } finally {
      spy.mockRestore();
    }
    expect(sentAt.length).toBe(2);
    expect((sentAt[1] ?? 0) - (sentAt[0] ?? 0)).toBeGreaterThanOrEqual(295);
    expect(await personGeo(t, tenant, a.code)).toMatchObject({
      geo_status: 'DONE',
      geo_precision: 'STREET',
      geo_source: 'nominatim',
      latitude: -23.5614,
      longitude: -46.6558,
    });
    // not found by the service: the offline table still puts it on its city
    expect(await personGeo(t, tenant, b.code)).toMatchObject({
      geo_status: 'DONE',
      geo_precision: 'CITY',
      geo_source: 'offline',
    });
    expect(server.requests.length).toBe(2);
    const first = server.requests[0];
    expect(first?.userAgent).toBe('MandatoTeste/1.0 (+http://localhost)');
    expect(Object.fromEntries(first?.params ?? [])).toMatchObject({
      format: 'jsonv2',
      street: '1000 Avenida Paulista',
      city: 'São Paulo',
      state: 'São Paulo',
      postalcode: '01310-100',
      countrycodes: 'br',
    });

    // the same addresses written otherwise (case, accents, spaces): answered from the cache
    const c = await buildPerson(t, admin, {
      name: 'Caio Paulista',
      address: {
        street: 'AVENIDA PAULISTA',
        number: '1000',
        city: 'sao paulo',
        state: 'SP',
        zipCode: '01310-100',
      },
    });
    const d = await buildPerson(t, admin, {
      name: 'Dani Centro',
      address: { street: 'rua  direita', number: '10', city: 'SÃO PAULO', state: 'SP' },
    });
    await t.worker.drain();
    expect(server.requests.length).toBe(2);
    expect(await personGeo(t, tenant, c.code)).toMatchObject({ geo_precision: 'STREET', latitude: -23.5614 });
    expect(await personGeo(t, tenant, d.code)).toMatchObject({
      geo_precision: 'CITY',
      geo_source: 'offline',
    });
  });

  it('records NOT_FOUND when no source knows the address, and caches that too', async () => {
    server.setReply(() => ({ body: '[]' }));
    const p = await buildPerson(t, admin, {
      name: 'Eva Perdida',
      address: { street: 'Rua Que Não Há', city: 'Cidade Inventada', state: 'MG' },
    });
    await t.worker.drain();
    expect(await personGeo(t, tenant, p.code)).toMatchObject({ geo_status: 'NOT_FOUND', latitude: null });
    expect(server.requests.length).toBe(1);
    const q = await buildPerson(t, admin, {
      name: 'Fabi Perdida',
      address: { street: 'Rua que nao ha', city: 'cidade inventada', state: 'MG' },
    });
    await t.worker.drain();
    expect(await personGeo(t, tenant, q.code)).toMatchObject({ geo_status: 'NOT_FOUND' });
    expect(server.requests.length).toBe(1);
  });

  for (const [failure, reply] of [
    ['a 429', { status: 429, body: '{"error":"Too Many Requests"}' }],
    ['a time-out', { hang: true }],
    ['garbage', { body: '<html>erro</html>' }],
    ['a wrong shape', { body: '[{"lat":"norte","lon":"-46"}]' }],
    ['a 503', { status: 503, body: '' }],
  ] as const) {
    // the time-out case waits for the client's time-out twice
    it(`never fails the save on ${failure}: the address backs off and is tried again later`, {
      timeout: 120_000,
    }, async () => {
      server.setReply(() => reply);
      const res = await call(t, admin, 'POST', '/api/people', {
        name: `Gil ${failure}`,
        address: { street: `Rua ${failure}`, number: '1', city: 'Olinda', state: 'PE' },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const code = res.body.data.code as number;
      const before = Date.now();
      await t.worker.drain();
      const waiting = await personGeo(t, tenant, code);
      expect(waiting).toMatchObject({ geo_status: 'PENDING', geo_attempts: 1, latitude: null });
      expect(waiting.geo_next_at?.getTime()).toBeGreaterThanOrEqual(before + 25_000);
      expect(server.requests.length).toBe(1);
      // the tenant's retry is queued for when the back-off ends; nothing is asked before
      const retry = await t.db.kysely
        .selectFrom('jobs')
        .select(['run_at'])
        .where('singleton_key', '=', `geo-retry:${tenant.id}`)
        .where('state', '=', 'pending')
        .executeTakeFirstOrThrow();
      expect(Math.abs(retry.run_at.getTime() - (waiting.geo_next_at?.getTime() ?? 0))).toBeLessThan(1000);
      expect(await t.worker.drain()).toBe(0);
      expect(server.requests.length).toBe(1);

      // later: still failing, so it waits longer (a minute)
      await backOffOver(t, tenant);
      const beforeAgain = Date.now();
      await t.worker.drain();
      const again = await personGeo(t, tenant, code);
      expect(again).toMatchObject({ geo_status: 'PENDING', geo_attempts: 2 });
      // measured from before the drain: the drain's own time (seconds on a loaded machine) is no bound
      expect(again.geo_next_at?.getTime()).toBeGreaterThanOrEqual(beforeAgain + 55_000);

      // the service answers again: the point lands
      server.setReply(() => ({ body: street(-8.0089, -34.8553) }));
      await backOffOver(t, tenant);
      await t.worker.drain();
      expect(await personGeo(t, tenant, code)).toMatchObject({
        geo_status: 'DONE',
        geo_precision: 'STREET',
        geo_attempts: 0,
        geo_next_at: null,
        latitude: -8.0089,
      });
    });
  }

  it(`settles with the other sources after ${GEO_MAX_ATTEMPTS} failed attempts`, async () => {
    server.setReply(() => ({ status: 429 }));
    const p = await buildPerson(t, admin, {
      name: 'Hugo Insistente',
      address: { street: 'Rua Insistente', city: 'Natal', state: 'RN' },
    });
    for (let i = 1; i < GEO_MAX_ATTEMPTS; i++) {
      await t.worker.drain();
      expect(await personGeo(t, tenant, p.code)).toMatchObject({ geo_status: 'PENDING', geo_attempts: i });
      await backOffOver(t, tenant);
    }
    await t.worker.drain();
    expect(await personGeo(t, tenant, p.code)).toMatchObject({
      geo_status: 'DONE',
      geo_precision: 'CITY',
      geo_source: 'offline',
    });
    expect(server.requests.length).toBe(GEO_MAX_ATTEMPTS);
  });
});
