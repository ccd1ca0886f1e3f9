import { DEMO } from '@mandato/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAdminHeaders } from '../../test/demo-session.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';
import { demoAmendments, seedDemoAmendments } from './demo-amendments.ts';
import { seedDemo } from './demo-seed.ts';

describe(`demo amendments (${testEngine})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    expect(await seedDemo(t.db)).toBe(true);
  });
  afterAll(() => t.close());

  it('lists the demo amendments with their exact sum, seeded once', async () => {
    const headers = await demoAdminHeaders(t);
    const tenant = await t.db.kysely
      .selectFrom('tenants')
      .select('id')
      .where('slug', '=', DEMO.slug)
      .executeTakeFirstOrThrow();
    const users = await t.api.inject({ method: 'GET', url: '/api/users/me', headers });
    await seedDemoAmendments(t.db, String(tenant.id), users.json().data.code);
    const res = await t.api.inject({ method: 'GET', url: '/api/amendment/list', headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ total: demoAmendments().length, sum: '1375000.50' });
    const analysis = await t.api.inject({
      method: 'GET',
      url: '/api/amendment/list?status=ANALISYS',
      headers,
    });
    expect(analysis.json().data).toMatchObject({ total: 2, sum: '470000.50' });
  });
});
