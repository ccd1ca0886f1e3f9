/**
 * A worker process for the SIGKILL tests of the shot dispatch (shots/shot-dispatch-kill.test.ts,
 * shots/sms-dispatch-kill.test.ts): opens the database named by the environment (CHILD_PG_URL +
 * CHILD_PG_OWNER_URL, or the PGlite CHILD_DATA_DIR), sends e-mail through CHILD_SMTP_URL and SMS to
 * the provider at CHILD_SMS_URL (token CHILD_SMS_TOKEN; no quiet hours) until the shot CHILD_SHOT of
 * CHILD_TENANT leaves SENDING, and prints `progress <outcomes recorded>` after each recorded outcome, so the test knows
 * when to kill it (kill -9, mid-send). bench:dispatch runs it too (CHILD_QUIET: no progress lines,
 * CHILD_LEASE_SECONDS / CHILD_LOCK_SECONDS / CHILD_BATCH / CHILD_SMTP_CONNECTIONS as a server has
 * them) and reads the peak RSS it prints at the end.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import pino from 'pino';
import { shotDispatchHandler } from '../modules/shots/shot-dispatch.job.ts';
import { shotDispatchQueue } from '../modules/shots/shot-dispatch.queue.ts';
import { loadConfig } from '../platform/config/config.ts';
import { openPGlite, openPostgres } from '../platform/db/engine.ts';
import { withTenant } from '../platform/db/tenancy.ts';
import { JobWorker } from '../platform/jobs/worker.ts';
import { createShotTransport } from '../platform/mail/shot-transport.ts';
import { createSmsTransport } from '../platform/sms/sms-transport.ts';

const log = pino({ level: 'silent' });
const db = process.env.CHILD_PG_URL
  ? await openPostgres(process.env.CHILD_PG_URL, process.env.CHILD_PG_OWNER_URL)
  : await openPGlite(process.env.CHILD_DATA_DIR as string);
const config = loadConfig({
  NODE_ENV: 'test',
  MARKETING_SMTP_URL: process.env.CHILD_SMTP_URL,
  SHOT_RATE_PER_TENANT: '0',
  SHOT_RATE_PER_DOMAIN: '0',
  SMS_PROVIDER_URL: process.env.CHILD_SMS_URL,
  SMS_PROVIDER_TOKEN: process.env.CHILD_SMS_TOKEN,
  SMS_QUIET_HOURS: 'off',
});
const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const shotTransport = createShotTransport(config, db, {
  timeoutMs: 5000,
  maxConnections: env('CHILD_SMTP_CONNECTIONS', 3),
});
const smsTransport = createSmsTransport(config.sms, db);
const tenantId = process.env.CHILD_TENANT as string;
const shotId = process.env.CHILD_SHOT as string;
let recorded = 0;
const worker = new JobWorker(db, log, { pollMs: 20, lockSeconds: env('CHILD_LOCK_SECONDS', 2) });
worker.register(
  shotDispatchQueue,
  shotDispatchHandler(
    { db, config, log, jobs: worker, shotTransport, smsTransport },
    {
      batchSize: env('CHILD_BATCH', 20),
      inFlight: env('CHILD_IN_FLIGHT', 4),
      leaseSeconds: env('CHILD_LEASE_SECONDS', 2),
      onOutcome: process.env.CHILD_QUIET ? undefined : () => process.stdout.write(`progress ${++recorded}\n`),
    },
  ),
);
const status = () =>
  withTenant(db, tenantId, (ctx) =>
    ctx.trx.selectFrom('mkt_shots').select('status').where('id', '=', shotId).executeTakeFirstOrThrow(),
  );
// a killed worker's jobs and leases come back once their 2 s run out
while ((await status()).status === 'SENDING') if ((await worker.drain()) === 0) await sleep(100);
shotTransport.close();
smsTransport.close();
await db.close();
const usage = process.resourceUsage();
process.stdout.write(
  `rss ${usage.maxRSS}\ncpu ${Math.round((usage.userCPUTime + usage.systemCPUTime) / 1000)}\ndone\n`,
);
