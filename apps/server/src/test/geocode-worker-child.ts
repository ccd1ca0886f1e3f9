/**
 * A worker process for the SIGKILL-resume test of the geocoding job (geocoding/geocode-resume.test.ts):
 * opens the database named by the environment (CHILD_PG_URL + CHILD_PG_OWNER_URL, or the PGlite
 * CHILD_DATA_DIR), runs the geocoding queue once, and prints `progress <rows written>` as each
 * batch commits, so the test knows when to kill it (kill -9, mid-job).
 */
import pino from 'pino';
import { geocodeHandler, geocodeQueue } from '../modules/geocoding/geocoding.job.ts';
import { createGeocoders } from '../modules/geocoding/resolve.ts';
import { loadConfig } from '../platform/config/config.ts';
import { openPGlite, openPostgres } from '../platform/db/engine.ts';
import { JobWorker } from '../platform/jobs/worker.ts';

const log = pino({ level: 'silent' });
const db = process.env.CHILD_PG_URL
  ? await openPostgres(process.env.CHILD_PG_URL, process.env.CHILD_PG_OWNER_URL)
  : await openPGlite(process.env.CHILD_DATA_DIR as string);
let written = 0;
const config = loadConfig({ NODE_ENV: 'test' });
const handler = geocodeHandler(
  { db, log, config, geocoders: createGeocoders(config.geocoder) },
  {
    batchSize: Number(process.env.CHILD_BATCH ?? 500),
    onBatch: (n) => {
      written += n;
      process.stdout.write(`progress ${written}\n`);
    },
  },
);
const worker = new JobWorker(db, log, { pollMs: 20, lockSeconds: 2 }).register(geocodeQueue, handler);
await worker.drain();
await db.close();
process.stdout.write('done\n');
