import { DEMO } from '@mandato/domain';
import { buildApp } from './app.ts';
import { startEmbeddedDonationSandbox } from './embedded-donation-sandbox.ts';
import { seedDemoDonations } from './modules/demo/demo-donations.ts';
import { hasAnyTenant, seedDemo } from './modules/demo/demo-seed.ts';
import { startBackups } from './platform/backup/backup-scheduler.ts';
import { loadConfig } from './platform/config/config.ts';
import { assertDataDirFree, embeddedDataDir } from './platform/db/data-dir-lock.ts';
import { openDatabase } from './platform/db/engine.ts';
import { migrate } from './platform/db/migrate.ts';
import { assertSafeAppRole } from './platform/db/safety.ts';
import { prepareShutdown } from './platform/lifecycle/shutdown.ts';
import { StartupTiming } from './platform/lifecycle/startup-timing.ts';
import { createLogger } from './platform/logging/logger.ts';
import { createFileStorage } from './platform/storage/create-file-storage.ts';
import { closeAppContext, createAppContext } from './services.ts';

const loadedConfig = loadConfig();
// e-mails, phones, CPFs and tokens redacted from every line (platform/logging/redact.ts)
const log = createLogger({
  level: loadedConfig.logLevel,
  ...(loadedConfig.env === 'development' && process.stdout.isTTY
    ? { transport: { target: 'pino-pretty' } }
    : {}),
});

async function main() {
  const timing = new StartupTiming(); // the start-up line (platform/lifecycle/startup-timing.ts)
  timing.begin();
  // a data directory in use stops the start here, before anything binds a port or writes in it
  const dataDir = embeddedDataDir(loadedConfig);
  if (dataDir !== undefined) assertDataDirFree(dataDir);
  // the donation provider first: the app context's client is built with its address
  const { config, sandbox } = await startEmbeddedDonationSandbox(loadedConfig);
  if (sandbox) timing.mark('sandbox de doações');
  const db = await openDatabase(config);
  timing.mark('banco');
  const applied = await migrate(db);
  if (applied.length) log.info({ applied }, 'migrações aplicadas');
  await assertSafeAppRole(db);
  timing.mark('migrações');
  const freshDemo = db.engine === 'pglite' && !(await hasAnyTenant(db));
  if (freshDemo) {
    await seedDemo(db, { sample: true, files: createFileStorage(config.files) });
    log.info('tenant de demonstração criado, com contatos de exemplo');
    timing.mark('demonstração');
  }
  const { app, worker } = await createAppContext(config, db, log);
  const server = await buildApp(app);
  // SIGTERM: /readyz 503, requests and sends in flight end, leases handed back (platform/lifecycle)
  const shutdown = prepareShutdown(server, app.lifecycle, log);
  timing.mark('serviços');
  worker.start();
  const backups = startBackups(config, db, log); // DATA_DIR/backups (platform/backup)
  const address = await server.listen({ port: config.port, host: config.host });
  timing.mark('escuta');
  shutdown.onSignals({
    worker,
    close: async () => {
      await backups.stop();
      await closeAppContext(app);
      await sandbox?.close();
      await db.close();
    },
  });
  console.log(timing.line());
  log.info({ startupMs: timing.fields() }, 'servidor pronto');
  if (freshDemo && sandbox) {
    // the demo's donations go through the running API and sandbox (modules/demo/demo-donations.ts)
    await seedDemoDonations(app, address).catch((error: Error) =>
      log.warn({ err: error }, 'doações de demonstração não criadas'),
    );
  }

  console.log(
    `\nMandato em http://localhost:${config.port}/login (banco: ${db.engine === 'pglite' ? config.dataDir : 'PostgreSQL'})`,
  );
  if (db.engine === 'pglite') {
    console.log(
      `Login de demonstração — Domínio: ${DEMO.slug}  E-mail: ${DEMO.adminEmail}  Senha: ${DEMO.password}\n`,
    );
  }
  if (sandbox) console.log(`Doações: ambiente de testes do provedor em ${sandbox.url}/_sandbox\n`);
}

main().catch((error: Error) => {
  console.error(`\nErro ao iniciar o Mandato: ${error.message}\n`);
  process.exit(1);
});
