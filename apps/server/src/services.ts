import { UNTRUSTED_TASK_LIMITS } from '@mandato/domain';
import type { FastifyBaseLogger } from 'fastify';
import { DonationKeys } from './modules/donations/donation-keys.ts';
import { DonationProviderClient } from './modules/donations/donation-provider.client.ts';
import {
  geocodeHandler,
  geocodeQueue,
  revalidateHandler,
  revalidateQueue,
} from './modules/geocoding/geocoding.job.ts';
import { recordHttpGeocoder } from './modules/geocoding/geocoding.repository.ts';
import { createGeocoders } from './modules/geocoding/resolve.ts';
import {
  accountsRenewHandler,
  accountsRenewQueue,
  scheduleAccountsRenewal,
} from './modules/marketing/accounts.job.ts';
import { DomainValidationsInFlight } from './modules/marketing/domain-validations.ts';
import {
  domainsRevalidateHandler,
  domainsRevalidateQueue,
  scheduleDomainRevalidation,
} from './modules/marketing/domains.job.ts';
import { MarketingKeys } from './modules/marketing/marketing-keys.ts';
import { senderEmailHandler, senderEmailQueue } from './modules/marketing/sender-email.job.ts';
import { compactCountsHandler, compactCountsQueue } from './modules/people/people-totals.ts';
import { importHandler, importQueue } from './modules/people-import/people-import.job.ts';
import { duplicatesHandler, duplicatesQueue } from './modules/people-merge/duplicates.job.ts';
import { readPrivacyKeys } from './modules/privacy/privacy-keys.ts';
import { birthdayHandler, birthdayQueue } from './modules/shots/birthday.job.ts';
import { shotDispatchHandler } from './modules/shots/shot-dispatch.job.ts';
import { shotDispatchQueue } from './modules/shots/shot-dispatch.queue.ts';
import { shotFreezeHandler, shotFreezeQueue } from './modules/shots/shot-freeze.ts';
import { shotScheduleHandler, shotScheduleQueue } from './modules/shots/shot-schedule.job.ts';
import { ShotTracker } from './modules/shots/shot-tracking.ts';
import { TenantCache } from './modules/tenants/tenant-cache.ts';
import { findTenant } from './modules/tenants/tenants.service.ts';
import { passwordEmailHandler, passwordEmailQueue } from './modules/users/password-email.job.ts';
import { bindTenantAndFindBySession } from './modules/users/users.lookup.ts';
import { personDataParts } from './person-data-parts.ts';
import type { AppContext } from './platform/app-context.ts';
import { TokenService } from './platform/auth/tokens.ts';
import type { Config } from './platform/config/config.ts';
import { startupWarnings } from './platform/config/startup-warnings.ts';
import type { Database } from './platform/db/engine.ts';
import { ExactCountCache } from './platform/db/exact-count-cache.ts';
import { Lifecycle } from './platform/health/lifecycle.ts';
import { JobWorker } from './platform/jobs/worker.ts';
import { createMailer } from './platform/mail/mailer.ts';
import { createShotTransport } from './platform/mail/shot-transport.ts';
import { createMetrics } from './platform/metrics/metrics.ts';
import { createPersonDataRegistry } from './platform/person-data.ts';
import { createSmsTransport } from './platform/sms/sms-transport.ts';
import { createFileStorage } from './platform/storage/create-file-storage.ts';
import { UntrustedPool } from './platform/untrusted/untrusted-pool.ts';

/** Workers of the untrusted pool: two, one per core of the machine the product is sized for. */
const UNTRUSTED_WORKERS = 2;

/**
 * Builds the services of a running server (also used by tests with their own config and db): every
 * adapter and cache that lives as long as the app is made here, from config; a test may hand its
 * own in `replace`.
 */
export async function createAppContext(
  config: Config,
  db: Database,
  log: FastifyBaseLogger,
  replace: Partial<AppContext> = {},
) {
  for (const warning of startupWarnings(config)) log.warn(warning);
  const tokens = await TokenService.create(db, config.jwtSecret, config.tokenTtlSeconds);
  const mailer = createMailer(db, config.smtpUrl, config.mailFrom);
  const worker = new JobWorker(db, log, { pollMs: config.jobPollMs });
  const tenantCache = replace.tenantCache ?? new TenantCache();
  const identity = {
    tenantBySlug: (slug: string) => findTenant({ db, tenantCache }, slug),
    bindSession: bindTenantAndFindBySession,
  };
  const app: AppContext = {
    config,
    db,
    tokens,
    mailer,
    shotTransport: createShotTransport(config, db, { timeoutMs: config.marketing.smtpTimeoutMs }),
    smsTransport: createSmsTransport(config.sms, db),
    files: createFileStorage(config.files),
    jobs: worker,
    log,
    counts: new ExactCountCache(),
    identity,
    marketingKeys: new MarketingKeys({ db, config }),
    domainValidations: new DomainValidationsInFlight(),
    geocoders: createGeocoders(config.geocoder),
    shotTracker: new ShotTracker(db),
    tenantCache,
    personData: createPersonDataRegistry(personDataParts),
    privacyKeys: replace.privacyKeys ?? (await readPrivacyKeys(db)),
    donationProvider: new DonationProviderClient({
      baseUrl: config.donation.providerUrl,
      timeoutMs: config.donation.timeoutMs,
    }),
    donationKeys: new DonationKeys({ db, config }),
    untrusted: createUntrustedPool(log),
    lifecycle: new Lifecycle(),
    metrics: createMetrics(db, config.metricsToken),
    ...replace,
  };
  // each queue is polled on its own, with the concurrency its module declares beside the handler
  worker.register(passwordEmailQueue, passwordEmailHandler(app));
  worker.register(compactCountsQueue, compactCountsHandler(app));
  worker.register(importQueue, importHandler(app));
  worker.register(duplicatesQueue, duplicatesHandler(app));
  worker.register(geocodeQueue, geocodeHandler(app));
  worker.register(revalidateQueue, revalidateHandler(app));
  worker.register(domainsRevalidateQueue, domainsRevalidateHandler(app));
  worker.register(senderEmailQueue, senderEmailHandler(app));
  worker.register(shotFreezeQueue, shotFreezeHandler(app));
  worker.register(shotScheduleQueue, shotScheduleHandler(app));
  worker.register(birthdayQueue, birthdayHandler(app));
  worker.register(shotDispatchQueue, shotDispatchHandler(app));
  // hourly renewal of the marketing plans (tests run it themselves)
  worker.register(accountsRenewQueue, accountsRenewHandler(app));
  if (config.env !== 'test') await scheduleAccountsRenewal(app);
  // the daily run of the sender domains (tests run the job themselves)
  if (config.env !== 'test') await scheduleDomainRevalidation(app);
  await recordHttpGeocoder(db.kysely, Boolean(config.geocoder.url));
  return { app, worker };
}

/**
 * Shutdown (main.ts, test apps), after the worker has stopped: closes the adapters that hold sockets
 * and forgets the caches, so nothing of this app outlives it in the process.
 */
export async function closeAppContext(app: AppContext): Promise<void> {
  await app.mailer.close();
  app.shotTransport.close();
  app.marketingKeys.clear();
  await app.shotTracker.close();
  app.tenantCache.forget();
  app.donationProvider.close();
  app.donationKeys.clear();
  await app.untrusted.close();
  app.metrics.close();
}

/**
 * The pool of untrusted documents: its worker module beside this one, the TypeScript source with its
 * loader when running from sources (development, tests), the bundle's untrusted.worker.mjs otherwise.
 */
function createUntrustedPool(log: FastifyBaseLogger): UntrustedPool {
  const sources = import.meta.url.endsWith('.ts');
  const { heapMb, seconds, perTenant, waiting } = UNTRUSTED_TASK_LIMITS;
  return new UntrustedPool({
    entry: new URL(sources ? './untrusted.worker.ts' : './untrusted.worker.mjs', import.meta.url),
    ...(sources ? { loader: 'tsx/esm/api' } : {}),
    workers: UNTRUSTED_WORKERS,
    heapMb,
    seconds,
    perTenant,
    waiting,
    onFailure: (task, detail) => log.error({ task, detail }, 'tarefa de conteúdo não confiável falhou'),
  });
}
