import { DEMO } from '@mandato/domain';
import { buildApp } from './app.ts';
import { startEmbeddedDonationSandbox } from './embedded-donation-sandbox.ts';
import { seedDemoDonations } from './modules/demo/demo-donations.ts';
import { hasAnyTenant, seedDemo } from './modules/demo/demo-seed.ts';
import { startBackups } from './platform/backup/backup-scheduler.ts';
import { loadConfig } from './platform/config/config.ts';
import { openDatabase } from './platform/db/engine.ts';
import { migrate } from './platform/db/migrate.ts';
import { assertSafeAppRole } from './platform/db/safety.ts';
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
  // the donation provider first: the app context's client is built with its address
  const { config, sandbox } = await startEmbeddedDonationSandbox(loadedConfig);
  const db = await openDatabase(config);
  const applied = await migrate(db);
  if (applied.length) log.info({ applied }, 'migrações aplicadas');
  await assertSafeAppRole(db);
  const freshDemo = db.engine === 'pglite' && !(await hasAnyTenant(db));
  if (freshDemo) {
    await seedDemo(db, { sample: true, files: createFileStorage(config.files) });
    log.info('tenant de demonstração criado, com contatos de exemplo');
  }
  const { app, worker } = await createAppContext(config, db, log);
  const server = await buildApp(app);
  worker.start();
  const backups = startBackups(config, db, log); // DATA_DIR/backups (platform/backup)
  const address = await server.listen({ port: config.port, host: config.host });
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

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'encerrando');
    await server.close();
    await worker.stop();
    await backups.stop();
    await closeAppContext(app);
    await sandbox?.close();
    await db.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error: Error) => {
  console.error(`\nErro ao iniciar o Mandato: ${error.message}\n`);
  process.exit(1);
});
