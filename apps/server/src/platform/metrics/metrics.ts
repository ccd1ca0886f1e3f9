import { createHash, timingSafeEqual } from 'node:crypto';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/engine.ts';
import { metricsRepository } from './metrics.repository.ts';

/** Seconds of an HTTP answer, from a cached read to a large export. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** The failed jobs are counted by a scan of the finished ones: at most once in this long. */
const FAILED_JOBS_FOR_MS = 60_000;

/**
 * What the app records for `GET /metrics` (issue 41), a member of the app context (`app.metrics`).
 * Without METRICS_TOKEN nothing is recorded (each call returns at once) and the route answers 404.
 * Labels name routes by their pattern, queues, channels and outcomes: never a person, an address,
 * a tenant's name or id.
 */
export interface Metrics {
  readonly enabled: boolean;
  /** One answer of the HTTP API: its route's pattern (`/api/people/:id`), never the URL. */
  httpRequest(method: string, route: string, status: number, seconds: number): void;
  /** One message of a shot as the dispatch recorded it (modules/shots/shot-dispatch.job.ts). */
  shotOutcome(channel: string, outcome: string): void;
  /** Whether `Authorization: Bearer …` carries the token, compared in constant time. */
  authorizes(header: string | undefined): boolean;
  /** The Prometheus text exposition, the database's figures read now. */
  render(): Promise<{ contentType: string; body: string }>;
  close(): void;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** The recorder of a running app: prom-client on a registry of its own (no global state). */
class PrometheusMetrics implements Metrics {
  readonly enabled = true;
  readonly #registry = new Registry();
  readonly #token: Buffer;
  readonly #requests: Counter<'method' | 'route' | 'status'>;
  readonly #latency: Histogram<'method' | 'route' | 'status'>;
  readonly #shots: Counter<'channel' | 'outcome'>;
  readonly #jobs: Record<'queued' | 'scheduled' | 'running' | 'failed' | 'oldest', Gauge<'queue'>>;
  readonly #connections: Gauge<'state'>;
  readonly #connectionsMax: Gauge;
  readonly #tenants: Gauge<'state'>;
  #failedJobs: { figures: { queue: string; failed: number }[]; until: number } | undefined;

  constructor(
    private readonly db: Database,
    token: string,
  ) {
    this.#token = digest(token);
    const registers = [this.#registry];
    // process CPU and memory, heap, handles, GC, and the event-loop lag (perf_hooks monitorEventLoopDelay)
    collectDefaultMetrics({ register: this.#registry });
    this.#requests = new Counter({
      name: 'mandato_http_requests_total',
      help: 'Respostas HTTP por método, padrão de rota e status',
      labelNames: ['method', 'route', 'status'],
      registers,
    });
    this.#latency = new Histogram({
      name: 'mandato_http_request_duration_seconds',
      help: 'Tempo das respostas HTTP por método, padrão de rota e status',
      labelNames: ['method', 'route', 'status'],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.#shots = new Counter({
      name: 'mandato_shot_messages_total',
      help: 'Mensagens de disparos por canal e resultado (sent, bounced, retry, failed)',
      labelNames: ['channel', 'outcome'],
      registers,
    });
    for (const channel of ['EMAIL', 'SMS'])
      for (const outcome of ['sent', 'failed']) this.#shots.inc({ channel, outcome }, 0);
    const queueGauge = (name: string, help: string) =>
      new Gauge({ name, help, labelNames: ['queue'], registers });
    this.#jobs = {
      queued: queueGauge('mandato_jobs_queued', 'Jobs vencidos esperando um worker, por fila'),
      scheduled: queueGauge(
        'mandato_jobs_scheduled',
        'Jobs agendados para depois (novas tentativas), por fila',
      ),
      running: queueGauge('mandato_jobs_running', 'Jobs em execução, por fila'),
      failed: queueGauge(
        'mandato_jobs_failed',
        'Jobs que terminaram em falha (sem mais tentativas), por fila',
      ),
      oldest: queueGauge(
        'mandato_jobs_oldest_queued_age_seconds',
        'Espera do job vencido mais antigo, em segundos, por fila',
      ),
    };
    this.#connections = new Gauge({
      name: 'mandato_db_connections',
      help: 'Conexões com o banco: em uso, ociosas e pedidos esperando uma',
      labelNames: ['state'],
      registers,
    });
    this.#connectionsMax = new Gauge({
      name: 'mandato_db_connections_max',
      help: 'Máximo de conexões com o banco (PGlite: 1)',
      registers,
    });
    this.#tenants = new Gauge({
      name: 'mandato_tenants',
      help: 'Tenants por estado (ativos, inativos)',
      labelNames: ['state'],
      registers,
    });
  }

  httpRequest(method: string, route: string, status: number, seconds: number): void {
    const labels = { method, route, status: String(status) };
    this.#requests.inc(labels);
    this.#latency.observe(labels, seconds);
  }

  shotOutcome(channel: string, outcome: string): void {
    this.#shots.inc({ channel, outcome });
  }

  authorizes(header: string | undefined): boolean {
    const match = /^Bearer (.+)$/.exec(header ?? '');
    // both sides hashed: the comparison takes the same time whatever the length given
    return timingSafeEqual(digest(match?.[1] ?? ''), this.#token) && match !== null;
  }

  async render(): Promise<{ contentType: string; body: string }> {
    await this.#readDatabase();
    return { contentType: this.#registry.contentType, body: await this.#registry.metrics() };
  }

  close(): void {
    this.#registry.clear();
  }

  async #readDatabase(): Promise<void> {
    const { inUse, idle, waiting, max } = this.db.connections();
    this.#connections.set({ state: 'in_use' }, inUse);
    this.#connections.set({ state: 'idle' }, idle);
    this.#connections.set({ state: 'waiting' }, waiting);
    this.#connectionsMax.set(max);
    const [queues, failed, tenants] = await Promise.all([
      metricsRepository.queues(this.db),
      this.#failed(),
      metricsRepository.tenants(this.db),
    ]);
    for (const gauge of Object.values(this.#jobs)) gauge.reset();
    for (const q of queues) {
      this.#jobs.queued.set({ queue: q.queue }, q.queued);
      this.#jobs.scheduled.set({ queue: q.queue }, q.scheduled);
      this.#jobs.running.set({ queue: q.queue }, q.running);
      this.#jobs.oldest.set({ queue: q.queue }, q.oldestQueuedSeconds);
    }
    for (const f of failed) this.#jobs.failed.set({ queue: f.queue }, f.failed);
    this.#tenants.set({ state: 'active' }, tenants.active);
    this.#tenants.set({ state: 'inactive' }, tenants.inactive);
  }

  async #failed() {
    if (this.#failedJobs && this.#failedJobs.until > Date.now()) return this.#failedJobs.figures;
    const figures = await metricsRepository.failedJobs(this.db);
    this.#failedJobs = { figures, until: Date.now() + FAILED_JOBS_FOR_MS };
    return figures;
  }
}

/** Without a token: records nothing, authorizes nobody. */
const DISABLED: Metrics = {
  enabled: false,
  httpRequest() {},
  shotOutcome() {},
  authorizes: () => false,
  render: () => Promise.reject(new Error('métricas desligadas (METRICS_TOKEN ausente)')),
  close() {},
};

/** The app's metrics: recorded only when METRICS_TOKEN is set. */
export function createMetrics(db: Database, token: string | undefined): Metrics {
  return token ? new PrometheusMetrics(db, token) : DISABLED;
}
