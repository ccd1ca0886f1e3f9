import { addDays, addMonths, zonedDate } from '@mandato/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAdminHeaders } from '../../test/demo-session.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';
import { seedDemo } from './demo-seed.ts';

describe(`demo tenant reports (${testEngine})`, () => {
  let t: TestApp;
  let headers: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    expect(await seedDemo(t.db, { sample: true })).toBe(true);
    headers = await demoAdminHeaders(t);
  }, 60_000);
  afterAll(() => t.close());

  const get = async (url: string) => {
    const res = await t.api.inject({ method: 'GET', url, headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };

  it('shows data in every report of the sample', async () => {
    const today = zonedDate(new Date());
    const status = await get('/api/reports/people/database-status');
    expect(status.conquered).toBeGreaterThan(0);
    expect(status.lost).toBeGreaterThan(0);
    const months = await get(
      `/api/reports/people/entries-per-period?timeBase=month&beginDate=${addMonths(today, -11)}&endDate=${today}`,
    );
    expect(months).toHaveLength(12);
    expect(months.filter((m: { total: number }) => m.total > 0).length).toBeGreaterThanOrEqual(10);
    const godfathers = await get('/api/reports/people/godfathers');
    expect(godfathers.list[0].totalAffiliates).toBeGreaterThan(5);
    expect(godfathers.list.filter((g: { totalAffiliates: number }) => g.totalAffiliates > 0).length).toBe(5);
    const interactions = await get(
      `/api/reports/interactions?beginDate=${addDays(today, -120)}&endDate=${addDays(today, 5)}&itemsPerPage=100`,
    );
    const statuses = new Set(interactions.list.map((i: { status: string }) => i.status));
    expect(interactions.total).toBe(40);
    expect([...statuses].sort()).toEqual(['CONCLUDED', 'IN_PROGRESS']);
  });
});
