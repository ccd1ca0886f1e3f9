import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../platform/db/migrate.ts';
import { withTenant } from '../../platform/db/tenancy.ts';
import { type Caller, call, signedIn } from '../../test/crm-factories.ts';
import { type BuiltTenant, buildTenant, createTestApp, type TestApp } from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';

const MIGRATION = '0036_personal_schedules.sql';

/** Every user has a personal agenda (migration 0036): 'Novo Evento' always has one to save to. */
describe(`personal agendas (${testEngine})`, () => {
  let t: TestApp;
  let tenant: BuiltTenant;
  let other: BuiltTenant;
  let team: Caller;
  let outsider: Caller;
  beforeAll(async () => {
    t = await createTestApp({ publicUrl: 'https://app.mandato.test' });
    tenant = await buildTenant(t);
    other = await buildTenant(t);
    team = await signedIn(t, tenant, ['ROLE_TEAM'], 'Equipe Nova');
    outsider = await signedIn(t, other, ['ROLE_CRM', 'ROLE_TEAM'], 'Outro Tenant');
  });
  afterAll(() => t.close());

  /** The schedules each user of the tenant owns, by e-mail (read in the tenant's own session). */
  const ownedByEmail = (of: BuiltTenant) =>
    withTenant(t.db, of.id, async (ctx) => {
      const rows = await ctx.trx
        .selectFrom('users as u')
        .leftJoin('schedules as s', (j) =>
          j.onRef('s.tenant_id', '=', 'u.tenant_id').onRef('s.owner_id', '=', 'u.id'),
        )
        .select(['u.email', 's.name', 's.tenant_id', 's.subscribe_token'])
        .execute();
      const byEmail = new Map<string, { name: string; tenantId: string; token: string }[]>();
      for (const r of rows) {
        const list = byEmail.get(r.email) ?? [];
        if (r.name !== null)
          list.push({ name: r.name, tenantId: String(r.tenant_id), token: String(r.subscribe_token) });
        byEmail.set(r.email, list);
      }
      return byEmail;
    });

  it('a new user has one agenda of their own, named after them, and saves an event in it at once', async () => {
    const list = await call(t, team, 'GET', '/api/schedules');
    expect(list.status).toBe(200);
    expect(list.body.data.total).toBe(1);
    const [mine] = list.body.data.list;
    expect(mine).toMatchObject({
      name: 'Equipe Nova',
      color: 'BLUE',
      isOwner: true,
      owner: { code: team.user.code, name: 'Equipe Nova' },
      invitedPeople: [],
    });
    expect(mine.subscribeURL).toMatch(
      new RegExp(`^https://app\\.mandato\\.test/api/calendar/${tenant.slug}\\.[A-Za-z0-9_-]{43}\\.ics$`),
    );
    const feed = await t.api.inject({ url: new URL(mine.subscribeURL).pathname });
    expect(feed.statusCode).toBe(200);
    expect(feed.body).toContain('X-WR-CALNAME:Equipe Nova');

    const event = await call(t, team, 'POST', '/api/events', {
      title: 'Primeira reunião',
      beginDate: '2025-03-10',
      endDate: '2025-03-10',
      scheduleCode: mine.code,
    });
    expect(event.status, JSON.stringify(event.body)).toBe(200);
  });

  it('a team member saved on the web gets one too, in their tenant only', async () => {
    const admin = await signedIn(t, tenant, ['ROLE_CRM', 'ROLE_TEAM'], 'Admin');
    const email = `membro-${Date.now()}@exemplo.com.br`;
    const saved = await call(t, admin, 'POST', '/api/people', { name: 'Membro Web', email, isUser: true });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const own = (await ownedByEmail(tenant)).get(email);
    expect(own?.map((s) => [s.name, s.tenantId])).toEqual([['Membro Web', tenant.id]]);
    expect(own?.[0]?.token.startsWith(`${tenant.slug}.`)).toBe(true);
    // the other tenant's session sees neither the user nor the agenda
    expect((await ownedByEmail(other)).has(email)).toBe(false);
  });

  it("keeps tenants apart: another tenant's user neither lists nor opens it", async () => {
    const [mine] = (await call(t, team, 'GET', '/api/schedules')).body.data.list;
    const theirs = (await call(t, outsider, 'GET', '/api/schedules')).body.data.list;
    expect(theirs.map((s: { name: string }) => s.name)).toEqual(['Outro Tenant']);
    expect((await call(t, outsider, 'GET', `/api/schedules/${mine.code}`)).status).toBe(404);
    const event = await call(t, outsider, 'POST', '/api/events', {
      title: 'Intrusa',
      beginDate: '2025-03-10',
      endDate: '2025-03-10',
      scheduleCode: mine.code,
    });
    expect(event.status).toBe(404);
  });

  it("under RLS: a tenant's session cannot create a user, hence an agenda, in another tenant", async () => {
    const refused = withTenant(t.db, tenant.id, (ctx) =>
      ctx.trx
        .insertInto('users')
        .values({ tenant_id: other.id, name: 'Infiltrada', email: 'infiltrada@exemplo.com.br' })
        .execute(),
    );
    await expect(refused).rejects.toThrow(/row-level security/);
    expect((await ownedByEmail(other)).has('infiltrada@exemplo.com.br')).toBe(false);
  });

  it('the migration gives one to every user who owns none, and only to them, in every tenant', async () => {
    const removed = await signedIn(t, tenant, ['ROLE_CRM'], 'Sem Agenda');
    const two = await signedIn(t, other, ['ROLE_CRM'], 'Duas Agendas');
    const [personal] = (await call(t, removed, 'GET', '/api/schedules')).body.data.list;
    expect((await call(t, removed, 'DELETE', `/api/schedules/${personal.code}`)).status).toBe(200);
    expect((await call(t, removed, 'GET', '/api/schedules')).body.data.total).toBe(0);
    expect((await call(t, two, 'POST', '/api/schedules', { name: 'Gabinete' })).status).toBe(200);

    // applied again (as on a database that had these users before it)
    await t.db.ownerSession((run) => run('DELETE FROM schema_migrations WHERE name = $1', [MIGRATION]));
    expect(await migrate(t.db)).toEqual([MIGRATION]);

    const names = async (who: Caller) =>
      (await call(t, who, 'GET', '/api/schedules')).body.data.list.map((s: { name: string }) => s.name);
    expect(await names(removed)).toEqual(['Sem Agenda']);
    expect(await names(two)).toEqual(['Duas Agendas', 'Gabinete']);
    expect(await names(team)).toEqual(['Equipe Nova']);
    expect(await names(outsider)).toEqual(['Outro Tenant']);
    for (const owned of [...(await ownedByEmail(tenant)).values(), ...(await ownedByEmail(other)).values()]) {
      expect(owned.length).toBeGreaterThan(0);
    }
  });
});
