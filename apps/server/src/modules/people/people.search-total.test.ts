import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { withTenant } from '../../platform/db/tenancy.ts';
import { buildPerson, type Caller, call, signedIn } from '../../test/crm-factories.ts';
import { type BuiltTenant, buildTenant, createTestApp, type TestApp } from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';
import { peopleRepository } from './people.repository.ts';
import { exactTotal } from './people.service.ts';

const CONQUERED = [{ units: [{ field: 'vote', operator: '=', values: ['CONQUERED'] }] }];

describe(`exact totals of people searches, kept per tenant version (${testEngine})`, () => {
  let t: TestApp;
  let tenant: BuiltTenant;
  let admin: Caller;
  beforeAll(async () => {
    t = await createTestApp();
    tenant = await buildTenant(t);
    admin = await signedIn(t, tenant, ['ROLE_CRM', 'ROLE_CRM_ALL_DATA', 'ROLE_TEAM']);
  });
  afterAll(() => t.close());

  const search = async (who: Caller, expression: unknown = CONQUERED, extra: object = {}) => {
    const res = await call(t, who, 'POST', '/api/people/search', {
      type: 'PERSON',
      expression,
      page: 1,
      itemsPerPage: 50,
      ...extra,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as { list: { code: number; name: string }[]; total: number };
  };
  const total = async (who: Caller = admin, expression?: unknown) => (await search(who, expression)).total;

  it('counts once per version and follows every kind of write', async () => {
    const counted = vi.spyOn(peopleRepository, 'countAtVersion');
    try {
      expect(await total()).toBe(0);
      expect(await total()).toBe(0);
      expect(counted).toHaveBeenCalledTimes(1);

      const ana = await buildPerson(t, admin, { name: 'Ana', vote: 'CONQUERED' });
      expect(await total()).toBe(1);
      const bia = await buildPerson(t, admin, { name: 'Bia', vote: 'CONQUERED' });
      expect(await total()).toBe(2);
      expect(counted).toHaveBeenCalledTimes(3);

      const vote = await call(t, admin, 'PUT', `/api/people/${ana.code}/update-vote`, { vote: 'LOST' });
      expect(vote.status).toBe(200);
      expect(await total()).toBe(1);
      const edit = await call(t, admin, 'PUT', `/api/people/${bia.code}`, {
        name: 'Bia',
        vote: 'TO_CONQUER',
      });
      expect(edit.status, JSON.stringify(edit.body)).toBe(200);
      expect(await total()).toBe(0);
      expect(await total(admin, [])).toBe(2);

      const removed = await call(t, admin, 'DELETE', '/api/people/delete-many', {
        codes: [ana.code, bia.code],
      });
      expect(removed.status).toBe(200);
      expect(await total(admin, [])).toBe(0);
    } finally {
      counted.mockRestore();
    }
  });

  it('keeps totals apart by caller visibility and by tenant', async () => {
    const own = await signedIn(t, tenant, ['ROLE_CRM']);
    await buildPerson(t, admin, { name: 'Da assessoria', vote: 'CONQUERED' });
    await buildPerson(t, own, { name: 'Da própria', vote: 'CONQUERED' });
    const before = await total(admin);
    expect(await total(own)).toBe(1);

    const other = await buildTenant(t);
    const stranger = await signedIn(t, other, ['ROLE_CRM', 'ROLE_CRM_ALL_DATA']);
    expect(await total(stranger)).toBe(0);
    await buildPerson(t, stranger, { name: 'De outro gabinete', vote: 'CONQUERED' });
    expect(await total(stranger)).toBe(1);
    expect(await total(admin)).toBe(before);
    expect(await total(own)).toBe(1);
  });

  it('does not keep a total counted inside a transaction that wrote (it may roll back)', async () => {
    const vis = { contacts: true, team: false, ownerId: null };
    const before = await total(admin, []);
    await expect(
      withTenant(t.db, tenant.id, async (ctx) => {
        // one statement, one version step: the same step the next committed create takes
        await ctx.trx
          .insertInto('people')
          .values([
            { tenant_id: ctx.tenantId, name: 'Rascunho 1' },
            { tenant_id: ctx.tenantId, name: 'Rascunho 2' },
          ])
          .execute();
        expect(await exactTotal(ctx, t.app.counts, vis, undefined)).toBe(before + 2);
        throw new Error('desfaz');
      }),
    ).rejects.toThrow('desfaz');
    await buildPerson(t, admin, { name: 'Confirmada' });
    expect(await total(admin, [])).toBe(before + 1);
  });

  it('sorts by vote and by influence with ties by name', async () => {
    const mine = await signedIn(t, tenant, ['ROLE_CRM']);
    for (const [name, vote] of [
      ['Zeca', 'CONQUERED'],
      ['Alice', 'LOST'],
      ['Bruno', 'CONQUERED'],
      ['Carla', 'LOST'],
    ] as const) {
      await buildPerson(t, mine, { name, vote });
    }
    const byVote = await search(mine, [], { orderingCriteria: 'vote', orderingAscending: true });
    expect(byVote.list.map((p) => p.name)).toEqual(['Bruno', 'Zeca', 'Alice', 'Carla']);
    const byInfluence = await search(mine, [], { orderingCriteria: 'influence', orderingAscending: true });
    expect(byInfluence.list.map((p) => p.name)).toEqual(['Alice', 'Bruno', 'Carla', 'Zeca']);
  });
});
