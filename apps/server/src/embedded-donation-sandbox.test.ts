import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DONATION_SANDBOX_STATE, startEmbeddedDonationSandbox } from './embedded-donation-sandbox.ts';
import { loadConfig } from './platform/config/config.ts';
import type { DonationSandbox } from './sandbox/donation-provider/server.ts';

const started: DonationSandbox[] = [];
afterEach(async () => {
  for (const s of started.splice(0)) await s.close();
});

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'mandato-sandbox-'));

/** A port nobody listens on (taken and given back). */
const freePort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

describe('the embedded donation provider of npm start', () => {
  it('starts the sandbox when DONATION_PROVIDER_URL is unset and points the config at it', async () => {
    const dataDir = path.join(tempDir(), 'not-yet');
    const env = { DATA_DIR: dataDir, DONATION_SANDBOX_PORT: '0' };
    const { config, sandbox } = await startEmbeddedDonationSandbox(loadConfig(env), env);
    expect(sandbox).toBeDefined();
    if (sandbox) started.push(sandbox);
    expect(config.donation.providerUrl).toBe(sandbox?.url);
    expect(config.donation.providerUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(config.donation.providerUrl).not.toMatch(/:0$/);
    // it speaks the provider's contract, with the account of the token
    const auth = `Basic ${Buffer.from('token-de-teste-embutido:').toString('base64')}`;
    const answer = await fetch(`${config.donation.providerUrl}/partidos`, {
      headers: { authorization: auth },
    });
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { partidos: unknown[] }).partidos.length).toBeGreaterThan(0);
    expect((await fetch(`${config.donation.providerUrl}/partidos`)).status).toBe(401);
    // the data directory its state file goes in is made when missing (a PostgreSQL start has none)
    expect(fs.existsSync(dataDir)).toBe(true);
  });

  it('leaves a configured provider alone', async () => {
    const env = { DATA_DIR: tempDir(), DONATION_PROVIDER_URL: 'https://provedor.example/api' };
    const loaded = loadConfig(env);
    const { config, sandbox } = await startEmbeddedDonationSandbox(loaded, env);
    expect(sandbox).toBeUndefined();
    expect(config).toBe(loaded);
    expect(config.donation.providerUrl).toBe('https://provedor.example/api');
  });

  it('never listens when DONATION_PROVIDER_URL is set, not even on its own port', async () => {
    const port = await freePort();
    const env = {
      DATA_DIR: tempDir(),
      DONATION_SANDBOX_PORT: String(port),
      DONATION_PROVIDER_URL: 'https://provedor.example/api',
    };
    const { sandbox } = await startEmbeddedDonationSandbox(loadConfig(env), env);
    expect(sandbox).toBeUndefined();
    await expect(fetch(`http://127.0.0.1:${port}/_sandbox`)).rejects.toThrow();
    expect(fs.existsSync(path.join(env.DATA_DIR, DONATION_SANDBOX_STATE))).toBe(false);
  });

  it('refuses a delay that is not a whole number of milliseconds', async () => {
    const env = { DATA_DIR: tempDir(), DONATION_SANDBOX_PORT: '0', DONATION_SANDBOX_CONFIRM_DELAY_MS: '-5' };
    await expect(startEmbeddedDonationSandbox(loadConfig(env), env)).rejects.toThrow(
      'DONATION_SANDBOX_CONFIRM_DELAY_MS',
    );
  });
});
