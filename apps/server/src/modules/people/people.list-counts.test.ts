import { CRM_MESSAGES, MESSAGES, PAGING_MESSAGES, ROLES } from '@mandato/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../platform/db/tenancy.ts';
import { buildPerson, buildSegment, type Caller, call, signedIn } from '../../test/crm-factories.ts';
import { type BuiltTenant, buildTenant, createTestApp, type TestApp } from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';

/** GET /api/people (spec 3 §7.1 'People counts'): validEmail, validSMS and itemsPerPage=0. */
describe(`GET /people counts (${testEngine})`, () => {
  let t: TestApp;
  let tenant: BuiltTenant;
  let admin: Caller;
  let alice: Caller;
  let other: Caller;
  let listCode: number;
  beforeAll(async () => {
    t = await createTestApp();
    tenant = await buildTenant(t);
    admin = await signedIn(t, tenant, [...ROLES], 'Admin');
    alice = await signedIn(t, tenant, ['ROLE_CRM'], 'Alice');
    await buildPerson(t, admin, { name: 'Ana', email: 'ana@exemplo.com', cellphone: '61988887777' });
    await buildPerson(t, admin, { name: 'Bia', email: 'bia@exemplo.com', cellphone: '6133334444' });
    await buildPerson(t, admin, { name: 'Caio', cellphone: '11912345678' });
    await buildPerson(t, admin, { name: 'Saiu', email: 'saiu@exemplo.com', cellphone: '21999998888' });
    await buildPerson(t, alice, { name: 'Alice Contato', email: 'contato@alice.com' });
    await withTenant(t.db, tenant.id, ({ trx }) =>
      trx
        .insertInto('mkt_opt_outs')
        .values([
          { tenant_id: tenant.id, channel: 'EMAIL', address: 'saiu@exemplo.com', source: 'one-click' },
          { tenant_id: tenant.id, channel: 'SMS', address: '5521999998888', source: 'reply' },
        ])
        .execute(),
    );
    listCode = (
      await buildSegment(t, admin, {
        name: 'Começa com A',
        expression: [{ units: [{ field: 'name', operator: 'STARTS_WITH', values: ['A'] }] }],
      })
    ).code;
    const otherTenant = await buildTenant(t);
    other = await signedIn(t, otherTenant, [...ROLES], 'Outro');
  });
  afterAll(() => t.close());

  const get = (who: Caller, query: string) => call(t, who, 'GET', `/api/people?${query}`);
  const total = async (who: Caller, query: string) => {
    const res = await get(who, query);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.total as number;
  };

  it('itemsPerPage=0 answers the total alone', async () => {
    const res = await get(admin, 'segmentCode=1&itemsPerPage=0');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ list: [], total: 5 });
  });

  it('validEmail / validSMS count the people the channel can reach (valid, not opted out)', async () => {
    expect(await total(admin, 'segmentCode=1&validEmail=true&itemsPerPage=0')).toBe(3); // Ana, Bia, Alice Contato
    expect(await total(admin, 'segmentCode=1&validSMS=true&itemsPerPage=0')).toBe(2); // Ana, Caio
    expect(await total(admin, 'segmentCode=1&validEmail=true&validSMS=true&itemsPerPage=0')).toBe(1);
    expect(await total(admin, 'segmentCode=1&validEmail=false&validSMS=false&itemsPerPage=0')).toBe(5);
    expect(await total(admin, `segmentCode=${listCode}&validEmail=true&itemsPerPage=0`)).toBe(2);
    // without a code: the caller's default list
    expect(await total(admin, 'validEmail=true&itemsPerPage=0')).toBe(3);
  });

  it('pages only the reachable people, with their total', async () => {
    const res = await get(admin, 'segmentCode=1&validEmail=true&itemsPerPage=2&page=2');
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBe(3);
    expect(res.body.data.list.map((p: { name: string }) => p.name)).toEqual(['Bia']);
  });

  it('keeps the visibility: own contacts without ROLE_CRM_ALL_DATA, the team list needs ROLE_TEAM', async () => {
    expect(await total(alice, 'segmentCode=1&validEmail=true&itemsPerPage=0')).toBe(1);
    expect(await total(alice, `segmentCode=${listCode}&validEmail=true&itemsPerPage=0`)).toBe(1);
    expect((await get(alice, 'segmentCode=2&validEmail=true&itemsPerPage=0')).status).toBe(403);
  });

  it('a list of another tenant, or none, is the 404 of a missing list', async () => {
    for (const query of [`segmentCode=${listCode}&validEmail=true&itemsPerPage=0`, 'segmentCode=999999']) {
      const res = await get(other, query);
      expect(res.status, query).toBe(404);
      expect(res.body.message).toBe(CRM_MESSAGES.segmentNotFound);
    }
  });

  it('refuses hostile queries with a pt-BR 400 that changes nothing', async () => {
    const refused: [string, string][] = [
      ['segmentCode=1&itemsPerPage=-1', 'itemsPerPage'],
      ['segmentCode=1&itemsPerPage=201', 'itemsPerPage'],
      ['segmentCode=1&itemsPerPage=0.5', 'itemsPerPage'],
      [`segmentCode=${'9'.repeat(5000)}`, 'segmentCode'],
      ['segmentCode=99999999999999999999', 'segmentCode'],
      ['segmentCode=-3', 'segmentCode'],
      ['segmentCode=abc', 'segmentCode'],
      ['validEmail=yes', 'validEmail'],
      ['validEmail=TRUE', 'validEmail'],
      ['validSMS=true%00', 'validSMS'],
      ['validEmail=true&validEmail=false', 'validEmail'],
      ['segmentCode=1&unknown=1', 'unknown'],
      ['segmentCode=1&__proto__=1', '__proto__'],
      ['segmentCode=1&constructor=1', 'constructor'],
    ];
    for (const [query, field] of refused) {
      const res = await get(admin, query);
      expect(res.status, query).toBe(400);
      expect(res.body.message, query).toBe(MESSAGES.validation);
      expect(Object.keys(res.body.errors ?? {}), query).toContain(field);
    }
    expect((await get(admin, 'segmentCode=1&itemsPerPage=-1')).body.errors.itemsPerPage).toEqual([
      PAGING_MESSAGES.itemsPerPage,
    ]);
    expect(await total(admin, 'segmentCode=1&itemsPerPage=0')).toBe(5);
  });
});
