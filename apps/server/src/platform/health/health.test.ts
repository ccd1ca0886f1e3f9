import net from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { closeAppContext, createAppContext } from '../../services.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createTestDatabase, testEngine } from '../../test/test-database.ts';
import { loadConfig } from '../config/config.ts';
import { openPostgres } from '../db/engine.ts';
import { migrationFiles } from '../db/migrate.ts';
import { PROBE_LIMIT } from './health.routes.ts';
import { Lifecycle } from './lifecycle.ts';
import { Readiness } from './readiness.ts';

/** Issue 41 item 1: liveness and readiness probes, on the engine under test. */
describe(`health probes (${testEngine})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  const probe = (url: string, remoteAddress = '10.9.0.1') =>
    t.api.inject({ method: 'GET', url, remoteAddress });

  it('answers /healthz 200 and /readyz 200 with its checks, no login, no caching', async () => {
    const live = await probe('/healthz');
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    expect(live.headers['cache-control']).toBe('no-store');
    const ready = await probe('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({
      status: 'ok',
      checks: { database: 'ok', migrations: 'current', shuttingDown: false },
    });
  });

  it('keeps both out of the OpenAPI document (it shows /api only)', () => {
    const paths = Object.keys((t.api.swagger() as { paths: Record<string, unknown> }).paths);
    expect(paths.filter((p) => !p.startsWith('/api/'))).toEqual([]);
  });

  it('limits each probe per address in memory: a probe every second passes, past the bound 429', async () => {
    expect(PROBE_LIMIT.max / PROBE_LIMIT.windowSeconds).toBeGreaterThanOrEqual(2);
    const address = '10.9.0.2';
    for (let i = 0; i < PROBE_LIMIT.max; i++) expect((await probe('/healthz', address)).statusCode).toBe(200);
    const refused = await probe('/healthz', address);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // another address, and the other probe, keep their own counters
    expect((await probe('/healthz', '10.9.0.3')).statusCode).toBe(200);
    expect((await probe('/readyz', address)).statusCode).toBe(200);
    for (let i = 1; i < PROBE_LIMIT.max; i++) await probe('/readyz', address);
    expect((await probe('/readyz', address)).statusCode).toBe(429);
  });

  it('reports pending migrations: the app is not ready until every migration of its version is applied', async () => {
    const readiness = new Readiness(t.db, new Lifecycle(), {
      files: [...migrationFiles(), '9999_a_proxima_versao.sql'],
    });
    expect(await readiness.check()).toEqual({
      ready: false,
      checks: { database: 'ok', migrations: 'pending', shuttingDown: false },
    });
    const current = new Readiness(t.db, new Lifecycle());
    expect((await current.check()).ready).toBe(true);
  });

  it('answers 503 once the app is shutting down, without asking the database; /healthz stays 200', async () => {
    t.app.lifecycle.markShuttingDown();
    const ready = await probe('/readyz', '10.9.0.4');
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({
      status: 'unavailable',
      checks: { database: 'not-checked', migrations: 'unknown', shuttingDown: true },
    });
    expect((await probe('/healthz', '10.9.0.4')).statusCode).toBe(200);
  });
});

describe(`health probes with the database gone (${testEngine})`, () => {
  it('answers /readyz 503 once the database is closed, /healthz 200 (it never asks it)', async () => {
    const { db, cleanup } = await createTestDatabase();
    const config = loadConfig({ NODE_ENV: 'test', WEB_DIST: '/nonexistent' });
    const { app, worker } = await createAppContext(config, db, pino({ level: 'silent' }));
    const api = await buildApp(app);
    try {
      expect((await api.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
      await db.close();
      const ready = await api.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json().checks).toEqual({
        database: 'unreachable',
        migrations: 'unknown',
        shuttingDown: false,
      });
      const live = await api.inject({ method: 'GET', url: '/healthz' });
      expect(live.statusCode).toBe(200);
    } finally {
      await worker.stop();
      await api.close();
      await closeAppContext(app).catch(() => {});
      await cleanup().catch(() => {});
    }
  });

  it('answers 503 when the server does not answer at all (a connection that hangs), within the time-out', async () => {
    // accepts the connection and never says a word: the client waits, the probe does not
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    const url = `postgres://ninguem:x@127.0.0.1:${port}/nada`;
    const db = await openPostgres(url, url);
    try {
      const readiness = new Readiness(db, new Lifecycle(), { timeoutMs: 300 });
      // two probes while the first statement hangs share it
      const [a, b] = await Promise.all([readiness.check(), readiness.check()]);
      expect(a).toEqual({
        ready: false,
        checks: { database: 'unreachable', migrations: 'unknown', shuttingDown: false },
      });
      expect(b).toEqual(a);
    } finally {
      for (const socket of sockets) socket.destroy();
      silent.close();
      await db.close().catch(() => {});
    }
  });
});
