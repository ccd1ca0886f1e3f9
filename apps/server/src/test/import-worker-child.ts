/**
 * A worker process for the SIGKILL-resume test of the import (people-import/import-resume.test.ts):
 * opens the database named by the environment (CHILD_PG_URL + CHILD_PG_OWNER_URL, or the PGlite
 * CHILD_DATA_DIR), runs the import queue once, and prints `progress <batches done>` as each batch
 * commits, so the test knows when to kill it (kill -9, mid-job).
 */
import pino from 'pino';
import { importHandler, importQueue } from '../modules/people-import/people-import.job.ts';
import { openPGlite, openPostgres } from '../platform/db/engine.ts';
import { JobWorker } from '../platform/jobs/worker.ts';

const log = pino({ level: 'silent' });
const db = process.env.CHILD_PG_URL
  ? await openPostgres(process.env.CHILD_PG_URL, process.env.CHILD_PG_OWNER_URL)
  : await openPGlite(process.env.CHILD_DATA_DIR as string);
const handler = importHandler(
  { db, log },
  { onBatch: (_id, done) => process.stdout.write(`progress ${done}\n`) },
);
const worker = new JobWorker(db, log, { pollMs: 20, lockSeconds: 2 }).register(importQueue, handler);
await worker.drain();
await db.close();
process.stdout.write('done\n');
