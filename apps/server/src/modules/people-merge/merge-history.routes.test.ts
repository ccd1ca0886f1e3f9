import { MERGE_UNDO_DAYS, PAGING_MESSAGES, ROLES } from '@mandato/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../platform/db/tenancy.ts';
import { buildPerson, type Caller, call, signedIn } from '../../test/crm-factories.ts';
import { type BuiltTenant, buildTenant, createTestApp, type TestApp } from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';

const MERGES = '/api/people/merges';
const DAY_MS = 24 * 60 * 60 * 1000;

interface Listed {
  code: string;
  createdAt: string;
  createdBy: string | null;
  survivor: { code: number; name: string | null } | null;
  merged: { code: number; name: string | null }[];
  undoneAt: string | null;
  undoUntil: string;
}

describe(`GET /api/people/merges (${testEngine})`, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** A tenant of its own per test: the list is the tenant's whole history. */
  async function office() {
    const tenant = await buildTenant(t);
    const admin = await signedIn(t, tenant, [...ROLES], 'Administradora');
    return { tenant, admin };
  }

  async function merge(who: Caller, survivor: { code: number }, ...merged: { code: number }[]) {
    const res = await call(t, who, 'POST', '/api/people/merge', {
      survivorCode: survivor.code,
      mergedCodes: merged.map((m) => m.code),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.mergeCode as string;
  }

  async function list(who: Caller, query = '') {
    const res = await call(t, who, 'GET', `${MERGES}${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as { items: Listed[]; total: number };
  }

  const mergeRows = (tenant: BuiltTenant) =>
    withTenant(t.db, tenant.id, async ({ trx }) =>
      JSON.stringify((await sql`SELECT * FROM person_merges ORDER BY id`.execute(trx)).rows),
    );

  it('lists a merge with its people and author, newest first, and marks it undone after the undo', async () => {
    const { admin } = await office();
    const ana = await buildPerson(t, admin, { name: 'Ana Souza' });
    const anaCopy = await buildPerson(t, admin, { name: 'Ana M. Souza' });
    const anaThird = await buildPerson(t, admin, { name: 'A. Souza' });
    const bruno = await buildPerson(t, admin, { name: 'Bruno Lima' });
    const brunoCopy = await buildPerson(t, admin, { name: 'Bruno L.' });
    const first = await merge(admin, ana, anaCopy, anaThird);
    const second = await merge(admin, bruno, brunoCopy);

    const page = await list(admin);
    expect(page.total).toBe(2);
    expect(page.items.map((m) => m.code)).toEqual([second, first]);
    const listed = page.items[1] as Listed;
    expect(listed).toMatchObject({
      code: first,
      createdBy: 'Administradora',
      survivor: { code: ana.code, name: 'Ana Souza' },
      merged: [
        { code: anaCopy.code, name: 'Ana M. Souza' },
        { code: anaThird.code, name: 'A. Souza' },
      ],
      undoneAt: null,
    });
    expect(Date.parse(listed.undoUntil) - Date.parse(listed.createdAt)).toBe(MERGE_UNDO_DAYS * DAY_MS);
    expect(Math.abs(Date.parse(listed.createdAt) - Date.now())).toBeLessThan(60_000);

    expect((await list(admin, '?page=2&itemsPerPage=1')).items.map((m) => m.code)).toEqual([first]);
    expect(await list(admin, '?page=3&itemsPerPage=1')).toEqual({ items: [], total: 2 });

    expect((await call(t, admin, 'POST', `/api/people/merge/${first}/undo`)).status).toBe(200);
    const after = (await list(admin)).items.find((m) => m.code === first) as Listed;
    expect(Date.parse(after.undoneAt ?? '')).toBeGreaterThanOrEqual(Date.parse(after.createdAt));
    // the merge kept no rows after the undo: the names come from the people brought back
    expect(after.merged).toEqual([
      { code: anaCopy.code, name: 'Ana M. Souza' },
      { code: anaThird.code, name: 'A. Souza' },
    ]);
  });

  it('leaves out merges older than 30 days and shows a deleted survivor as null', async () => {
    const { tenant, admin } = await office();
    const old = await merge(
      admin,
      await buildPerson(t, admin, { name: 'Antiga' }),
      await buildPerson(t, admin, { name: 'Antiga 2' }),
    );
    const survivor = await buildPerson(t, admin, { name: 'Vai sair' });
    const gone = await merge(admin, survivor, await buildPerson(t, admin, { name: 'Vai sair 2' }));
    await withTenant(t.db, tenant.id, ({ trx }) =>
      sql`UPDATE person_merges SET created_at = now() - make_interval(days => ${MERGE_UNDO_DAYS}, mins => 1)
        WHERE id = ${old}`.execute(trx),
    );
    expect((await call(t, admin, 'DELETE', `/api/people/${survivor.code}`)).status).toBe(200);

    const page = await list(admin);
    expect(page.total).toBe(1);
    expect(page.items).toMatchObject([{ code: gone, survivor: null, merged: [{ name: 'Vai sair 2' }] }]);
  });

  it('lists to whoever sees the survivor; a merged person the caller cannot see goes by code only', async () => {
    const { tenant, admin } = await office();
    // sees only the contacts they created
    const limited = await signedIn(t, tenant, ['ROLE_CRM', 'ROLE_CONFIG'], 'Estagiário');
    const own = await merge(
      limited,
      await buildPerson(t, limited, { name: 'Do estagiário' }),
      await buildPerson(t, limited, { name: 'Do estagiário 2' }),
    );
    const mine = await buildPerson(t, limited, { name: 'Meu contato' });
    const foreign = await buildPerson(t, admin, { name: 'Contato da chefe' });
    const intoMine = await merge(admin, mine, foreign);
    const adminOnly = await merge(
      admin,
      await buildPerson(t, admin, { name: 'Só da chefe' }),
      await buildPerson(t, admin, { name: 'Só da chefe 2' }),
    );
    const goneSurvivor = await buildPerson(t, admin, { name: 'Chefe some' });
    const adminGone = await merge(admin, goneSurvivor, await buildPerson(t, admin, { name: 'Chefe some 2' }));
    expect((await call(t, admin, 'DELETE', `/api/people/${goneSurvivor.code}`)).status).toBe(200);

    const seen = await list(limited);
    expect(seen.total).toBe(2);
    expect(seen.items.map((m) => m.code)).toEqual([intoMine, own]);
    expect(seen.items[0]?.merged).toEqual([{ code: foreign.code, name: null }]);
    expect(JSON.stringify(seen)).not.toContain('Contato da chefe');
    expect((await list(admin)).items.map((m) => m.code)).toEqual([adminGone, adminOnly, intoMine, own]);
  });

  it('refuses a caller without the role, without a session or of another tenant', async () => {
    const { tenant, admin } = await office();
    const code = await merge(
      admin,
      await buildPerson(t, admin, { name: 'Isolada' }),
      await buildPerson(t, admin, { name: 'Isolada 2' }),
    );
    const reporter = await signedIn(t, tenant, ['ROLE_REPORT'], 'Relatórios');
    expect((await call(t, reporter, 'GET', MERGES)).status).toBe(403);
    const crmOnly = await signedIn(t, tenant, ['ROLE_CRM', 'ROLE_CRM_ALL_DATA'], 'Assessora');
    expect((await list(crmOnly)).items.map((m) => m.code)).toEqual([code]);
    // ROLE_CONFIG without ROLE_CRM sees no contact, so no merge of contacts
    const configOnly = await signedIn(t, tenant, ['ROLE_CONFIG'], 'Configuração');
    expect(await list(configOnly)).toEqual({ items: [], total: 0 });
    const noToken = await t.api.inject({ method: 'GET', url: MERGES, headers: { 'x-schema': tenant.slug } });
    expect(noToken.statusCode).toBe(401);

    const other = await office();
    expect(await list(other.admin)).toEqual({ items: [], total: 0 });
    // another tenant's token with this tenant's schema is refused, not answered
    const crossed = await t.api.inject({
      method: 'GET',
      url: MERGES,
      headers: { ...other.admin.headers, 'x-schema': tenant.slug },
    });
    expect(crossed.statusCode).toBeGreaterThanOrEqual(400);
    expect(crossed.body).not.toContain('Isolada');
  });

  it('refuses hostile queries with a pt-BR 400 and changes nothing', async () => {
    const { tenant, admin } = await office();
    await merge(
      admin,
      await buildPerson(t, admin, { name: 'Hostil' }),
      await buildPerson(t, admin, { name: 'Hostil 2' }),
    );
    const before = await mergeRows(tenant);
    const cases: [string, string][] = [
      ['?unknown=1', 'Campo informado não existe'],
      ['?__proto__=1', ''],
      ['?constructor=x', ''],
      ['?page=0', PAGING_MESSAGES.page],
      ['?page=abc', PAGING_MESSAGES.page],
      ['?page=1.5', PAGING_MESSAGES.page],
      [`?page=${'9'.repeat(400)}`, PAGING_MESSAGES.page],
      ['?itemsPerPage=101', PAGING_MESSAGES.itemsPerPage],
      ['?itemsPerPage=0', PAGING_MESSAGES.itemsPerPage],
      ['?itemsPerPage=-5', PAGING_MESSAGES.itemsPerPage],
      ['?page=1&page=2', ''],
      ['?page=%00', ''],
      [`?itemsPerPage=${'1'.repeat(100_000)}`, ''],
    ];
    for (const [query, text] of cases) {
      const res = await call(t, admin, 'GET', `${MERGES}${query}`);
      expect(res.status, query.slice(0, 80)).toBe(400);
      expect(typeof res.body.message, query.slice(0, 80)).toBe('string');
      if (text) expect(JSON.stringify(res.body), query).toContain(text);
    }
    expect(await mergeRows(tenant)).toBe(before);
  });
});
