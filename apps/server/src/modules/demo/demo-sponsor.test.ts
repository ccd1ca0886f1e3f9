import { DEMO } from '@mandato/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';
import { seedDemo } from './demo-seed.ts';
import { DEMO_SPONSOR_LINK_NUMBER } from './demo-sponsor.ts';

describe(`demo sponsor form (${testEngine})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    expect(await seedDemo(t.db, { sample: true })).toBe(true);
  });
  afterAll(() => t.close());

  it('has a configured form and a sponsor link whose public page opens', async () => {
    const { rows } = await t.db.kysely.transaction().execute(async (trx) => {
      const { sql } = await import('kysely');
      const tenant = await trx
        .selectFrom('tenants')
        .select('id')
        .where('slug', '=', DEMO.slug)
        .executeTakeFirstOrThrow();
      await sql`SELECT set_config('app.tenant_id', ${String(tenant.id)}, true)`.execute(trx);
      return sql<{ code: string }>`SELECT code FROM sponsor_links`.execute(trx);
    });
    expect(rows).toHaveLength(1);
    const code = rows[0]?.code ?? '';
    expect(code).toMatch(new RegExp(`-${DEMO_SPONSOR_LINK_NUMBER}$`));
    const page = await t.api.inject({
      method: 'GET',
      url: `/api/people/godfather-form/${code}`,
      headers: { 'x-schema': DEMO.slug },
      remoteAddress: '10.9.9.9',
    });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().data.formConfig.title).toBe('Faça parte do nosso mandato');
    expect(page.json().data.formConfig.fields.length).toBeGreaterThan(0);
  });
});
