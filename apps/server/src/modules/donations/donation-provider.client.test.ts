import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { DONATION_TEXTS } from '@mandato/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DonationProviderClient, DonationProviderError } from './donation-provider.client.ts';

const M = DONATION_TEXTS.messages;

interface Seen {
  method: string;
  url: string;
  authorization: string | undefined;
  campaignToken: string | undefined;
  body: string;
}

/**
 * A provider of the test's own over HTTP: each call answered by the next scripted answer
 * ('hang' never answers), every request recorded.
 */
function scriptedProvider() {
  const seen: Seen[] = [];
  const script: (((res: http.ServerResponse) => void) | 'hang')[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      seen.push({
        method: req.method ?? '',
        url: req.url ?? '',
        authorization: req.headers.authorization,
        campaignToken: req.headers['x-campanha-token'] as string | undefined,
        body,
      });
      const next = script.shift();
      if (next === 'hang') return;
      if (!next) return void res.writeHead(500).end();
      next(res);
    });
  });
  const json = (status: number, body: unknown) => (res: http.ServerResponse) =>
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  return { server, seen, script, json };
}

const campaign = {
  candidato_id: 7,
  nome: 'Campanha',
  ativo: true,
  valor_minimo: 5,
  valor_sugerido: 50.5,
  valor_maximo: 1064.0,
  data: '2026-11-26T10:00:00-03:00',
  campanha_url: 'demo-campanha',
  token: 'abc123',
  url: 'http://127.0.0.1:1/doar/demo-campanha',
};

describe('donation provider client (a provider over HTTP)', () => {
  const provider = scriptedProvider();
  let client: DonationProviderClient;
  beforeAll(async () => {
    await new Promise<void>((resolve) => provider.server.listen(0, '127.0.0.1', resolve));
    const { port } = provider.server.address() as AddressInfo;
    client = new DonationProviderClient({
      baseUrl: `http://127.0.0.1:${port}`,
      timeoutMs: 1_000,
      retryDelayMs: 10,
    });
  });
  beforeEach(() => {
    provider.seen.length = 0;
    provider.script.length = 0;
  });
  afterAll(async () => {
    client.close();
    provider.server.closeAllConnections();
    await new Promise((resolve) => provider.server.close(resolve));
  });

  const failure = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(DonationProviderError);
    const e = error as DonationProviderError;
    return { status: e.status, message: e.message, errors: e.errors };
  };

  it('sends Basic auth of the token, the provider names and money as reais; reads money as cents', async () => {
    provider.script.push(provider.json(201, campaign));
    const saved = await client.createCampaign('token-da-conta', {
      candidato_id: 7,
      nome: 'Campanha',
      ativo: true,
      valor_minimo: 5,
      valor_sugerido: 50.5,
      valor_maximo: 1064,
    });
    expect(saved).toMatchObject({ valor_minimo: 500, valor_sugerido: 5050, valor_maximo: 106_400 });
    expect(saved.data).toBe('2026-11-26T13:00:00.000Z');
    const [request] = provider.seen;
    expect(request?.authorization).toBe(`Basic ${Buffer.from('token-da-conta:').toString('base64')}`);
    expect(JSON.parse(request?.body ?? '')).toMatchObject({ valor_minimo: 5, valor_sugerido: 50.5 });

    provider.script.push(provider.json(200, { faturas: [] }));
    await client.invoices('token-da-conta', 'abc123');
    expect(provider.seen[1]).toMatchObject({ method: 'GET', url: '/faturas', campaignToken: 'abc123' });
  });

  it('maps 401, 404, 422, 5xx, a malformed answer and a time-out to the pt-BR message of the call', async () => {
    provider.script.push(provider.json(401, { errors: { base: ['não autorizado'] } }));
    expect(await failure(client.createCampaign('t', {} as never))).toMatchObject({
      status: 403,
      message: M.noAccess,
    });

    provider.script.push((res) =>
      res
        .writeHead(422, { 'content-type': 'application/json' })
        .end('{"errors":{"valor_minimo":["muito baixo"],"__proto__":["x"],"outro":["y"]}}'),
    );
    expect(await failure(client.createCampaign('t', {} as never))).toEqual({
      status: 400,
      message: M.campaignSaveError,
      // a '__proto__' field is dropped by the parse, never written on an object
      errors: { minCents: ['muito baixo'], base: ['y'] },
    });

    provider.script.push(provider.json(404, {}));
    expect(await failure(client.updateCampaign('t', 'x', {} as never))).toMatchObject({ status: 404 });
    provider.script.push(provider.json(404, {}));
    expect(await client.candidateByCpf('t', '52998224725')).toBeUndefined();

    provider.script.push(provider.json(503, {}));
    expect(await failure(client.createCampaign('t', {} as never))).toMatchObject({
      status: 502,
      message: M.campaignSaveError,
    });

    provider.script.push(provider.json(200, { campanhas: [{ ...campaign, valor_minimo: 0.1 + 0.2 }] }));
    expect(await failure(client.campaigns('t', 7))).toMatchObject({ status: 502, message: M.campaignsError });

    provider.script.push((res) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"faturas": ['),
    );
    expect(await failure(client.invoices('t', 'abc'))).toMatchObject({
      status: 502,
      message: M.donationsError,
    });
    // a malformed answer is not retried (asking again would give the same)
    provider.script.push((res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html>'));
    expect(await failure(client.invoices('t', 'abc'))).toMatchObject({ status: 502 });
    expect(provider.script).toHaveLength(0);

    provider.script.push('hang');
    expect(await failure(client.createCampaign('t', {} as never))).toMatchObject({
      status: 504,
      message: M.campaignSaveError,
    });
  });

  it('retries a GET with back-off, never a POST or a PUT', async () => {
    provider.script.push(provider.json(500, {}), provider.json(200, { campanhas: [campaign] }));
    expect(await client.campaigns('t', 7)).toHaveLength(1);
    expect(provider.seen.map((s) => s.method)).toEqual(['GET', 'GET']);

    provider.seen.length = 0;
    provider.script.push('hang', provider.json(200, { id: 3, confirmado: true }));
    expect(await client.candidateByCpf('t', '52998224725')).toMatchObject({ id: 3, confirmado: true });
    expect(provider.seen).toHaveLength(2);

    provider.seen.length = 0;
    provider.script.length = 0;
    provider.script.push(provider.json(500, {}), provider.json(201, campaign));
    expect(await failure(client.createCampaign('t', {} as never))).toMatchObject({ status: 502 });
    // the answer a retry would have had is still waiting: nothing asked for it
    expect(provider.script).toHaveLength(1);
    provider.script.length = 0;
    provider.script.push('hang', provider.json(200, campaign));
    expect(await failure(client.updateCampaign('t', 'abc', {} as never))).toMatchObject({ status: 504 });
    expect(provider.seen.map((s) => s.method)).toEqual(['POST', 'PUT']);
  });

  it('does not read an answer past its limit', async () => {
    provider.script.push(
      (res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(`{"faturas":[${'"x",'.repeat(2_500_000)}"x"]}`);
      },
      provider.json(500, {}),
    );
    expect(await failure(client.invoices('t', 'abc'))).toMatchObject({
      status: 502,
      message: M.donationsError,
    });
  });
});
