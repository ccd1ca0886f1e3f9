// `npm start` (scripts/start.mjs) runs this before building, when something must be built: a second
// start on a data directory in use must stop before the build rewrites apps/web/dist under the
// running server. With nothing to build the server checks the directory itself, first (main.ts).
import { loadConfig } from './platform/config/config.ts';
import { assertDataDirFree, embeddedDataDir } from './platform/db/data-dir-lock.ts';

try {
  const dataDir = embeddedDataDir(loadConfig());
  if (dataDir !== undefined) assertDataDirFree(dataDir);
} catch (error) {
  console.error(`\nErro ao iniciar o Mandato: ${(error as Error).message}\n`);
  process.exit(1);
}
