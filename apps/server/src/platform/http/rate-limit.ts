import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { type ThrottleRule, throttleRepository } from '../auth/throttle.repository.ts';
import { tooManyRequests } from './errors.ts';
import { MemoryCounters, takeInMemory } from './memory-rate-limit.ts';

/**
 * Who a counter is kept for: the client's address; the tenant of the X-Schema header; the link id
 * in the path (`:linkId`, `:id` or `:file`); the account (the tenant and the body's `email`, or the
 * signed-in user's, handed by the service).
 */
export type RateLimitScope = 'ip' | 'tenant' | 'link' | 'account';

export interface RateLimitRule {
  per: RateLimitScope | readonly RateLimitScope[];
  max: number;
  windowSeconds: number;
  /** from this many attempts on, each waits after the previous 1 s, 2 s, 4 s… up to `maxDelaySeconds` */
  delayFrom?: number;
  maxDelaySeconds?: number;
}

/**
 * Where a route's counters are taken:
 * - 'request' (default): by the platform hook before the handler — after the route's own
 *   onRequest checks (a webhook's secret) and its validation (a 400 counts nothing) — one short
 *   statement, no transaction of the request open yet;
 * - 'session': by the service once it knows the signed-in user's account (`rateLimitOf(request)`
 *   handed to it), still outside the request's transaction;
 * - 'transaction': by the service in the request's transaction, so the count commits with the rows
 *   it limits (the sender activation e-mail); declared here so the route says it;
 * - 'tracker': by the open/click tracker in its batched writes: a hit past the limit is answered
 *   but not recorded (no statement per hit);
 * - 'memory': by the platform hook, in this process's memory (platform/http/memory-rate-limit.ts),
 *   per client address only: no database call (the probes and /metrics, which must answer the same
 *   with the database down); each instance counts its own requests.
 */
export type RateLimitEnforcement = 'request' | 'session' | 'transaction' | 'tracker' | 'memory';

export interface RateLimit {
  /** names the counters: routes with the same name share them (the login and the own password change) */
  name: string;
  rules: readonly RateLimitRule[];
  enforcedBy?: RateLimitEnforcement;
  /** the 429's pt-BR text, from the domain (MESSAGES.tooManyAttempts when absent) */
  message?: string;
  /**
   * The form of the route's link ids: a malformed one is the route's own 404 and is counted
   * nowhere (nor does it leave a counter behind).
   */
  linkIs?: (link: string) => boolean;
}

/** What a service does with its route's limit. */
export interface RateLimitGate {
  /** Takes one attempt on every rule ('session' limits), the account given; a refusal is the 429. */
  take(subject: { account: string }): Promise<void>;
  /**
   * Only failures count: a success gives its attempt back. The first rule's counter (the most
   * narrow, e.g. this client on this account) starts over; the others get one attempt back.
   */
  forgive(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** every public route declares one (the app refuses to start otherwise) */
    rateLimit?: RateLimit;
  }
  interface FastifyRequest {
    rateLimitGate: RateLimitGate | null;
  }
  interface FastifyInstance {
    /** the public routes and their limits, as registered ("GET /api/calendar/:file") */
    publicRoutes: Map<string, RateLimit>;
  }
}

type Subject = Partial<Record<RateLimitScope, string>>;

/**
 * A route anyone can call: under /api/ (not the API's own documentation) and with no security
 * requirement, or an empty one among them (`security: [{}]`, anonymous allowed).
 */
export function isPublicRoute(route: Pick<RouteOptions, 'url' | 'schema'>): boolean {
  if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return false;
  const security = (route.schema as { security?: Record<string, unknown>[] } | undefined)?.security;
  return !security || security.length === 0 || security.some((s) => Object.keys(s).length === 0);
}

const scopesOf = (rule: RateLimitRule) => (typeof rule.per === 'string' ? [rule.per] : [...rule.per]);

/** A public route without a limit, or a limit that cannot find its link, stops the start-up. */
function checkDeclaration(route: RouteOptions, publicRoutes: Map<string, RateLimit>) {
  const limit = route.config?.rateLimit;
  const name = `${String(route.method)} ${route.url}`;
  if (isPublicRoute(route)) {
    if (!limit) throw new Error(`${name}: public route without config.rateLimit`);
    publicRoutes.set(name, limit);
  }
  if (!limit) return;
  if (limit.rules.length === 0) throw new Error(`${name}: config.rateLimit without rules`);
  if (limit.enforcedBy === 'memory' && limit.rules.some((r) => scopesOf(r).join() !== 'ip'))
    throw new Error(`${name}: a 'memory' limit counts per client address ('ip') only`);
  const byRequest = (limit.enforcedBy ?? 'request') === 'request';
  const needsLink = limit.rules.some((r) => scopesOf(r).includes('link'));
  if (byRequest && needsLink && !/:(linkId|id|file)\b/.test(route.url))
    throw new Error(`${name}: a per-link limit needs :linkId, :id or :file in the path`);
}

/** The counter's key: the limit's name, the rule's scopes and their values. */
function keyOf(name: string, rule: RateLimitRule, subject: Subject): string | undefined {
  const scopes = scopesOf(rule);
  const values = scopes.map((scope) => subject[scope]);
  if (values.some((v) => v === undefined)) return undefined;
  return `${name}:${scopes.join('+')}:${values.map((v) => encodeURIComponent(v as string)).join(':')}`;
}

/** What the request itself says of each scope the limit uses (undefined: it cannot say). */
async function subjectOf(app: AppContext, request: FastifyRequest, limit: RateLimit): Promise<Subject> {
  const scopes = new Set(limit.rules.flatMap(scopesOf));
  const params = (request.params ?? {}) as Record<string, string | undefined>;
  const link = params.linkId ?? params.id ?? params.file;
  const subject: Subject = { ip: request.ip };
  if (link !== undefined && (!limit.linkIs || limit.linkIs(link))) subject.link = link;
  if (scopes.has('tenant') || scopes.has('account')) {
    const header = request.headers['x-schema'];
    const slug = Array.isArray(header) ? header[0] : header;
    const tenant = slug ? await app.identity.tenantBySlug(slug) : undefined;
    // an unknown or inactive tenant is refused by the route itself, before any work
    if (tenant?.active) subject.tenant = tenant.id;
    const email = (request.body as { email?: unknown } | undefined)?.email;
    if (subject.tenant && typeof email === 'string') subject.account = accountOf(subject.tenant, email);
  }
  return subject;
}

/** The account of a sign-in: the tenant and the e-mail as typed, trimmed and lower-cased. */
export const accountOf = (tenantId: string, email: string) => `${tenantId}:${email.trim().toLowerCase()}`;

class RouteLimiter implements RateLimitGate {
  private taken: ThrottleRule[] = [];

  constructor(
    private readonly app: AppContext,
    private readonly limit: RateLimit,
    private readonly request: FastifyRequest,
    private readonly reply: FastifyReply,
    private readonly known: Subject,
  ) {}

  /** The rules with their keys; undefined when a scope's value is missing. */
  rules(subject: Subject): ThrottleRule[] | undefined {
    const rules: ThrottleRule[] = [];
    for (const rule of this.limit.rules) {
      const key = keyOf(this.limit.name, rule, subject);
      if (!key) return undefined;
      const { per: _per, ...counter } = rule;
      rules.push({ key, ...counter });
    }
    return rules;
  }

  async take(subject: { account: string }): Promise<void> {
    const rules = this.rules({ ...this.known, ...subject });
    if (!rules) throw new Error(`${this.request.routeOptions.url}: rate limit without its subject`);
    await this.reserve(rules);
  }

  /** One attempt on every rule, all or none; a refusal counts nothing and answers 429 + Retry-After. */
  async reserve(rules: ThrottleRule[]): Promise<void> {
    const { db } = this.app;
    if (!(await throttleRepository.reserve(db, rules))) {
      this.reply.header('Retry-After', String(await throttleRepository.waitSeconds(db, rules)));
      throw tooManyRequests(this.limit.message);
    }
    this.taken = rules;
    if (Math.random() < 0.01) await throttleRepository.prune(db);
  }

  async forgive(): Promise<void> {
    const [narrowest, ...others] = this.taken.map((r) => r.key);
    this.taken = [];
    if (others.length > 0) await throttleRepository.release(this.app.db, others);
    if (narrowest) await throttleRepository.clear(this.app.db, narrowest);
  }
}

/**
 * The one rate-limit mechanism (issue 29): each route declares `config: { rateLimit }`; a public
 * route without one stops the start-up; a 'request' limit is taken here, in the database so every
 * instance shares the counters, before the handler (and so before its transaction).
 */
export function registerRateLimits(api: FastifyInstance, app: AppContext) {
  api.decorateRequest('rateLimitGate', null);
  const publicRoutes = new Map<string, RateLimit>();
  api.decorate('publicRoutes', publicRoutes);
  const memory = new MemoryCounters();
  api.addHook('onRoute', (route) => checkDeclaration(route, publicRoutes));
  api.addHook('preHandler', async (request, reply) => {
    const limit = request.routeOptions.config.rateLimit;
    // input the route refuses (strictInput's 400, after this hook) counts nothing
    if (!limit || request.validationError) return;
    const enforcedBy = limit.enforcedBy ?? 'request';
    if (enforcedBy === 'memory') return takeInMemory(memory, limit, request, reply);
    if (enforcedBy !== 'request' && enforcedBy !== 'session') return;
    const subject = await subjectOf(app, request, limit);
    const limiter = new RouteLimiter(app, limit, request, reply, subject);
    request.rateLimitGate = limiter;
    if (enforcedBy === 'session') return;
    // a scope the request cannot name (unknown tenant, malformed link): the route refuses it
    // before any work
    const rules = limiter.rules(subject);
    if (rules) await limiter.reserve(rules);
  });
}

/** The limit of the route, for the service that takes ('session') or forgives it. */
export function rateLimitOf(request: FastifyRequest): RateLimitGate {
  if (!request.rateLimitGate) throw new Error(`${request.routeOptions.url}: no rate limit declared`);
  return request.rateLimitGate;
}
