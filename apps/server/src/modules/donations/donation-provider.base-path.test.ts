import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DonationSandbox, startDonationSandbox } from '../../sandbox/donation-provider/server.ts';
import { call } from '../../test/crm-factories.ts';
import { confirmedAccount, donationTenant } from '../../test/donations-kit.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';
import { providerUrl } from './donation-provider.client.ts';

const PREFIX = '/api/v1';

describe('providerUrl: the base URL keeps its path', () => {
  it('joins the call path after the base path, with or without slashes, query kept', () => {
    for (const base of ['https://host/api/v1', 'https://host/api/v1/', 'https://host/api/v1//']) {
      expect(providerUrl(base, '/candidatos').href, base).toBe('https://host/api/v1/candidatos');
      expect(providerUrl(base, 'candidatos').href, base).toBe('https://host/api/v1/candidatos');
      expect(providerUrl(base, '/campanhas?candidato_id=7').href, base).toBe(
        'https://host/api/v1/campanhas?candidato_id=7',
      );
      expect(providerUrl(base, '/candidatos/529.982%2F247-25').href).toBe(
        'https://host/api/v1/candidatos/529.982%2F247-25',
      );
    }
    expect(providerUrl('https://host', '/candidatos').href).toBe('https://host/candidatos');
    expect(providerUrl('https://host/', '/partidos').href).toBe('https://host/partidos');
    expect(providerUrl('http://127.0.0.1:8080', '/faturas').href).toBe('http://127.0.0.1:8080/faturas');
  });
});

/**
 * The provider's API under a path prefix, as a gateway publishes it: `/api/v1/…` is the sandbox's
 * `/…`, anything else a 404. Every request line is recorded.
 */
async function prefixedProvider(sandbox: DonationSandbox) {
  const seen: string[] = [];
  const server = http.createServer((req, res) => {
    const url = req.url ?? '';
    seen.push(`${req.method} ${url}`);
    if (!url.startsWith(`${PREFIX}/`)) {
      req.resume();
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"Not Found"}');
      return;
    }
    const forward = http.request(
      new URL(url.slice(PREFIX.length), sandbox.url),
      { method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on('error', () => res.writeHead(502).end());
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

describe(`DONATION_PROVIDER_URL with a path: the real adapter calls under it (${testEngine})`, () => {
  let sandbox: DonationSandbox;
  let gateway: Awaited<ReturnType<typeof prefixedProvider>>;
  beforeAll(async () => {
    sandbox = await startDonationSandbox();
    gateway = await prefixedProvider(sandbox);
  });
  afterAll(async () => {
    await gateway.close();
    await sandbox.close();
  });

  for (const slash of ['', '/']) {
    it(`onboards, confirms and opens a campaign with the base '…${PREFIX}${slash}'`, {
      timeout: 180_000,
    }, async () => {
      let t: TestApp | undefined;
      try {
        t = await createTestApp({
          donation: {
            providerUrl: `${gateway.url}${PREFIX}${slash}`,
            timeoutMs: 10_000,
            key: undefined,
            geoUrl: undefined,
          },
        });
        gateway.seen.length = 0;
        const { user } = await donationTenant(t, `token-prefixo-${slash ? 'barra' : 'sem'}`);
        const options = await call(t, user, 'GET', '/api/donations/options');
        expect(options.status, JSON.stringify(options.body)).toBe(200);
        await confirmedAccount(t, sandbox, user);
        const campaign = await call(t, user, 'POST', '/api/donations/campaigns', {
          title: 'Campanha 2026',
          minCents: 500,
          maxCents: 106_400,
        });
        expect(campaign.status, JSON.stringify(campaign.body)).toBe(200);
        const campaigns = await call(t, user, 'GET', '/api/donations/campaigns');
        expect(campaigns.status, JSON.stringify(campaigns.body)).toBe(200);
        // every call went under the prefix, none to the host's root (which answers 404)
        expect(gateway.seen.length).toBeGreaterThan(4);
        expect(gateway.seen.filter((line) => !line.includes(` ${PREFIX}/`))).toEqual([]);
        expect(gateway.seen.some((line) => line.startsWith(`POST ${PREFIX}/candidatos`))).toBe(true);
        expect(gateway.seen.some((line) => line.startsWith(`GET ${PREFIX}/campanhas?candidato_id=`))).toBe(
          true,
        );
        expect(gateway.seen.some((line) => line.includes('//'))).toBe(false);
      } finally {
        await t?.close();
      }
    });
  }
});
