import fs from 'node:fs';
import path from 'node:path';
import type { Config } from './platform/config/config.ts';
import { type DonationSandbox, startDonationSandbox } from './sandbox/donation-provider/server.ts';

/** The sandbox's accounts, kept in the data directory across restarts of `npm start`. */
export const DONATION_SANDBOX_STATE = 'donation-sandbox.json';

/** A delay in ms from env: unset or 0 means "never by itself" (only the operator page confirms or pays). */
function delayMs(name: string, value: string | undefined): number | undefined {
  if (value === undefined || value === '' || value === '0') return undefined;
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < 0)
    throw new Error(`Configuração inválida: ${name} deve ser um número inteiro`);
  return n;
}

/**
 * The donation provider the product talks to when DONATION_PROVIDER_URL is unset (issue 30): the
 * sandbox on 127.0.0.1 at DONATION_SANDBOX_PORT (default PORT+1, the port the config's providerUrl
 * already names), its state in the data directory. DONATION_SANDBOX_CONFIRM_DELAY_MS and
 * DONATION_SANDBOX_PAY_DELAY_MS make it confirm candidates and pay invoices by itself. Answers the
 * config with the sandbox's real address (port 0 picks a free one) and the sandbox, or the config
 * unchanged when a provider is configured.
 */
export async function startEmbeddedDonationSandbox(
  config: Config,
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ config: Config; sandbox: DonationSandbox | undefined }> {
  if (env.DONATION_PROVIDER_URL) return { config, sandbox: undefined };
  fs.mkdirSync(config.dataDir, { recursive: true });
  const sandbox = await startDonationSandbox({
    host: '127.0.0.1',
    port: Number(new URL(config.donation.providerUrl).port),
    stateFile: path.join(config.dataDir, DONATION_SANDBOX_STATE),
    confirmDelayMs: delayMs('DONATION_SANDBOX_CONFIRM_DELAY_MS', env.DONATION_SANDBOX_CONFIRM_DELAY_MS),
    payDelayMs: delayMs('DONATION_SANDBOX_PAY_DELAY_MS', env.DONATION_SANDBOX_PAY_DELAY_MS),
  });
  return { config: { ...config, donation: { ...config.donation, providerUrl: sandbox.url } }, sandbox };
}
