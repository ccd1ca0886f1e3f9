import type { FastifyBaseLogger } from 'fastify';
import type { IdentityStore } from './auth/identity.ts';
import type { TokenService } from './auth/tokens.ts';
import type { Config } from './config/config.ts';
import type { Database } from './db/engine.ts';
import type { ExactCountCache } from './db/exact-count-cache.ts';
import type { TenantContext } from './db/tenancy.ts';
import type { Lifecycle } from './health/lifecycle.ts';
import type { JobQueue } from './jobs/worker.ts';
import type { Mailer } from './mail/mailer.ts';
import type { ShotTransport } from './mail/shot-transport.ts';
import type { Metrics } from './metrics/metrics.ts';
import type { SmsTransport } from './sms/sms-transport.ts';
import type { FileStorage } from './storage/storage.ts';
import type { UntrustedPool } from './untrusted/untrusted-pool.ts';

/**
 * The outside parts every service works with, built once at start-up (services.ts
 * `createAppContext`, from config) or per test, and closed at shutdown (`closeAppContext`). Every
 * adapter or cache that lives as long as the app is a member: none is kept at module level
 * (architecture.test.ts). A module's own adapter is added to this interface by the module
 * (`declare module '…/platform/app-context.ts'`, as Fastify's decorators are), so platform imports
 * no module: marketingKeys (modules/marketing/marketing-keys.ts), domainValidations
 * (modules/marketing/domain-validations.ts), geocoders (modules/geocoding/resolve.ts), shotTracker
 * (modules/shots/shot-tracking.ts), tenantCache (modules/tenants/tenant-cache.ts).
 */
export interface AppContext {
  config: Config;
  db: Database;
  tokens: TokenService;
  mailer: Mailer;
  /** marketing e-mail: pooled SMTP with DKIM, or the embedded outbox (platform/mail/shot-transport.ts) */
  shotTransport: ShotTransport;
  /** SMS shots: the provider's HTTP API, or the embedded outbox (platform/sms/sms-transport.ts) */
  smsTransport: SmsTransport;
  /** uploaded files (logos, favicons, attachments): S3-compatible bucket or local disk */
  files: FileStorage;
  jobs: JobQueue;
  log: FastifyBaseLogger;
  /** exact totals of people searches by tenant version (migration 0007) */
  counts: ExactCountCache;
  /** tenants by slug and users by session, for the request path (platform/auth/guard.ts) */
  identity: IdentityStore;
  /** untrusted documents (HTML, rich text, spreadsheets) parsed off the main thread, within limits */
  untrusted: UntrustedPool;
  /** shutting down or not, for /readyz; main.ts marks it at SIGTERM (platform/health/lifecycle.ts) */
  lifecycle: Lifecycle;
  /** what GET /metrics exposes (platform/metrics/metrics.ts); records nothing without METRICS_TOKEN */
  metrics: Metrics;
}

/**
 * What a service takes first: the outside parts and the request's tenant transaction. Repositories
 * take it as their TenantContext (they ignore `app`).
 */
export interface RequestContext extends TenantContext {
  app: AppContext;
}
