import { ballotNumberProblem, DEMO } from '@mandato/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAdminHeaders } from '../../test/demo-session.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';
import { DEMO_POLITICIAN, seedDemoPolitician } from './demo-politician.ts';
import { seedDemo } from './demo-seed.ts';

describe(`demo politician (${testEngine})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    expect(await seedDemo(t.db)).toBe(true);
  });
  afterAll(() => t.close());

  it('lists one politician in the demo, seeded once', async () => {
    const headers = await demoAdminHeaders(t);
    const tenantId = String(
      (
        await t.db.kysely
          .selectFrom('tenants')
          .select('id')
          .where('slug', '=', DEMO.slug)
          .executeTakeFirstOrThrow()
      ).id,
    );
    await seedDemoPolitician(t.db, tenantId);
    const res = await t.api.inject({ method: 'GET', url: '/api/sys-admin/politicians', headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      total: 1,
      list: [{ name: DEMO_POLITICIAN.name, cpf: DEMO_POLITICIAN.cpf, politicalParty: 'PSB', active: true }],
    });
    // issue 39 item 11: a state deputy's ballot number has 5 digits and starts with PSB's 40
    const stored = res.json().data.list[0];
    expect(stored).toMatchObject({ politicalOffice: 'DEPUTADO_ESTADUAL', candidateNumber: 40123 });
    expect(
      ballotNumberProblem(stored.politicalOffice, stored.politicalParty, stored.candidateNumber),
    ).toBeUndefined();
  });
});
