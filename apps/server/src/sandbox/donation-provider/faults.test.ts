import { afterEach, describe, expect, it } from 'vitest';
import { callProvider, campaignBody, candidateBody } from './provider-test-kit.ts';
import { type DonationSandbox, startDonationSandbox } from './server.ts';

const TOKEN = 'token-falhas';
let sandbox: DonationSandbox | undefined;
afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

async function started() {
  sandbox = await startDonationSandbox();
  return sandbox;
}

describe('faults', () => {
  it('5xx: the next N matching calls answer 500, then the sandbox answers normally', async () => {
    const s = await started();
    s.failNext({ path: '/partidos', kind: '5xx', times: 2 });
    for (const _ of [1, 2]) {
      const answer = await callProvider(s, TOKEN, 'GET', '/partidos');
      expect(answer).toMatchObject({
        status: 500,
        json: { errors: { base: ['Falha simulada pelo ambiente de testes'] } },
      });
    }
    expect((await callProvider(s, TOKEN, 'GET', '/partidos')).status).toBe(200);
  });

  it('422 on a method and a path with its children only; nothing is kept', async () => {
    const s = await started();
    const id = (await callProvider(s, TOKEN, 'POST', '/candidatos', candidateBody())).json.id;
    s.confirmCandidate(id);
    s.failNext({ path: '/campanhas', method: 'POST', kind: '422' });
    expect((await callProvider(s, TOKEN, 'GET', '/campanhas')).status).toBe(200);
    const refused = await callProvider(s, TOKEN, 'POST', '/campanhas', campaignBody(id));
    expect(refused).toMatchObject({
      status: 422,
      json: { errors: { base: ['Falha de validação simulada pelo ambiente de testes'] } },
    });
    expect((await callProvider(s, TOKEN, 'GET', '/campanhas')).json.campanhas).toEqual([]);
    const created = await callProvider(s, TOKEN, 'POST', '/campanhas', campaignBody(id));
    expect(created.status).toBe(201);
    s.failNext({ path: '/campanhas', method: 'PUT', kind: '5xx' });
    expect(
      (await callProvider(s, TOKEN, 'PUT', `/campanhas/${created.json.token}`, campaignBody(id))).status,
    ).toBe(500);
  });

  it('timeout: the call is held until the client gives up; the next call answers; close ends held calls', async () => {
    const s = await started();
    s.failNext({ path: '/candidatos', kind: 'timeout', times: 2 });
    const started1 = Date.now();
    await expect(
      fetch(`${s.url}/candidatos/52998224725`, {
        headers: { authorization: `Basic ${Buffer.from(`${TOKEN}:`).toString('base64')}` },
        signal: AbortSignal.timeout(300),
      }),
    ).rejects.toThrow();
    expect(Date.now() - started1).toBeGreaterThanOrEqual(250);
    const held = fetch(`${s.url}/candidatos/52998224725`, {
      headers: { authorization: `Basic ${Buffer.from(`${TOKEN}:`).toString('base64')}` },
    });
    const outcome = held.then(
      () => 'answered',
      () => 'failed',
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect((await callProvider(s, TOKEN, 'GET', '/candidatos/52998224725')).status).toBe(404);
    await s.close();
    sandbox = undefined;
    expect(await outcome).toBe('failed');
  });

  it('POST /_sandbox/falhas arms a fault; a bad rule is a 422 in the provider shape', async () => {
    const s = await started();
    const armed = await fetch(`${s.url}/_sandbox/falhas`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ path: '/tipos_candidatura', kind: '5xx', times: 1 }),
    });
    expect(armed.status).toBe(201);
    expect((await callProvider(s, TOKEN, 'GET', '/tipos_candidatura')).status).toBe(500);
    expect((await callProvider(s, TOKEN, 'GET', '/tipos_candidatura')).status).toBe(200);
    const bad = await fetch(`${s.url}/_sandbox/falhas`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ path: 'campanhas', kind: 'crash', times: 0, extra: true }),
    });
    expect(bad.status).toBe(422);
    expect(await bad.json()).toEqual({
      errors: {
        path: ['Valor inválido para o campo'],
        kind: ['Valor inválido para o campo'],
        times: ['Valor inválido para o campo'],
        extra: ['Campo informado não existe'],
      },
    });
  });
});
