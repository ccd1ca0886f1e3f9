/**
 * The server of bench:import, in its own process so its memory is measured apart from the client:
 * the real app (buildApp + createAppContext + the job worker) on the database of the environment
 * (DATABASE_URL + DATABASE_MIGRATION_URL, or DATA_DIR for PGlite), listening on a free port it
 * prints as `listening <port>`.
 */
import pino from 'pino';
import { buildApp } from '../../apps/server/src/app.ts';
import { IMPORT_VERDICT_WAIT_MS, loadConfig } from '../../apps/server/src/platform/config/config.ts';
import { openDatabase } from '../../apps/server/src/platform/db/engine.ts';
import { createAppContext } from '../../apps/server/src/services.ts';

const config = loadConfig({
  // the product's wait for the verdict (the tests' is 10 min): a large sheet is answered 202
  IMPORT_VERDICT_WAIT_MS: String(IMPORT_VERDICT_WAIT_MS),
  ...process.env,
  NODE_ENV: 'test',
  WEB_DIST: '/nonexistent',
});
const db = await openDatabase(config);
const { app, worker } = await createAppContext(config, db, pino({ level: 'warn' }));
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
