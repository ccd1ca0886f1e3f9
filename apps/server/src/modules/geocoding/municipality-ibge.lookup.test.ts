import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { municipalityIbgeOf } from './municipality-ibge.lookup.ts';

/** A geographic service of spec 3 §7.5 on a local port: answers by path, records what was asked. */
function startGeoService(answers: Record<string, { status?: number; body: string; delayMs?: number }>) {
  const asked: string[] = [];
  const server = http.createServer((req, res) => {
    asked.push(req.url ?? '');
    const answer = answers[req.url ?? ''];
    const send = () => {
      if (res.destroyed) return; // the client gave up
      if (!answer) return res.writeHead(404).end('{}');
      res.writeHead(answer.status ?? 200, { 'content-type': 'application/json' }).end(answer.body);
    };
    if (answer?.delayMs) setTimeout(send, answer.delayMs).unref();
    else send();
  });
  return new Promise<{ url: string; asked: string[]; close: () => Promise<void> }>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1/localidades`,
        asked,
        close: () => new Promise((done) => server.closeAllConnections() ?? server.close(() => done())),
      }),
    ),
  );
}

const warnings: unknown[] = [];
const log = { warn: (...args: unknown[]) => warnings.push(args) };

describe('municipalityIbgeOf (the candidate address IBGE ids)', () => {
  let geo: Awaited<ReturnType<typeof startGeoService>>;
  beforeAll(async () => {
    geo = await startGeoService({
      '/api/v1/localidades/municipios/sao-jose-dos-campos': {
        body: JSON.stringify({ id: 3549904, nome: 'São José dos Campos' }),
      },
      '/api/v1/localidades/estados/sp': { body: JSON.stringify({ id: 35, sigla: 'SP' }) },
      '/api/v1/localidades/municipios/campinas': { body: JSON.stringify([{ id: '3509502' }]) },
      '/api/v1/localidades/municipios/bom-jesus': { body: JSON.stringify({ id: 2201903 }) }, // the one in PI
      '/api/v1/localidades/estados/rs': { body: JSON.stringify({ id: 43 }) },
      // slower than any time-out here, by far
      '/api/v1/localidades/municipios/lento': { body: JSON.stringify({ id: 3549904 }), delayMs: 60_000 },
      '/api/v1/localidades/municipios/quebrado': { status: 500, body: '{}' },
      '/api/v1/localidades/municipios/sem-id': { body: JSON.stringify({ nome: 'x' }) },
    });
  });
  afterAll(() => geo.close());

  it('without a service: the offline table, accents and case ignored', async () => {
    const ids = await municipalityIbgeOf({ url: undefined, timeoutMs: 500, log }, 'sao paulo', 'sp');
    expect(ids).toEqual({ stateIbge: 35, municipalityIbge: 3550308 });
    expect(
      await municipalityIbgeOf({ url: undefined, timeoutMs: 500, log }, 'Nenhures', 'SP'),
    ).toBeUndefined();
  });

  it("with a service: its ids, asked by the city's slug and the UF", async () => {
    // answers on this machine's loopback, loaded or not: the time-out is not what is tested here
    const options = { url: geo.url, timeoutMs: 10_000, log };
    expect(await municipalityIbgeOf(options, 'São José dos Campos', 'SP')).toEqual({
      stateIbge: 35,
      municipalityIbge: 3549904,
    });
    expect(geo.asked).toContain('/api/v1/localidades/municipios/sao-jose-dos-campos');
    expect(geo.asked).toContain('/api/v1/localidades/estados/sp');
    expect(await municipalityIbgeOf(options, 'Campinas', 'SP')).toEqual({
      stateIbge: 35,
      municipalityIbge: 3509502,
    });
  });

  it("falls back to the offline table when the service fails, is slow, has no id or answers another state's town", async () => {
    // long enough for the answers that come (a loaded machine takes over a second), far below 'lento'
    const options = { url: geo.url, timeoutMs: 5_000, log };
    warnings.length = 0;
    // the service's 'bom-jesus' is the one in Piauí: the RS one comes from the offline table
    expect(await municipalityIbgeOf(options, 'Bom Jesus', 'RS')).toEqual({
      stateIbge: 43,
      municipalityIbge: 4302303,
    });
    for (const city of ['Quebrado', 'Lento', 'Sem Id']) {
      expect(await municipalityIbgeOf(options, city, 'SP')).toBeUndefined();
    }
    expect(warnings.length).toBe(2); // the 500 and the time-out; no id is not an error
  });
});
