import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../platform/db/migrate.ts';
import { withTenant } from '../../platform/db/tenancy.ts';
import { type Caller, call, signedIn } from '../../test/crm-factories.ts';
import { type BuiltTenant, buildTenant, createTestApp, type TestApp } from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';

const MIGRATION = '0046_privacy_backfill_audit_actions.sql';
const BEFORE = '2024-05-02T13:00:00.000Z';

/**
 * What was recorded before the privacy centre (migration 0044) shows in it once 0046 runs: the
 * shots' opt-outs (mkt_opt_outs, by address) as the opt-outs of the people holding the address, and
 * the sponsor form's consents 0044 did not copy (on PostgreSQL its copy ran under FORCE RLS).
 */
describe(`opt-outs and consents recorded before the privacy centre (${testEngine})`, () => {
  let t: TestApp;
  let tenant: BuiltTenant;
  let other: BuiltTenant;
  let config: Caller;
  let stranger: Caller;
  beforeAll(async () => {
    t = await createTestApp();
    tenant = await buildTenant(t);
    other = await buildTenant(t);
    config = await signedIn(t, tenant, ['ROLE_CONFIG', 'ROLE_CRM', 'ROLE_CRM_ALL_DATA'], 'Encarregada');
    stranger = await signedIn(t, other, ['ROLE_CONFIG', 'ROLE_CRM', 'ROLE_CRM_ALL_DATA'], 'Outra');
  });
  afterAll(() => t.close());

  const insertPerson = (of: BuiltTenant, email: string | null, cellphone: string | null) =>
    withTenant(t.db, of.id, async ({ trx, tenantId }) => {
      const { rows } = await sql<{ id: string }>`
        INSERT INTO people (tenant_id, name, email, cellphone) VALUES (${tenantId}, 'Pessoa Antiga', ${email}, ${cellphone})
        RETURNING id`.execute(trx);
      return String(rows[0]?.id);
    });
  const oldOptOut = (of: BuiltTenant, channel: 'EMAIL' | 'SMS', address: string, source: string) =>
    withTenant(t.db, of.id, ({ trx, tenantId }) =>
      sql`INSERT INTO mkt_opt_outs (tenant_id, channel, address, source, created_at)
        VALUES (${tenantId}, ${channel}, ${address}, ${source}, ${BEFORE})`.execute(trx),
    );
  const reapply = async () => {
    await t.db.ownerSession((run) => run('DELETE FROM schema_migrations WHERE name = $1', [MIGRATION]));
    expect(await migrate(t.db)).toEqual([MIGRATION]);
  };
  const privacyOf = async (who: Caller, personId: string) => {
    const res = await call(t, who, 'GET', `/api/people/${personId}/privacy`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as {
      consents: { source: string }[];
      optOuts: { channel: string; source: string }[];
    };
  };

  it("copies each address's opt-out to the people of the tenant holding it, once, and the access file lists it", async () => {
    const byEmail = await insertPerson(tenant, 'ana.antiga@exemplo.com.br', null);
    const byMobile = await insertPerson(tenant, null, '(11) 98765-4321');
    const already = await insertPerson(tenant, 'ja.registrada@exemplo.com.br', null);
    const unrelated = await insertPerson(tenant, 'sem.descadastro@exemplo.com.br', '11912345678');
    const elsewhere = await insertPerson(other, 'ana.antiga@exemplo.com.br', null);
    await oldOptOut(tenant, 'EMAIL', 'ana.antiga@exemplo.com.br', 'one-click');
    await oldOptOut(tenant, 'SMS', '5511987654321', 'reply');
    await oldOptOut(tenant, 'EMAIL', 'ja.registrada@exemplo.com.br', 'complaint');
    await withTenant(t.db, tenant.id, ({ trx, tenantId }) =>
      sql`INSERT INTO person_opt_outs (tenant_id, person_id, channel, source) VALUES (${tenantId}, ${already}, 'EMAIL', 'LINK')`.execute(
        trx,
      ),
    );

    await reapply();
    await reapply(); // re-applied: nothing doubles

    expect((await privacyOf(config, byEmail)).optOuts).toEqual([
      { channel: 'EMAIL', source: 'ONE_CLICK', at: BEFORE },
    ]);
    expect((await privacyOf(config, byMobile)).optOuts).toEqual([
      { channel: 'SMS', source: 'REPLY', at: BEFORE },
    ]);
    expect((await privacyOf(config, already)).optOuts).toMatchObject([{ channel: 'EMAIL', source: 'LINK' }]);
    expect((await privacyOf(config, unrelated)).optOuts).toEqual([]);
    // the same address in another tenant is another tenant's contact
    expect((await privacyOf(stranger, elsewhere)).optOuts).toEqual([]);

    const request = await call(t, config, 'POST', '/api/privacy/requests', {
      personCode: byEmail,
      kind: 'ACCESS',
      channel: 'EMAIL',
    });
    expect(request.status, JSON.stringify(request.body)).toBe(200);
    const file = await t.api.inject({
      method: 'POST',
      url: `/api/privacy/requests/${request.body.data.code}/fulfil`,
      headers: config.headers,
    });
    expect(file.statusCode, file.body).toBe(200);
    const sections = (file.json() as { sections: { module: string; data: Record<string, unknown> }[] })
      .sections;
    expect(sections.find((s) => s.module === 'privacy')?.data.optOuts).toMatchObject([
      { channel: 'EMAIL', source: 'ONE_CLICK' },
    ]);
  });

  it('copies the sponsor consents the privacy records lack, once', async () => {
    const signedUp = await insertPerson(tenant, 'apadrinhada@exemplo.com.br', null);
    await withTenant(t.db, tenant.id, async ({ trx, tenantId }) => {
      await sql`INSERT INTO sponsor_terms (tenant_id, hash, terms) VALUES (${tenantId}, 'termos-antigos', 'Aceito')`.execute(
        trx,
      );
      await sql`INSERT INTO sponsor_consents (tenant_id, person_id, link_code, terms_hash, accepted_at, ip, user_agent)
        VALUES (${tenantId}, ${signedUp}, 'link-antigo', 'termos-antigos', ${BEFORE}, '203.0.113.9', 'Mozilla/5.0')`.execute(
        trx,
      );
    });

    await reapply();
    await reapply();

    expect((await privacyOf(config, signedUp)).consents).toMatchObject([
      { source: 'SPONSOR_FORM', lawfulBasis: 'CONSENT', termsHash: 'termos-antigos', createdAt: BEFORE },
    ]);
  });
});
