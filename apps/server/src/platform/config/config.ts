import path from 'node:path';
import { DEFAULT_CEP_URL, DEFAULT_TILE_URL } from '@mandato/domain';
import { REPOSITORY_ROOT } from '../paths.ts';
import type { SmsConfig } from '../sms/sms-transport.ts';
import type { S3Config } from '../storage/s3-storage.ts';

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** Embedded engine directory; ignored when databaseUrl is set. */
  dataDir: string;
  /** PostgreSQL server as the app's plain login role. */
  databaseUrl: string | undefined;
  /** PostgreSQL owner role that applies migrations; defaults to databaseUrl. */
  databaseMigrationUrl: string | undefined;
  jwtSecret: string | undefined;
  tokenTtlSeconds: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  webDist: string;
  jobPollMs: number;
  logLevel: string;
  /**
   * METRICS_TOKEN: `GET /metrics` answers only to `Authorization: Bearer <token>` (platform/metrics);
   * unset, nothing is recorded and the route answers 404.
   */
  metricsToken: string | undefined;
  /** Map tile template; its origin is allowed in the Content-Security-Policy img-src. */
  tileUrl: string;
  /** CEP service the browser calls (same variable as the web build); its origin goes in connect-src. */
  cepUrl: string;
  /** Uploaded files: an S3-compatible bucket when S3_BUCKET is set, else `dir` on the local disk. */
  files: { dir: string; s3: S3Config | undefined };
  /** External plan purchase page framed in /admin/assinar (issue 13); its origin goes in frame-src. Unset: the plans of packages/domain. */
  subscribeUrl?: string;
  /** Sales address of the plan requests on /admin/assinar (a mailto:); unset: a message instead. */
  salesEmail?: string;
  /**
   * SPONSOR_SIGNUP_MIN_MS: a public sponsor sign-up answers no sooner than this after it arrived,
   * so the time taken does not tell a new person (more writes) from an existing contact's waiting
   * sign-up (default 400; 0 in tests).
   */
  sponsorSignUpMinMs: number;
  /**
   * IMPORT_VERDICT_WAIT_MS: how long POST /people/import waits for a sheet's verdict before it
   * answers 202 and the validation goes on, its verdict in the history (default 2000; in tests
   * 10 min, so a test gets the verdict whatever the machine's speed, unless it sets its own).
   */
  importVerdictWaitMs: number;
  /** Nominatim-compatible geocoder (issue 12); unset: only the offline table of municipalities. */
  geocoder: { url: string | undefined; rateMs: number; timeoutMs: number; userAgent: string };
  /** SMS shots (issue 27): see platform/sms/sms-transport.ts. */
  sms: SmsConfig;
  /** Marketing (issue 14): see modules/marketing/marketing-crypto.ts and dns-check.ts. */
  marketing: {
    /**
     * MARKETING_KEY: encrypts the DKIM private keys (AES-256-GCM) and signs marketing tokens. Unset
     * (embedded mode, development): a key generated once and kept in the database, like JWT_SECRET;
     * set it in production so a database copy does not carry the key of its own secrets.
     */
    key: string | undefined;
    /** MAIL_SPF_INCLUDE: the host a sender domain's SPF must include (the product's sending host). */
    spfInclude: string;
    /** DNS_SERVERS: resolvers for the domain checks, `host` or `host:port`, comma separated; empty = system. */
    dnsServers: string[];
    /** MARKETING_TOKEN_TTL_SECONDS: lifetime of the marketing service token (default 15 min). */
    tokenTtlSeconds: number;
    /** MARKETING_SMTP_URL: SMTP relay of marketing e-mail (platform/mail/shot-transport.ts); unset: SMTP_URL. */
    smtpUrl?: string | undefined;
    /**
     * MARKETING_EVENTS_SECRET: the bearer secret of the relay's event intake (POST
     * /api/public/shots/events, asynchronous bounces and complaints); unset: the endpoint answers 404.
     */
    eventsSecret?: string | undefined;
    /**
     * SHOT_RATE_PER_TENANT / SHOT_RATE_PER_DOMAIN: shot messages per second one server process sends
     * for a tenant and to a receiving domain (0: no limit); SHOT_SMTP_TIMEOUT_MS: connection,
     * greeting and socket time-outs of the shot relay.
     */
    shotRates?: { perTenant: number; perDomain: number };
    smtpTimeoutMs?: number;
  };
  /** Donations (issue 30): see modules/donations/donation-provider.client.ts. */
  donation: {
    /**
     * DONATION_PROVIDER_URL: the fundraising provider's API; unset: the embedded sandbox at
     * http://127.0.0.1:<DONATION_SANDBOX_PORT, default PORT+1>.
     */
    providerUrl: string;
    /**
     * true when DONATION_PROVIDER_URL is unset: the provider is the embedded sandbox, whose donation
     * links point at 127.0.0.1 (the screens say 'Ambiente de testes'; issue 40 item 10)
     */
    sandbox?: boolean;
    /** DONATION_PROVIDER_TIMEOUT_MS: the longest wait for one provider call (default 10 s). */
    timeoutMs: number;
    /** DONATION_KEY: encrypts the tenants' provider tokens; unset: a key generated once in the database. */
    key: string | undefined;
    /**
     * DONATION_GEO_URL: a public geographic service (spec 3 §7.5: GET municipios/{city slug} and
     * GET estados/{UF}, the id read from each answer) for the candidate's IBGE ids; unset, or when it
     * does not answer: the offline table of municipalities.
     */
    geoUrl: string | undefined;
  };
}

/** Shot messages per second of one process, per tenant and per receiving domain (docs/configuration.md). */
export const SHOT_RATE_DEFAULTS = { perTenant: 200, perDomain: 50 } as const;

function int(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0)
    throw new Error(`Configuração inválida: ${name} deve ser um número inteiro`);
  return n;
}

/** The import's wait for a sheet's verdict before it answers 202 (IMPORT_VERDICT_WAIT_MS). */
export const IMPORT_VERDICT_WAIT_MS = 2000;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // production unless told otherwise: a server started without NODE_ENV must not publish /api/docs
  const nodeEnv = env.NODE_ENV === 'development' || env.NODE_ENV === 'test' ? env.NODE_ENV : 'production';
  const port = int('PORT', env.PORT, 3000);
  const root = REPOSITORY_ROOT;
  return {
    env: nodeEnv,
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? path.join(root, 'data')),
    databaseUrl: env.DATABASE_URL || undefined,
    databaseMigrationUrl: env.DATABASE_MIGRATION_URL || env.DATABASE_URL || undefined,
    jwtSecret: env.JWT_SECRET || undefined,
    tokenTtlSeconds: int('TOKEN_TTL_SECONDS', env.TOKEN_TTL_SECONDS, 12 * 3600),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Mandato <nao-responda@mandato.app>',
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${port}`,
    webDist: path.resolve(env.WEB_DIST ?? path.join(root, 'apps/web/dist')),
    jobPollMs: int('JOB_POLL_MS', env.JOB_POLL_MS, 1000),
    logLevel: env.LOG_LEVEL ?? (nodeEnv === 'test' ? 'silent' : 'info'),
    metricsToken: env.METRICS_TOKEN || undefined,
    tileUrl: env.TILE_URL || DEFAULT_TILE_URL,
    cepUrl: env.VITE_CEP_URL || DEFAULT_CEP_URL,
    files: {
      dir: path.resolve(env.FILES_DIR ?? path.join(env.DATA_DIR ?? path.join(root, 'data'), 'files')),
      s3: env.S3_BUCKET
        ? {
            endpoint: env.S3_ENDPOINT || 'https://s3.amazonaws.com',
            bucket: env.S3_BUCKET,
            region: env.S3_REGION || 'us-east-1',
            accessKeyId: env.S3_ACCESS_KEY_ID ?? '',
            secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? '',
          }
        : undefined,
    },
    subscribeUrl: env.SUBSCRIBE_URL || undefined,
    salesEmail: env.SALES_EMAIL || undefined,
    sponsorSignUpMinMs: int('SPONSOR_SIGNUP_MIN_MS', env.SPONSOR_SIGNUP_MIN_MS, nodeEnv === 'test' ? 0 : 400),
    importVerdictWaitMs: int(
      'IMPORT_VERDICT_WAIT_MS',
      env.IMPORT_VERDICT_WAIT_MS,
      nodeEnv === 'test' ? 600_000 : IMPORT_VERDICT_WAIT_MS,
    ),
    geocoder: {
      url: env.GEOCODER_URL || undefined,
      rateMs: int('GEOCODER_RATE_MS', env.GEOCODER_RATE_MS, 1000),
      timeoutMs: int('GEOCODER_TIMEOUT_MS', env.GEOCODER_TIMEOUT_MS, 10_000),
      userAgent: env.GEOCODER_USER_AGENT || `Mandato/1.0 (+${env.PUBLIC_URL ?? `http://localhost:${port}`})`,
    },
    sms: {
      providerUrl: env.SMS_PROVIDER_URL || undefined,
      token: env.SMS_PROVIDER_TOKEN || undefined,
      senderId: env.SMS_SENDER_ID || 'mandato',
      webhookSecret: env.SMS_WEBHOOK_SECRET || undefined,
      quietHours: env.SMS_QUIET_HOURS || '21-8',
      timeoutMs: int('SMS_PROVIDER_TIMEOUT_MS', env.SMS_PROVIDER_TIMEOUT_MS, 10_000),
    },
    marketing: {
      key: env.MARKETING_KEY || undefined,
      spfInclude: (env.MAIL_SPF_INCLUDE || 'spf.mandato.app').toLowerCase(),
      dnsServers: (env.DNS_SERVERS ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
      tokenTtlSeconds: int('MARKETING_TOKEN_TTL_SECONDS', env.MARKETING_TOKEN_TTL_SECONDS, 900),
      smtpUrl: env.MARKETING_SMTP_URL || undefined,
      eventsSecret: env.MARKETING_EVENTS_SECRET || undefined,
      shotRates: {
        perTenant: int('SHOT_RATE_PER_TENANT', env.SHOT_RATE_PER_TENANT, SHOT_RATE_DEFAULTS.perTenant),
        perDomain: int('SHOT_RATE_PER_DOMAIN', env.SHOT_RATE_PER_DOMAIN, SHOT_RATE_DEFAULTS.perDomain),
      },
      smtpTimeoutMs: int('SHOT_SMTP_TIMEOUT_MS', env.SHOT_SMTP_TIMEOUT_MS, 30_000),
    },
    donation: {
      providerUrl:
        env.DONATION_PROVIDER_URL ||
        `http://127.0.0.1:${int('DONATION_SANDBOX_PORT', env.DONATION_SANDBOX_PORT, port + 1)}`,
      sandbox: !env.DONATION_PROVIDER_URL,
      timeoutMs: int('DONATION_PROVIDER_TIMEOUT_MS', env.DONATION_PROVIDER_TIMEOUT_MS, 10_000),
      key: env.DONATION_KEY || undefined,
      geoUrl: env.DONATION_GEO_URL || undefined,
    },
  };
}
