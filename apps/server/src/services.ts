import type { FastifyBaseLogger } from 'fastify';
import {
  GEOCODE_QUEUE,
  geocodeHandler,
  REVALIDATE_QUEUE,
  revalidateHandler,
} from './modules/geocoding/geocoding.job.ts';
import { recordHttpGeocoder } from './modules/geocoding/geocoding.repository.ts';
import {
  ACCOUNTS_RENEW_QUEUE,
  accountsRenewHandler,
  scheduleAccountsRenewal,
} from './modules/marketing/accounts.job.ts';
import {
  DOMAINS_REVALIDATE_QUEUE,
  domainsRevalidateHandler,
  scheduleDomainRevalidation,
} from './modules/marketing/domains.job.ts';
import { SENDER_EMAIL_QUEUE, senderEmailHandler } from './modules/marketing/sender-email.job.ts';
import { COMPACT_COUNTS_QUEUE, compactCountsHandler } from './modules/people/people-totals.ts';
import { IMPORT_QUEUE, importHandler } from './modules/people-import/people-import.job.ts';
import { findTenant } from './modules/tenants/tenants.service.ts';
import { PASSWORD_EMAIL_QUEUE, passwordEmailHandler } from './modules/users/password-email.job.ts';
import { bindTenantAndFindBySession } from './modules/users/users.lookup.ts';
import type { AppContext } from './platform/app-context.ts';
import { TokenService } from './platform/auth/tokens.ts';
import type { Config } from './platform/config/config.ts';
import type { Database } from './platform/db/engine.ts';
import { ExactCountCache } from './platform/db/exact-count-cache.ts';
import { JobWorker } from './platform/jobs/worker.ts';
import { createMailer } from './platform/mail/mailer.ts';
import { createFileStorage } from './platform/storage/create-file-storage.ts';

/** Builds the services of a running server (also used by tests with their own config and db). */
export async function createAppContext(config: Config, db: Database, log: FastifyBaseLogger) {
  const tokens = await TokenService.create(db, config.jwtSecret, config.tokenTtlSeconds);
  const mailer = createMailer(db, config.smtpUrl, config.mailFrom);
  const worker = new JobWorker(db, log, { pollMs: config.jobPollMs });
  const identity = {
    tenantBySlug: (slug: string) => findTenant(db, slug),
    bindSession: bindTenantAndFindBySession,
  };
  const app: AppContext = {
    config,
    db,
    tokens,
    mailer,
    files: createFileStorage(config.files),
    jobs: worker,
    log,
    counts: new ExactCountCache(),
    identity,
  };
  worker.register(PASSWORD_EMAIL_QUEUE, passwordEmailHandler(app));
  worker.register(COMPACT_COUNTS_QUEUE, compactCountsHandler(app));
  worker.register(IMPORT_QUEUE, importHandler(app));
  worker.register(GEOCODE_QUEUE, geocodeHandler(app));
  worker.register(REVALIDATE_QUEUE, revalidateHandler(app));
  worker.register(DOMAINS_REVALIDATE_QUEUE, domainsRevalidateHandler(app));
  worker.register(SENDER_EMAIL_QUEUE, senderEmailHandler(app));
  // hourly renewal of the marketing plans (tests run it themselves)
  worker.register(ACCOUNTS_RENEW_QUEUE, accountsRenewHandler(app));
  if (config.env !== 'test') await scheduleAccountsRenewal(app);
  // the daily run of the sender domains (tests run the job themselves)
  if (config.env !== 'test') await scheduleDomainRevalidation(app);
  await recordHttpGeocoder(db.kysely, Boolean(config.geocoder.url));
  return { app, worker };
}
