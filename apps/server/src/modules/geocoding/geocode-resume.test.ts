import path from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../platform/config/config.ts';
import type { Database } from '../../platform/db/engine.ts';
import { withTenant } from '../../platform/db/tenancy.ts';
import { JobWorker } from '../../platform/jobs/worker.ts';
import { killWorkerAtProgress, restartableDatabase } from '../../test/restartable-database.ts';
import { buildTenant } from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';
import { geocodeHandler, geocodeQueue } from './geocoding.job.ts';
import { recordHttpGeocoder } from './geocoding.repository.ts';
import { createGeocoders } from './resolve.ts';

const log = pino({ level: 'silent' });
const CHILD = path.resolve(import.meta.dirname, '../../test/geocode-worker-child.ts');
/** batches of 500 (three side by side on PostgreSQL): the kill comes once 1,500 rows are written */
const ROWS = testEngine === 'pglite' ? 4_000 : 8_000;
const BATCH = 500;
const CITIES = [
  ['São Paulo', 'SP'],
  ['Belo Horizonte', 'MG'],
  ['Goiânia', 'GO'],
  ['Lugar Nenhum', 'AC'],
] as const;

function geoRows(db: Database, tenantId: string) {
  return withTenant(db, tenantId, (ctx) =>
    ctx.trx
      .selectFrom('people')
      .select(['id', 'city', 'geo_status', 'geocoded_at', 'latitude'])
      .orderBy('id')
      .execute(),
  );
}

describe(`the geocoding job killed mid-way (SIGKILL) resumes without loss or double work (${testEngine})`, () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  it('geocodes every row once', { timeout: 240_000 }, async () => {
    const { open, env, cleanup } = await restartableDatabase('mandato-geocode');
    cleanups.push(cleanup);
    let db = await open();
    const tenant = await buildTenant({ db });
    // with an HTTP geocoder on, saves leave rows to the job (offline alone settles them on insert);
    // the job itself runs here with the offline source only
    await recordHttpGeocoder(db.kysely, true);
    await withTenant(db, tenant.id, async (ctx) => {
      for (let i = 0; i < ROWS; i += 1000)
        await ctx.trx
          .insertInto('people')
          .values(
            Array.from({ length: 1000 }, (_, k) => ({
              tenant_id: ctx.tenantId,
              name: `Pessoa ${i + k}`,
              city: CITIES[(i + k) % CITIES.length]?.[0],
              state: CITIES[(i + k) % CITIES.length]?.[1],
            })),
          )
          .execute();
    });
    await db.close();

    const killedAt = await killWorkerAtProgress(
      CHILD,
      { ...process.env, ...env, CHILD_BATCH: String(BATCH) },
      3 * BATCH,
    );

    db = await open();
    const midway = await geoRows(db, tenant.id);
    const settled = midway.filter((r) => r.geo_status !== 'PENDING');
    // every batch reported committed is there, whole; the rest waits
    expect(settled.length).toBeGreaterThanOrEqual(killedAt);
    expect(settled.length % BATCH).toBe(0);
    expect(settled.length).toBeLessThan(ROWS);
    const firstPass = new Map(settled.map((r) => [String(r.id), r.geocoded_at?.getTime()]));

    // the restarted server's worker takes the job again once its lock expired
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const config = loadConfig({ NODE_ENV: 'test' });
    const worker = new JobWorker(db, log, { pollMs: 20 }).register(
      geocodeQueue,
      geocodeHandler({ db, log, config, geocoders: createGeocoders(config.geocoder) }, { batchSize: BATCH }),
    );
    expect(await worker.drain()).toBe(1);
    const done = await geoRows(db, tenant.id);
    expect(done.filter((r) => r.geo_status === 'PENDING')).toEqual([]);
    for (const [i, r] of done.entries()) {
      const known = CITIES[i % CITIES.length]?.[0] !== 'Lugar Nenhum';
      expect(r.geo_status, r.city ?? '').toBe(known ? 'DONE' : 'NOT_FOUND');
      expect(r.latitude === null, r.city ?? '').toBe(!known);
    }
    // rows written before the kill were not written again
    for (const r of done) {
      const before = firstPass.get(String(r.id));
      if (before !== undefined) expect(r.geocoded_at?.getTime(), String(r.id)).toBe(before);
    }
    expect(
      await db.kysely
        .selectFrom('jobs')
        .select('state')
        .where('queue', '=', geocodeQueue.name)
        .where('state', 'in', ['pending', 'active'])
        .execute(),
    ).toEqual([]);
    await db.close();
  });
});
