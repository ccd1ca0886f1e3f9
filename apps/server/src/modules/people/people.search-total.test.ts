import type { FilterExpression } from '@mandato/domain';
import { type Expression, type SqlBool, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type TenantContext, withTenant } from '../../platform/db/tenancy.ts';
import { buildPerson, buildTag, type Caller, call, signedIn } from '../../test/crm-factories.ts';
import { type BuiltTenant, buildTenant, createTestApp, type TestApp } from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';
import { usersRepository } from '../users/users.repository.ts';
import type { PeopleVisibility } from './people.policy.ts';
import { visibleTo } from './people.repository.ts';
import { peopleTotalsRepository } from './people-totals.repository.ts';
import { exactTotal } from './people-totals.ts';

/** Runs a count query. */
const counted = async (query: { executeTakeFirstOrThrow(): Promise<{ n: string }> }) =>
  Number((await query.executeTakeFirstOrThrow()).n);
/** The oracle the other totals are checked against: visible people under a hand-written condition. */
const countWhere = (ctx: TenantContext, vis: PeopleVisibility, condition?: Expression<SqlBool>) => {
  const q = ctx.trx.selectFrom('people as p').where('p.tenant_id', '=', ctx.tenantId).where(visibleTo(vis));
  return counted((condition ? q.where(condition) : q).select((eb) => eb.fn.countAll<string>().as('n')));
};
const VIEW_ALL = { contacts: true, team: true, ownerId: null };
const vote = (...values: string[]) => ({ field: 'vote', operator: values.length > 1 ? 'IN' : '=', values });
/** Answered by people_counts (migration 0008). */
const CONQUERED = [{ units: [vote('CONQUERED')] }];
const ALL_COUNTED = [{ units: [{ field: 'influence', operator: '>=', values: [0] }] }];
/** The same people, but an expression people_counts does not answer: counted, then cached. */
const CONQUERED_COUNTED = [
  { units: [vote('CONQUERED'), 'AND', { field: 'influence', operator: '>=', values: [0] }] },
];

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
    const counted = vi.spyOn(peopleTotalsRepository, 'totalAtVersion');
    const grouped = vi.spyOn(peopleTotalsRepository, 'countFromGroups');
    // the counted total (cached per version) and the group total must agree after every write
    const both = async () => {
      const byRows = await total(admin, CONQUERED_COUNTED);
      expect(await total()).toBe(byRows);
      return byRows;
    };
    try {
      expect(await both()).toBe(0);
      expect(await both()).toBe(0);
      expect(counted).toHaveBeenCalledTimes(1);
      expect(grouped).toHaveBeenCalledTimes(2);

      const ana = await buildPerson(t, admin, { name: 'Ana', vote: 'CONQUERED' });
      expect(await both()).toBe(1);
      const bia = await buildPerson(t, admin, { name: 'Bia', vote: 'CONQUERED' });
      expect(await both()).toBe(2);
      expect(await both()).toBe(2);
      expect(counted).toHaveBeenCalledTimes(3);

      const changed = await call(t, admin, 'PUT', `/api/people/${ana.code}/update-vote`, { vote: 'LOST' });
      expect(changed.status).toBe(200);
      expect(await both()).toBe(1);
      const edit = await call(t, admin, 'PUT', `/api/people/${bia.code}`, {
        name: 'Bia',
        vote: 'TO_CONQUER',
      });
      expect(edit.status, JSON.stringify(edit.body)).toBe(200);
      expect(await both()).toBe(0);
      expect(await total(admin, [])).toBe(2);
      expect(await total(admin, [{ units: [vote('LOST', 'TO_CONQUER')] }])).toBe(2);

      const removed = await call(t, admin, 'DELETE', '/api/people/delete-many', {
        codes: [ana.code, bia.code],
      });
      expect(removed.status).toBe(200);
      expect(await total(admin, [])).toBe(0);
      expect(await total(admin, ALL_COUNTED)).toBe(0);
    } finally {
      counted.mockRestore();
      grouped.mockRestore();
    }
  });

  it('group, tag and name-word totals equal counting the rows, for every visibility, before and after folding', async () => {
    const mine = await signedIn(t, tenant, ['ROLE_CRM', 'ROLE_TEAM']);
    const [red, blue] = [
      (await buildTag(t, admin, 'Vermelho')).code,
      (await buildTag(t, admin, 'Azul')).code,
    ];
    const votes = ['CONQUERED', 'LOST', 'TO_CONQUER'];
    const tagSets = [[], [red], [red, blue], [blue]];
    const made = [];
    for (let i = 0; i < 12; i++) {
      const owner = i % 3 ? mine : admin;
      made.push(
        await buildPerson(t, owner, { name: `Pessoa ${i}`, vote: votes[i % 3], tags: tagSets[i % 4] }),
      );
    }
    await call(t, mine, 'PUT', `/api/people/${made[1]?.code}/update-vote`, { vote: 'CONQUERED' });
    const retag = await call(t, mine, 'PUT', `/api/people/${made[2]?.code}`, {
      name: 'Pessoa 2',
      tags: [blue],
    });
    expect(retag.status, JSON.stringify(retag.body)).toBe(200);
    const renamed = await call(t, mine, 'PUT', `/api/people/${made[4]?.code}`, { name: 'Sílvia Pessoa' });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    await call(t, admin, 'DELETE', '/api/people/delete-many', { codes: [made[0]?.code, made[5]?.code] });
    const member = await buildPerson(t, admin, {
      name: 'Da equipe',
      email: 'equipe.nova@exemplo.com.br',
      tags: [red],
    });
    const asTeam = await call(t, admin, 'POST', `/api/people/${member.code}/set-as-team`);
    expect(asTeam.status, JSON.stringify(asTeam.body)).toBe(200);

    const mineId = await withTenant(t.db, tenant.id, async (ctx) =>
      String((await usersRepository.findByCode(ctx, mine.user.code))?.id),
    );
    const views = [
      { contacts: true, team: false, ownerId: null },
      { contacts: false, team: true, ownerId: null },
      VIEW_ALL,
      { contacts: true, team: false, ownerId: mineId },
    ];
    const voteSets = [undefined, ['CONQUERED'], ['LOST', 'TO_CONQUER']];
    const check = () =>
      withTenant(t.db, tenant.id, async (ctx) => {
        for (const vis of views) {
          for (const set of voteSets) {
            const filter = set
              ? (sql<SqlBool>`p.vote IN (${sql.join(set)})` as Expression<SqlBool>)
              : undefined;
            const { total: grouped } = await peopleTotalsRepository.countFromGroups(ctx, vis, set);
            const byRows = await countWhere(ctx, vis, filter);
            expect(grouped, JSON.stringify({ vis, set })).toBe(byRows);
          }
          for (const tags of [[red], [blue], [red, blue]].map((codes) => codes.map(String))) {
            const held = sql<SqlBool>`p.id IN (SELECT person_id FROM person_tags WHERE tag_id IN (${sql.join(tags.map((id) => sql`${id}::bigint`))}))`;
            const byTags = await counted(peopleTotalsRepository.countByTagsQuery(ctx, vis, tags));
            expect(byTags, JSON.stringify({ vis, tags })).toBe(await countWhere(ctx, vis, held));
          }
          for (const word of ['pessoa', 'ESS', 'silvia', 'Equipe', 'nada']) {
            const contains = sql<SqlBool>`search_norm(p.name) LIKE '%' || search_norm(${word}) || '%'`;
            const byWords = await counted(peopleTotalsRepository.countByNameWordQuery(ctx, vis, word));
            expect(byWords, JSON.stringify({ vis, word })).toBe(await countWhere(ctx, vis, contains));
          }
        }
      });
    await check();
    const rows = () =>
      withTenant(
        t.db,
        tenant.id,
        async (ctx) => (await peopleTotalsRepository.countFromGroups(ctx, VIEW_ALL)).rows,
      );
    const before = await rows();
    await withTenant(t.db, tenant.id, (ctx) => peopleTotalsRepository.compactCounts(ctx));
    expect(await rows()).toBeLessThan(before);
    await check();
  });

  it('folds piled-up count differences in a job, totals unchanged', async () => {
    const view = { contacts: true, team: false, ownerId: null };
    const before = await total(admin, []);
    // a day of edits: many +1/-1 differences that cancel out
    await withTenant(t.db, tenant.id, (ctx) =>
      ctx.trx
        .insertInto('people_counts')
        .values(
          Array.from({ length: 1200 }, (_, i) => ({
            tenant_id: ctx.tenantId,
            is_team: false,
            created_by: null,
            vote: 'LOST',
            n: i % 2 ? 1 : -1,
          })),
        )
        .execute(),
    );
    expect(await total(admin, [])).toBe(before);
    expect(await t.worker.drain()).toBeGreaterThanOrEqual(1);
    const { total: after, rows } = await withTenant(t.db, tenant.id, (ctx) =>
      peopleTotalsRepository.countFromGroups(ctx, view),
    );
    expect(after).toBe(before);
    expect(rows).toBeLessThan(20);
    expect(await total(admin, [])).toBe(before);
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
    const filter = { type: 'PERSON' as const, expression: ALL_COUNTED as FilterExpression };
    const before = await total(admin, ALL_COUNTED);
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
        expect(await exactTotal(ctx, t.app.counts, vis, filter)).toBe(before + 2);
        throw new Error('desfaz');
      }),
    ).rejects.toThrow('desfaz');
    await buildPerson(t, admin, { name: 'Confirmada' });
    expect(await total(admin, ALL_COUNTED)).toBe(before + 1);
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
