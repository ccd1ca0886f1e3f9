/**
 * The in-process server of a benchmark: the real app (buildApp + createAppContext, its worker
 * included) on a free local port, connected as the login role, and the headers of the bench user
 * signed in through POST /api/auth/login.
 */
import pino from 'pino';
import { buildApp } from '../../apps/server/src/app.ts';
import { clientHash } from '../../apps/server/src/platform/auth/password.ts';
import { loadConfig } from '../../apps/server/src/platform/config/config.ts';
import type { Database } from '../../apps/server/src/platform/db/engine.ts';
import { createAppContext } from '../../apps/server/src/services.ts';
import type { BenchLogin } from './bench-database.ts';

export async function startBenchServer(db: Database, login: BenchLogin, logLevel = 'silent') {
  const config = loadConfig({
    NODE_ENV: 'production',
    WEB_DIST: '/nonexistent',
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret',
  });
  const { app, worker } = await createAppContext(config, db, pino({ level: logLevel }));
  const server = await buildApp(app);
  await server.listen({ port: 0, host: '127.0.0.1' });
  const address = server.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-schema': login.slug },
    body: JSON.stringify({ email: login.email, password: clientHash(login.password) }),
  });
  if (!res.ok) throw new Error(`login: ${res.status} ${await res.text()}`);
  const token = ((await res.json()) as { data: { token: string } }).data.token;
  return {
    app,
    base,
    headers: { 'content-type': 'application/json', 'x-schema': login.slug, authorization: `Bearer ${token}` },
    async close() {
      await server.close();
      await worker.stop();
      await app.mailer.close();
    },
  };
}
