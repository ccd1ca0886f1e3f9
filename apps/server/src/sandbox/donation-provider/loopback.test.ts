import http from 'node:http';
import os from 'node:os';
import { DONATION_SANDBOX_TEXTS } from '@mandato/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DonationSandbox, startDonationSandbox } from './server.ts';

const T = DONATION_SANDBOX_TEXTS;

/** A GET with the Host header a browser sends for `host` (a rebinding name that points at 127.0.0.1). */
function getAs(
  sandbox: DonationSandbox,
  path: string,
  host: string,
): Promise<{ status: number; body: string }> {
  const url = new URL(sandbox.url);
  return new Promise((resolve, reject) => {
    const request = http.get(
      {
        host: url.hostname,
        port: url.port,
        path,
        headers: { host, authorization: 'Basic dG9rZW4tZGEtY29udGE6' },
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          body += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    request.on('error', reject);
  });
}

/** An address of this machine other than loopback, when it has one. */
const outsideAddress = () =>
  Object.values(os.networkInterfaces())
    .flat()
    .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;

/**
 * The sandbox's operator page lists every account's candidates, campaigns and donors with no login
 * (issue 38): the sandbox listens on this machine's loopback only, answers only requests addressed to
 * it (a page of another site whose name points at 127.0.0.1 reads nothing) and says so on the page.
 */
describe('the donation sandbox answers this machine only', () => {
  let sandbox: DonationSandbox;
  beforeAll(async () => {
    sandbox = await startDonationSandbox();
    const res = await fetch(`${sandbox.url}/candidatos`, {
      method: 'POST',
      headers: { authorization: 'Basic dG9rZW4tZGEtY29udGE6', 'content-type': 'application/json' },
      body: JSON.stringify({}),
    });
    expect(res.status).toBeLessThan(500);
  });
  afterAll(() => sandbox.close());

  it('refuses to listen anywhere but loopback', async () => {
    for (const host of ['0.0.0.0', '::', '192.168.0.10', 'exemplo.com.br'])
      await expect(startDonationSandbox({ host }), host).rejects.toThrow(T.notLoopback(host));
    const local = await startDonationSandbox({ host: '127.0.0.1' });
    expect(local.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    await local.close();
  });

  it('is not reachable from another address of this machine', async () => {
    const address = outsideAddress();
    if (!address) return; // a machine with loopback only has no other address to try
    const port = new URL(sandbox.url).port;
    await expect(fetch(`http://${address}:${port}/_sandbox`)).rejects.toThrow();
  });

  it('refuses a request addressed to another name (DNS rebinding), pages and API alike', async () => {
    for (const host of [
      'atacante.exemplo.com',
      `atacante.exemplo.com:${new URL(sandbox.url).port}`,
      '10.0.0.1',
    ]) {
      const page = await getAs(sandbox, '/_sandbox', host);
      expect(page.status, host).toBe(403);
      expect(page.body).toContain(T.notLocal);
      const api = await getAs(sandbox, '/partidos', host);
      expect(api.status, host).toBe(403);
    }
    for (const host of [new URL(sandbox.url).host, `localhost:${new URL(sandbox.url).port}`]) {
      expect((await getAs(sandbox, '/_sandbox', host)).status, host).toBe(200);
      expect((await getAs(sandbox, '/partidos', host)).status, host).toBe(200);
    }
  });

  it('says on the operator page why it answers this machine only', async () => {
    const html = await (await fetch(`${sandbox.url}/_sandbox`)).text();
    const escaped = T.operator.localOnly.replace(/'/g, '&#39;');
    expect(html).toContain(escaped);
    expect(T.operator.localOnly).toContain('DONATION_PROVIDER_URL');
  });
});
