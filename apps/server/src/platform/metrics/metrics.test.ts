import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueShotLanes, shotStateOf } from '../../test/shot-dispatch-kit.ts';
import { buildFrozenShot, buildSendingDomain } from '../../test/shot-factories.ts';
import {
  as,
  type BuiltTenant,
  buildTenant,
  buildUser,
  createTestApp,
  loginAs,
  type TestApp,
} from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';
import { loadConfig } from '../config/config.ts';
import { jobsRepository } from '../jobs/jobs.repository.ts';

const TOKEN = 'token-das-metricas-com-mais-de-32-caracteres';

/** Issue 41 item 2: GET /metrics, on the engine under test. */
describe(`metrics without METRICS_TOKEN (${testEngine})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('answers 404, whatever the header, and records nothing', async () => {
    expect(t.app.metrics.enabled).toBe(false);
    for (const authorization of [undefined, `Bearer ${TOKEN}`, 'Bearer ']) {
      const res = await t.api.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode).toBe(404);
    }
  });
});

describe(`metrics with METRICS_TOKEN (${testEngine})`, { timeout: 120_000 }, () => {
  let t: TestApp;
  let tenant: BuiltTenant;
  let email: string;
  beforeAll(async () => {
    const base = loadConfig({ NODE_ENV: 'test', WEB_DIST: '/nonexistent' });
    t = await createTestApp({
      metricsToken: TOKEN,
      marketing: { ...base.marketing, shotRates: { perTenant: 0, perDomain: 0 } },
    });
    tenant = await buildTenant(t, { slug: `metricas-${Date.now().toString(36)}`, name: 'Gabinete Secreto' });
    email = `pessoa-${Date.now().toString(36)}@segredo.example`;
    await buildUser(t, tenant, { email });
  });
  afterAll(async () => t?.close());

  const scrape = (authorization?: string, remoteAddress = '10.8.0.1') =>
    t.api.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress,
      headers: authorization === undefined ? {} : { authorization },
    });

  it('answers 401 without the token or with another, in any form', async () => {
    for (const authorization of [
      undefined,
      '',
      'Bearer ',
      'Bearer outro',
      `Basic ${TOKEN}`,
      `Bearer ${TOKEN}x`,
      TOKEN,
    ]) {
      const res = await scrape(authorization);
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.body).not.toContain('mandato_');
    }
  });

  it('exposes every family in the Prometheus text format, the requests by route pattern, no personal data', async () => {
    // an HTTP request with an id in its path, one with the tenant's slug, a signed-in one
    const token = await loginAs(t, tenant, email);
    const person = await t.api.inject({
      method: 'GET',
      url: '/api/people/987654321',
      headers: as(tenant, token),
    });
    expect(person.statusCode).toBe(404);
    await t.api.inject({ method: 'GET', url: `/api/sys-admin/schemas/${tenant.slug}` });
    // a job due and waiting, one running, one failed for good
    const { kysely } = t.db;
    await jobsRepository.enqueue(kysely, 'metricas-fila', {});
    await jobsRepository.enqueue(kysely, 'metricas-rodando', {});
    await jobsRepository.claim(kysely, 'metricas-rodando', 1, 600);
    await jobsRepository.enqueue(kysely, 'metricas-falha', {});
    const [failing] = await jobsRepository.claim(kysely, 'metricas-falha', 1, 600);
    if (!failing) throw new Error('job não reservado');
    await jobsRepository.fail(kysely, failing, 'erro de teste', { final: true });
    // a shot sent through the app's own worker: its messages counted by channel and outcome
    const domain = await buildSendingDomain(t.app, tenant.id);
    const addresses = ['ana@destino.example', 'bia@destino.example'];
    const { shotId } = await buildFrozenShot(t.app, tenant.id, { senderId: domain.senderId, addresses });
    await enqueueShotLanes(t.db, tenant.id, shotId);
    while ((await shotStateOf(t.db, tenant.id, shotId)).status === 'SENDING') await t.worker.drain();

    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const families = new Map(parsePrometheusTextFormat(res.body).map((f) => [f.name, f]));
    const value = (name: string, labels: Record<string, string>) =>
      families.get(name)?.metrics.find((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v))
        ?.value;

    for (const name of [
      'mandato_http_requests_total',
      'mandato_http_request_duration_seconds',
      'mandato_jobs_queued',
      'mandato_jobs_scheduled',
      'mandato_jobs_running',
      'mandato_jobs_failed',
      'mandato_jobs_oldest_queued_age_seconds',
      'mandato_shot_messages_total',
      'mandato_db_connections',
      'mandato_db_connections_max',
      'mandato_tenants',
      'nodejs_eventloop_lag_seconds',
      'nodejs_eventloop_lag_p99_seconds',
      'process_cpu_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_heap_size_used_bytes',
    ])
      expect(families.has(name), name).toBe(true);

    expect(families.get('mandato_http_requests_total')?.type).toBe('COUNTER');
    expect(families.get('mandato_http_request_duration_seconds')?.type).toBe('HISTOGRAM');
    const people = { method: 'GET', route: '/api/people/:id', status: '404' };
    expect(Number(value('mandato_http_requests_total', people))).toBe(1);
    // the parser folds a labelled histogram's series into one (prom2json's shape): its lines read here
    expect(res.body).toMatch(
      /^mandato_http_request_duration_seconds_count\{method="GET",route="\/api\/people\/:id",status="404"\} 1$/m,
    );
    expect(value('mandato_http_requests_total', { route: '/api/sys-admin/schemas/:slug' })).toBeDefined();
    expect(value('mandato_http_requests_total', { route: '/api/auth/login', status: '200' })).toBe('1');
    // the patterns, never the URLs, and nothing of the tenant or its people
    expect(res.body).not.toContain('987654321');
    for (const secret of [tenant.slug, 'Gabinete Secreto', email, ...addresses, 'segredo', TOKEN])
      expect(res.body, secret).not.toContain(secret);
    // the labels there are, none of them the tenant's id
    const LABELS = [
      'method',
      'route',
      'status',
      'queue',
      'channel',
      'outcome',
      'state',
      'le',
      'kind',
      'space',
      'type',
      'version',
      'major',
      'minor',
      'patch',
    ];
    for (const f of families.values())
      for (const m of f.metrics)
        for (const [label, labelValue] of Object.entries(m.labels ?? {})) {
          expect(LABELS).toContain(label);
          expect(labelValue).not.toBe(tenant.id);
        }

    expect(value('mandato_jobs_queued', { queue: 'metricas-fila' })).toBe('1');
    expect(
      Number(value('mandato_jobs_oldest_queued_age_seconds', { queue: 'metricas-fila' })),
    ).toBeGreaterThanOrEqual(0);
    expect(value('mandato_jobs_running', { queue: 'metricas-rodando' })).toBe('1');
    expect(value('mandato_jobs_failed', { queue: 'metricas-falha' })).toBe('1');
    expect(value('mandato_shot_messages_total', { channel: 'EMAIL', outcome: 'sent' })).toBe('2');
    expect(value('mandato_shot_messages_total', { channel: 'SMS', outcome: 'failed' })).toBe('0');
    expect(Number(value('mandato_tenants', { state: 'active' }))).toBeGreaterThanOrEqual(1);
    expect(value('mandato_db_connections_max', {})).toBe(testEngine === 'pglite' ? '1' : '10');
    expect(value('mandato_db_connections', { state: 'waiting' })).toBeDefined();
  });

  it('limits the scrapes per address in memory: past the bound 429', async () => {
    const address = '10.8.0.9';
    let status = 200;
    let scrapes = 0;
    while (status !== 429 && scrapes < 1000) {
      status = (await scrape('Bearer errado', address)).statusCode;
      scrapes++;
    }
    expect(status).toBe(429);
    expect(scrapes).toBeGreaterThan(60);
    expect((await scrape(`Bearer ${TOKEN}`, '10.8.0.10')).statusCode).toBe(200);
  });
});
