import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { GEO_MESSAGES, ROLES } from '@mandato/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../platform/db/tenancy.ts';
import { buildPerson, type Caller, call, signedIn } from '../../test/crm-factories.ts';
import { type BuiltTenant, buildTenant, createTestApp, type TestApp } from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';
import { forgetTenant } from '../tenants/tenants.service.ts';

const URL_PATH = '/api/people/revalidate-coordinates';

/** A Nominatim-compatible server: a street point for 'Rua Melhor', a city-level one for 'Rua Vaga'. */
function nominatimServer() {
  let failing = false;
  const asked: string[] = [];
  const server = http.createServer((req, res) => {
    const q = new URL(req.url ?? '/', 'http://localhost').searchParams;
    const streetAsked = q.get('street') ?? '';
    asked.push(streetAsked);
    res.writeHead(failing ? 429 : 200, { 'content-type': 'application/json' });
    if (failing) return res.end('{}');
    if (streetAsked.includes('Rua Melhor'))
      return res.end(
        JSON.stringify([{ lat: '-8.0631', lon: '-34.8711', addresstype: 'road', place_rank: 26 }]),
      );
    if (streetAsked.includes('Rua Vaga'))
      return res.end(JSON.stringify([{ lat: '-8.05', lon: '-34.9', addresstype: 'city', place_rank: 16 }]));
    res.end('[]');
  });
  return {
    asked,
    fail(on: boolean) {
      failing = on;
    },
    async start() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

type Point = { latitude: number; longitude: number; precision: string; source: string };
const RECIFE_CENTRE: Point = {
  latitude: -8.04666,
  longitude: -34.8771,
  precision: 'CITY',
  source: 'offline',
};

describe(`'Revalidar pontos' (${testEngine})`, () => {
  const server = nominatimServer();
  let t: TestApp;
  let tenant: BuiltTenant;
  let admin: Caller;
  let ownOnly: Caller;
  beforeAll(async () => {
    const url = await server.start();
    // no answer here is waited out: the time-out only has to outlast a loaded machine's answers
    t = await createTestApp({
      geocoder: { url, rateMs: 20, timeoutMs: 10_000, userAgent: 'MandatoTeste/1.0' },
    });
    tenant = await buildTenant(t);
    await t.db.kysely
      .updateTable('tenants')
      .set({ enable_address_revalidation: true })
      .where('id', '=', tenant.id)
      .execute();
    forgetTenant(t.app);
    admin = await signedIn(t, tenant, [...ROLES]);
    ownOnly = await signedIn(t, tenant, ['ROLE_CRM', 'ROLE_TEAM'], 'Sem Todos os Dados');
  });
  afterAll(async () => {
    await t.close();
    await server.close();
  });

  /** A person whose point was found before (as the offline table, or by hand) with no job left. */
  async function personAt(who: Caller, name: string, streetName: string | null, point: Point | null) {
    const p = await buildPerson(t, who, {
      name,
      ...(streetName ? { address: { street: streetName, number: '1', city: 'Recife', state: 'PE' } } : {}),
    });
    if (point)
      await withTenant(t.db, tenant.id, (ctx) =>
        ctx.trx
          .updateTable('people')
          .set({
            latitude: point.latitude,
            longitude: point.longitude,
            geo_precision: point.precision,
            geo_source: point.source,
            geo_status: 'DONE',
          })
          .where('id', '=', String(p.code))
          .execute(),
      );
    return p.code;
  }

  async function point(code: number) {
    return withTenant(t.db, tenant.id, (ctx) =>
      ctx.trx
        .selectFrom('people')
        .select(['latitude', 'longitude', 'geo_status', 'geo_precision', 'geo_source', 'geo_recheck'])
        .where('id', '=', String(code))
        .executeTakeFirstOrThrow(),
    );
  }

  it('refuses without ROLE_TEAM, without the module, and bad input in pt-BR', async () => {
    const crmOnly = await signedIn(t, tenant, ['ROLE_CRM', 'ROLE_CRM_ALL_DATA']);
    let res = await call(t, crmOnly, 'POST', URL_PATH, { expression: [], type: 'PERSON' });
    expect(res.status).toBe(403);
    res = await call(t, crmOnly, 'GET', `${URL_PATH}/1`);
    expect(res.status).toBe(403);
    // the team role alone may not recheck contacts (ROLE_CRM sees them)
    const teamOnly = await signedIn(t, tenant, ['ROLE_TEAM']);
    res = await call(t, teamOnly, 'POST', URL_PATH, { expression: [], type: 'PERSON' });
    expect(res.status).toBe(403);

    const other = await buildTenant(t); // enable_address_revalidation off
    const otherAdmin = await signedIn(t, other, [...ROLES]);
    res = await call(t, otherAdmin, 'POST', URL_PATH, { expression: [], type: 'PERSON' });
    expect(res.status).toBe(403);

    for (const body of [{ type: 'COMPANY' }, { expression: 'x' }, { expression: [], extra: 1 }]) {
      res = await call(t, admin, 'POST', URL_PATH, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(typeof res.body.message).toBe('string');
    }
    res = await call(t, admin, 'GET', `${URL_PATH}/999999`);
    expect(res).toMatchObject({ status: 404, body: { message: GEO_MESSAGES.revalidationNotFound } });
    res = await call(t, admin, 'GET', `${URL_PATH}/abc`);
    expect(res.status).toBe(400);
  });

  it('rechecks the people of the expression with every source and keeps the most precise point', async () => {
    const better = await personAt(admin, 'Ana Melhora', 'Rua Melhor', RECIFE_CENTRE);
    const manual = await personAt(admin, 'Bia Manual', 'Rua Melhor', {
      latitude: -8.1,
      longitude: -34.95,
      precision: 'MANUAL',
      source: 'MANUAL',
    });
    const street = await personAt(admin, 'Caio Rua', 'Rua Vaga', {
      latitude: -8.0612,
      longitude: -34.8822,
      precision: 'STREET',
      source: 'nominatim',
    });
    const noAddress = await personAt(admin, 'Duda Sem Endereço', null, null);
    const notMine = await personAt(ownOnly, 'Eva De Outro', 'Rua Melhor Dois', RECIFE_CENTRE);
    const outside = await personAt(admin, 'Fabi Fora', 'Rua Melhor', RECIFE_CENTRE);
    // the spec's PUT /people/{id}/update-vote still routes beside /people/revalidate-coordinates/{code}
    const voted = await call(t, admin, 'PUT', `/api/people/${outside}/update-vote`, { vote: 'LOST' });
    expect(voted.status, JSON.stringify(voted.body)).toBe(200);
    await t.worker.drain();
    server.asked.length = 0;

    const expression = [{ units: [{ field: 'vote', operator: '=', values: ['TO_CONQUER'] }] }];
    const started = await call(t, admin, 'POST', URL_PATH, { expression, type: 'PERSON' });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body.data).toMatchObject({ total: 4 });
    const code = started.body.data.code as number;
    let progress = await call(t, admin, 'GET', `${URL_PATH}/${code}`);
    expect(progress.body.data).toEqual({ code, status: 'IN_PROGRESS', total: 4, done: 0 });

    await t.worker.drain();
    progress = await call(t, admin, 'GET', `${URL_PATH}/${code}`);
    expect(progress.body.data).toEqual({ code, status: 'CONCLUDED', total: 4, done: 4 });

    expect(await point(better)).toMatchObject({
      geo_status: 'DONE',
      geo_precision: 'STREET',
      geo_source: 'nominatim',
      latitude: -8.0631,
      geo_recheck: null,
    });
    expect(await point(manual)).toMatchObject({ geo_precision: 'MANUAL', latitude: -8.1, geo_recheck: null });
    // the service only knows its city now: the street point found before stays
    expect(await point(street)).toMatchObject({ geo_precision: 'STREET', latitude: -8.0612 });
    expect(await point(notMine)).toMatchObject({ geo_precision: 'STREET', geo_source: 'nominatim' });
    expect(await point(noAddress)).toMatchObject({ geo_status: 'NO_ADDRESS' });
    // not in the expression: untouched
    expect(await point(outside)).toMatchObject({ geo_precision: 'CITY', geo_source: 'offline' });
    // each address asked once (the cache answers the namesakes)
    expect(server.asked.sort()).toEqual(['1 Rua Melhor', '1 Rua Melhor Dois', '1 Rua Vaga']);
  });

  it('follows the ROLE_CRM_ALL_DATA rule: without it only the people the user created', async () => {
    const mine = await personAt(ownOnly, 'Gil Meu', 'Rua Melhor Três', RECIFE_CENTRE);
    await personAt(admin, 'Hugo Do Admin', 'Rua Melhor Quatro', RECIFE_CENTRE);
    await t.worker.drain();
    const started = await call(t, ownOnly, 'POST', URL_PATH, { expression: [], type: 'PERSON' });
    expect(started.status).toBe(200);
    // the ones ownOnly created: Eva (earlier test) and Gil
    expect(started.body.data.total).toBe(2);
    await t.worker.drain();
    expect(await point(mine)).toMatchObject({ geo_precision: 'STREET' });
    const progress = await call(t, ownOnly, 'GET', `${URL_PATH}/${started.body.data.code}`);
    expect(progress.body.data).toMatchObject({ status: 'CONCLUDED', done: 2 });
  });

  it('an empty selection concludes at once; a failing service leaves the rest for a later try', async () => {
    const none = await call(t, admin, 'POST', URL_PATH, {
      expression: [{ units: [{ field: 'name', operator: '=', values: ['Ninguém Com Este Nome'] }] }],
      type: 'PERSON',
    });
    expect(none.body.data.total).toBe(0);
    expect((await call(t, admin, 'GET', `${URL_PATH}/${none.body.data.code}`)).body.data).toMatchObject({
      status: 'CONCLUDED',
      total: 0,
      done: 0,
    });

    const code = await personAt(admin, 'Ivo Espera', 'Rua Melhor Cinco', RECIFE_CENTRE);
    await t.worker.drain();
    server.fail(true);
    const started = await call(t, admin, 'POST', URL_PATH, {
      expression: [{ units: [{ field: 'name', operator: '=', values: ['Ivo Espera'] }] }],
      type: 'PERSON',
    });
    expect(started.body.data.total).toBe(1);
    await t.worker.drain();
    const url = `${URL_PATH}/${started.body.data.code}`;
    expect((await call(t, admin, 'GET', url)).body.data).toMatchObject({ status: 'IN_PROGRESS', done: 0 });
    const waiting = await point(code);
    expect(waiting.geo_precision).toBe('CITY');
    expect(String(waiting.geo_recheck)).toBe(String(started.body.data.code));
    // the queue's back-off ends and the service answers again
    server.fail(false);
    await t.db.kysely
      .updateTable('jobs')
      .set({ run_at: new Date(Date.now() - 1000) })
      .where('queue', '=', 'geocoding.revalidate')
      .where('state', '=', 'pending')
      .execute();
    await t.worker.drain();
    expect((await call(t, admin, 'GET', url)).body.data).toMatchObject({ status: 'CONCLUDED', done: 1 });
    expect(await point(code)).toMatchObject({ geo_precision: 'STREET', geo_recheck: null });
  });
});
