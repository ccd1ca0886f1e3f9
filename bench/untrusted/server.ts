/**
 * The server of bench:untrusted, in its own process so that a payload that stalls or kills it is
 * measured (and survived) from outside: the real app (buildApp + createAppContext + the job worker),
 * configured as production, on the database of the environment (DATABASE_URL +
 * DATABASE_MIGRATION_URL, or DATA_DIR for PGlite), listening on a free port it prints as
 * `listening <port>`. Bundled and run by node as production runs the server (run.ts).
 */
import pino from 'pino';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/platform/config/config.ts';
import { openDatabase } from '../../apps/server/src/platform/db/engine.ts';
import { createAppContext } from '../../apps/server/src/services.ts';

const config = loadConfig({ ...process.env, NODE_ENV: 'production', WEB_DIST: '/nonexistent' });
const db = await openDatabase(config);
const { app, worker } = await createAppContext(config, db, pino({ level: config.logLevel }));
const api = await buildApp(app);
worker.start();
await api.listen({ port: 0, host: '127.0.0.1' });
const address = api.server.address();
process.stdout.write(`listening ${typeof address === 'object' && address ? address.port : 0}\n`);
const stop = async () => {
  await api.close();
  await worker.stop();
  await app.mailer.close();
  await db.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
