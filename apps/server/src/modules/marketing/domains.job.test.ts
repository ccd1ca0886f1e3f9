import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';
import { domainsRevalidateQueue, nextRun, scheduleDomainRevalidation } from './domains.job.ts';

describe(`daily domain revalidation schedule (${testEngine})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('runs at 06:00 UTC, today or tomorrow', () => {
    expect(nextRun(new Date('2026-03-10T05:59:00Z')).toISOString()).toBe('2026-03-10T06:00:00.000Z');
    expect(nextRun(new Date('2026-03-10T06:00:00Z')).toISOString()).toBe('2026-03-11T06:00:00.000Z');
  });

  it('schedules one run per day however often it is asked', async () => {
    const now = new Date('2026-03-10T12:00:00Z');
    await scheduleDomainRevalidation(t.app, now);
    await scheduleDomainRevalidation(t.app, now);
    await scheduleDomainRevalidation(t.app, new Date('2026-03-11T01:00:00Z'));
    const jobs = await t.db.kysely
      .selectFrom('jobs')
      .select(['run_at', 'singleton_key'])
      .where('queue', '=', domainsRevalidateQueue.name)
      .execute();
    expect(jobs.map((j) => j.singleton_key)).toEqual(['daily:2026-03-11']);
  });
});
