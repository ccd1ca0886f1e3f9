import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROLES, type Role } from '@mandato/domain';
import pino from 'pino';
import { buildApp } from '../app.ts';
import { createUser } from '../modules/team/team.service.ts';
import { createTenant } from '../modules/tenants/tenants.service.ts';
import type { AppContext } from '../platform/app-context.ts';
import { clientHash } from '../platform/auth/password.ts';
import { type Config, loadConfig } from '../platform/config/config.ts';
import type { Database } from '../platform/db/engine.ts';
import { closeAppContext, createAppContext } from '../services.ts';
import { checkResponseContract } from './response-contract.ts';
import { createTestDatabase } from './test-database.ts';

let sequence = 0;
const unique = () => `${Date.now().toString(36)}${(sequence++).toString(36)}`;

export interface TestApp {
  db: Database;
  app: Awaited<ReturnType<typeof createAppContext>>['app'];
  worker: Awaited<ReturnType<typeof createAppContext>>['worker'];
  api: Awaited<ReturnType<typeof buildApp>>;
  close(): Promise<void>;
}

/**
 * A real server (Fastify + services) on a fresh database of the engine under test; `replace` hands
 * it adapters of the test's own (createAppContext).
 */
export async function createTestApp(
  overrides: Partial<Config> = {},
  replace: Partial<AppContext> = {},
): Promise<TestApp> {
  const { db, cleanup } = await createTestDatabase();
  // uploaded files of this app only, removed with it
  const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mandato-test-files-'));
  const config = {
    ...loadConfig({ NODE_ENV: 'test', WEB_DIST: '/nonexistent', FILES_DIR: filesDir }),
    ...overrides,
  };
  // a test that reads the logs hands its own (replace.log: platform/logging/log-journey.test.ts)
  const log = replace.log ?? pino({ level: 'silent' });
  const { app, worker } = await createAppContext(config, db, log, replace);
  const api = await buildApp(app);
  const drifts = checkResponseContract(api as never);
  return {
    db,
    app,
    worker,
    api,
    async close() {
      await worker.stop();
      await api.close();
      await closeAppContext(app);
      await cleanup();
      fs.rmSync(filesDir, { recursive: true, force: true });
      if (drifts.length > 0)
        throw new Error(
          `answers that drifted from their OpenAPI schema:\n${[...new Set(drifts)].join('\n')}`,
        );
    },
  };
}

export interface BuiltTenant {
  id: string;
  slug: string;
}

export async function buildTenant(
  t: Pick<TestApp, 'db'>,
  overrides: Partial<{ slug: string; name: string; planId: string; marketingSecret: string | null }> = {},
): Promise<BuiltTenant> {
  const slug = overrides.slug ?? `t-${unique()}`;
  const id = await createTenant(
    { db: t.db },
    {
      slug,
      name: overrides.name ?? `Tenant ${slug}`,
      planId: overrides.planId ?? 'PREMIUM',
      marketingSecret: overrides.marketingSecret === undefined ? 'secret' : overrides.marketingSecret,
    },
  );
  return { id, slug };
}

export const TEST_PASSWORD = 'senha-forte-1';

export async function buildUser(
  t: Pick<TestApp, 'db'>,
  tenant: BuiltTenant,
  overrides: Partial<{
    email: string;
    name: string;
    password: string;
    permissions: Role[];
    active: boolean;
  }> = {},
) {
  return createUser(
    { db: t.db },
    {
      tenantSlug: tenant.slug,
      email: overrides.email ?? `u-${unique()}@exemplo.com.br`,
      name: overrides.name ?? 'Usuária Teste',
      password: overrides.password ?? TEST_PASSWORD,
      permissions: overrides.permissions ?? [...ROLES],
      active: overrides.active ?? true,
    },
  );
}

/** POST /api/auth/login with the typed `password` (hashed as the web client does); any answer. */
export function tryLogin(t: TestApp, slug: string, email: string, password: string, ip = '10.0.0.1') {
  return t.api.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { 'x-schema': slug },
    remoteAddress: ip,
    payload: { email, password: clientHash(password) },
  });
}

export async function loginAs(t: TestApp, tenant: BuiltTenant, email: string, password = TEST_PASSWORD) {
  const res = await tryLogin(t, tenant.slug, email, password);
  if (res.statusCode !== 200) throw new Error(`login falhou: ${res.statusCode} ${res.body}`);
  return res.json().data.token as string;
}

/** Headers of a signed-in call. */
export const as = (tenant: BuiltTenant, token: string) => ({
  'x-schema': tenant.slug,
  authorization: `Bearer ${token}`,
});
