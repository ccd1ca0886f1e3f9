import { addMonths, ROLES, zonedDate } from '@mandato/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../platform/db/tenancy.ts';
import { buildPerson, buildTag, type Caller, call, signedIn } from '../../test/crm-factories.ts';
import { type BuiltTenant, buildTenant, createTestApp, type TestApp } from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';
import { importPeopleBatch } from '../people/people-batch.lookup.ts';

/**
 * Every figure of the reports against counts computed here, independently, with a plain COUNT on
 * people (not the counters of migrations 0008/0021), after inserts, updates, deletes, godfather and
 * team changes and an import; for a caller with and without ROLE_CRM_ALL_DATA.
 */
describe(`reports routes (${testEngine})`, () => {
  let t: TestApp;
  let tenant: BuiltTenant;
  let admin: Caller;
  let own: Caller;
  /** users.id of `own` (the creator column) */
  let ownId: string;
  beforeAll(async () => {
    t = await createTestApp();
    tenant = await buildTenant(t);
    admin = await signedIn(t, tenant, [...ROLES], 'Admin Relatórios');
    own = await signedIn(t, tenant, ['ROLE_CRM', 'ROLE_REPORT'], 'Sem Todos os Dados');
    ownId = await q(async (trx) =>
      String(
        (
          await trx
            .selectFrom('users')
            .select('id')
            .where('code', '=', own.user.code)
            .executeTakeFirstOrThrow()
        ).id,
      ),
    );
  }, 60_000);
  afterAll(() => t.close());

  const q = <T>(fn: (trx: Parameters<Parameters<typeof withTenant>[2]>[0]['trx']) => Promise<T>) =>
    withTenant(t.db, tenant.id, (ctx) => fn(ctx.trx));

  /** created_by filter of a caller: null for all data. */
  const ownerOf = (who: Caller) => (who === own ? ownId : null);
  const ownerSql = (who: Caller, column = 'created_by') =>
    ownerOf(who) ? sql`AND ${sql.ref(column)} = ${ownerOf(who)}` : sql``;

  async function expectedStatus(who: Caller) {
    const rows = await q((trx) =>
      sql<{ vote: string; n: string }>`SELECT vote, count(*) AS n FROM people
        WHERE is_team = false ${ownerSql(who)} GROUP BY vote`.execute(trx),
    );
    const by = new Map(rows.rows.map((r) => [r.vote, Number(r.n)]));
    const conquered = by.get('CONQUERED') ?? 0;
    const toconquer = by.get('TO_CONQUER') ?? 0;
    const lost = by.get('LOST') ?? 0;
    return { total: conquered + toconquer + lost, conquered, toconquer, lost };
  }

  async function expectedMonths(who: Caller, begin: string, end: string) {
    const rows = await q((trx) =>
      sql<{
        month: string;
        n: string;
      }>`SELECT to_char(created_at AT TIME ZONE 'America/Sao_Paulo', 'YYYY-MM') AS month,
          count(*) AS n FROM people WHERE is_team = false ${ownerSql(who)} GROUP BY 1`.execute(trx),
    );
    const by = new Map(rows.rows.map((r) => [`${r.month}-01`, Number(r.n)]));
    const list = [];
    for (let m = addMonths(begin, 0); m <= addMonths(end, 0); m = addMonths(m, 1)) {
      list.push({ date: m, total: by.get(m) ?? 0 });
    }
    return list;
  }

  async function expectedGodfathers(who: Caller) {
    const rows = await q((trx) =>
      sql<{ id: string; name: string; influence: number; total: string }>`
        SELECT g.id, g.name, g.influence, (SELECT count(*) FROM people a
          WHERE a.godfather_id = g.id AND a.is_team = false ${ownerSql(who, 'a.created_by')}) AS total
        FROM people g WHERE g.is_team = false ${ownerSql(who, 'g.created_by')}`.execute(trx),
    );
    return rows.rows
      .map((r) => ({
        code: Number(r.id),
        name: r.name,
        influence: Number(r.influence),
        totalAffiliates: Number(r.total),
      }))
      .filter((r) => r.influence > 0 || r.totalAffiliates > 0)
      .sort(
        (a, b) =>
          b.totalAffiliates - a.totalAffiliates ||
          (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) ||
          a.code - b.code,
      );
  }

  /** The counters themselves equal plain counts, per key (not only through the routes). */
  async function expectCountersExact() {
    const kept = await q((trx) =>
      sql<{
        k: string;
        n: string;
      }>`SELECT is_team || ':' || created_by || ':' || month AS k, n FROM report_people_months WHERE n <> 0
        ORDER BY 1`.execute(trx),
    );
    const counted = await q((trx) =>
      sql<{ k: string; n: string }>`SELECT is_team || ':' || coalesce(created_by, 0) || ':' ||
          date_trunc('month', created_at AT TIME ZONE 'America/Sao_Paulo')::date AS k, count(*) AS n
        FROM people GROUP BY 1 ORDER BY 1`.execute(trx),
    );
    expect(kept.rows.map((r) => [r.k, Number(r.n)])).toEqual(counted.rows.map((r) => [r.k, Number(r.n)]));
    const keptG = await q((trx) =>
      sql<{ k: string; n: string }>`SELECT godfather_id || ':' || is_team || ':' || created_by AS k, n
        FROM report_godfather_counts WHERE n <> 0 ORDER BY 1`.execute(trx),
    );
    const countedG = await q((trx) =>
      sql<{
        k: string;
        n: string;
      }>`SELECT godfather_id || ':' || is_team || ':' || coalesce(created_by, 0) AS k,
          count(*) AS n FROM people WHERE godfather_id IS NOT NULL GROUP BY 1 ORDER BY 1`.execute(trx),
    );
    expect(keptG.rows.map((r) => [r.k, Number(r.n)])).toEqual(countedG.rows.map((r) => [r.k, Number(r.n)]));
    const keptGoals = await q((trx) =>
      sql<{ k: string; n: string }>`SELECT is_team || ':' || created_by AS k, n
        FROM report_goal_counts WHERE n <> 0 ORDER BY 1`.execute(trx),
    );
    const countedGoals = await q((trx) =>
      sql<{ k: string; n: string }>`SELECT is_team || ':' || coalesce(created_by, 0) AS k, count(*) AS n
        FROM people WHERE influence > 0 GROUP BY 1 ORDER BY 1`.execute(trx),
    );
    expect(keptGoals.rows.map((r) => [r.k, Number(r.n)])).toEqual(
      countedGoals.rows.map((r) => [r.k, Number(r.n)]),
    );
  }

  const today = zonedDate(new Date());
  const begin = addMonths(today, -13);

  async function expectFiguresMatch() {
    await expectCountersExact();
    for (const who of [admin, own]) {
      const status = await call(t, who, 'GET', '/api/reports/people/database-status');
      expect(status.status).toBe(200);
      const exp = await expectedStatus(who);
      expect(status.body.data).toMatchObject(exp);
      const pct = (n: number) => (exp.total === 0 ? 0 : Math.round((n / exp.total) * 10000) / 100);
      expect(status.body.data.conqueredPercentage).toBe(pct(exp.conquered));
      expect(status.body.data.lostPercentage).toBe(pct(exp.lost));

      const months = await call(
        t,
        who,
        'GET',
        `/api/reports/people/entries-per-period?timeBase=month&beginDate=${begin}&endDate=${today}`,
      );
      expect(months.status).toBe(200);
      expect(months.body.data).toEqual(await expectedMonths(who, begin, today));

      const expected = await expectedGodfathers(who);
      const all: unknown[] = [];
      for (let page = 1; page <= Math.ceil(expected.length / 3) + 1; page++) {
        const res = await call(t, who, 'GET', `/api/reports/people/godfathers?itemsPerPage=3&page=${page}`);
        expect(res.status).toBe(200);
        expect(res.body.data.total).toBe(expected.length);
        all.push(...res.body.data.list);
      }
      expect(all).toEqual(expected);
    }
  }

  it('answers figures equal to independent counts after every kind of write', async () => {
    await expectFiguresMatch(); // empty tenant: zeros and every month with 0

    // inserts by both callers, with godfathers, goals and votes
    const padrinho = await buildPerson(t, admin, { name: 'Padrinho Alfa', influence: 10 });
    const madrinha = await buildPerson(t, own, { name: 'Madrinha Beta', influence: 4 });
    const onlyGoal = await buildPerson(t, admin, { name: 'Só Meta', influence: 3 });
    const affiliates: { code: number }[] = [];
    for (const [i, vote] of (['CONQUERED', 'TO_CONQUER', 'LOST', 'CONQUERED'] as const).entries()) {
      affiliates.push(
        await buildPerson(t, admin, {
          name: `Afilhado ${i}`,
          email: `afilhado${i}@exemplo.com.br`,
          vote,
          godfatherCode: padrinho.code,
        }),
      );
    }
    // half of them created by the caller without all-data (a creator change, as the counters see it)
    await q((trx) =>
      sql`UPDATE people SET created_by = ${ownId} WHERE id IN (${String(affiliates[1]?.code)}, ${String(affiliates[3]?.code)})`.execute(
        trx,
      ),
    );
    await buildPerson(t, own, { name: 'Afilhada da Beta', godfatherCode: madrinha.code, vote: 'CONQUERED' });
    // creation months spread over the last year (and one outside the window)
    await q((trx) =>
      sql`UPDATE people SET created_at = now() - (id % 7) * interval '32 days' - interval '1 hour'`.execute(
        trx,
      ),
    );
    await q((trx) =>
      sql`UPDATE people SET created_at = now() - interval '3 years' WHERE id = ${String(affiliates[0]?.code)}`.execute(
        trx,
      ),
    );
    await expectFiguresMatch();

    // godfather change, vote change, team change, delete of an affiliate and of a godfather
    const moved = affiliates[1] as { code: number };
    const current = await call(t, admin, 'GET', `/api/people/${moved.code}`);
    const put = await call(t, admin, 'PUT', `/api/people/${moved.code}`, {
      name: current.body.data.name,
      godfatherCode: madrinha.code,
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(
      (await call(t, admin, 'PUT', `/api/people/${affiliates[2]?.code}/update-vote`, { vote: 'CONQUERED' }))
        .status,
    ).toBe(200);
    // goals set and removed
    const goal = await call(t, admin, 'PUT', `/api/people/${affiliates[2]?.code}/mark-as-influence`, {
      influence: 5,
    });
    expect(goal.status, JSON.stringify(goal.body)).toBe(200);
    const noGoal = await call(t, admin, 'PUT', `/api/people/${onlyGoal.code}/remove-influence`);
    expect(noGoal.status, JSON.stringify(noGoal.body)).toBe(200);
    const team = await call(t, admin, 'POST', `/api/people/${affiliates[3]?.code}/set-as-team`);
    expect(team.status, JSON.stringify(team.body)).toBe(200);
    await expectFiguresMatch();
    expect((await call(t, admin, 'DELETE', `/api/people/${affiliates[0]?.code}`)).status).toBe(200);
    expect((await call(t, admin, 'DELETE', `/api/people/${madrinha.code}`)).status).toBe(200);
    await expectFiguresMatch();

    // an import batch (set-based insert and update, godfathers matched by e-mail)
    await call(t, admin, 'PUT', `/api/people/${padrinho.code}`, {
      name: 'Padrinho Alfa',
      email: 'alfa@exemplo.com.br',
      influence: 10,
    });
    await withTenant(t.db, tenant.id, (ctx) =>
      importPeopleBatch(ctx, {
        rows: Array.from({ length: 7 }, (_, i) => ({
          line: i + 2,
          name: `Importado ${i}`,
          email: `imp${i}@exemplo.com.br`,
          vote: i % 3 === 0 ? 'LOST' : 'TO_CONQUER',
          godfather: { email: 'alfa@exemplo.com.br' },
        })),
        behavior: 'OVERWRITE',
        isTeam: false,
        importerId: ownId,
        ownerOnly: false,
      }),
    );
    await expectFiguresMatch();
    const top = await call(t, admin, 'GET', '/api/reports/people/godfathers');
    expect(top.body.data.list[0]).toMatchObject({ code: padrinho.code, influence: 10 });
    expect(top.body.data.list[0].totalAffiliates).toBeGreaterThanOrEqual(7);
  }, 120_000);

  it('orders godfathers by each criterion and pages consistently', async () => {
    const expected = await expectedGodfathers(admin);
    const asc = await call(
      t,
      admin,
      'GET',
      `/api/reports/people/godfathers?orderingAscending=true&itemsPerPage=50`,
    );
    expect(asc.body.data.list).toEqual(
      [...expected].sort(
        (a, b) =>
          a.totalAffiliates - b.totalAffiliates ||
          (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) ||
          a.code - b.code,
      ),
    );
    const byName = await call(
      t,
      admin,
      'GET',
      `/api/reports/people/godfathers?orderingCriteria=name&orderingAscending=true`,
    );
    expect(byName.body.data.list.map((r: { name: string }) => r.name)).toEqual(
      expected.map((r) => r.name).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
    );
    const byGoal = await call(t, admin, 'GET', `/api/reports/people/godfathers?orderingCriteria=influence`);
    expect(byGoal.body.data.list[0].influence).toBe(Math.max(...expected.map((r) => r.influence)));
  });

  it('exports the godfathers and the interactions as formula-safe CSV, logged', async () => {
    await buildPerson(t, admin, { name: '=HYPERLINK("http://x")', influence: 99 });
    await buildPerson(t, admin, { name: '\uFF1DHYPERLINK("http://y")', influence: 98 });
    const res = await t.api.inject({
      method: 'GET',
      url: '/api/reports/people/godfathers/export',
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('relatorio_apadrinhados.csv');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Código;Nome;Meta;Apadrinhados;Alcançado (%)');
    expect(lines.some((l) => l.includes(`"'=HYPERLINK(""http://x"")"`))).toBe(true);
    expect(lines.some((l) => l.includes(`"'\uFF1DHYPERLINK(""http://y"")"`))).toBe(true);
    expect(lines.length - 1).toBe((await expectedGodfathers(admin)).length);

    const person = await buildPerson(t, own, { name: 'Pessoa da Interação' });
    const tag = await buildTag(t, admin, 'Relatório');
    await call(t, admin, 'PUT', `/api/people/${person.code}`, {
      name: 'Pessoa da Interação',
      tags: [tag.code],
    });
    // yesterday: both interactions (00:00–01:30) have ended at any hour the test runs
    const day = zonedDate(new Date(Date.now() - 86_400_000));
    for (const [i, status] of (['IN_PROGRESS', 'CONCLUDED'] as const).entries()) {
      const created = await call(t, own, 'POST', '/api/people-contacts', {
        source: 'PHONE',
        description: i ? '\uFF20SUM(2)' : '@SUM(1)',
        beginDate: `${day} 0${i}:00`,
        endDate: `${day} 0${i}:30`,
        userResponsibleCode: own.user.code,
        status,
        personCode: person.code,
      });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
    }
    const search = await call(
      t,
      own,
      'GET',
      `/api/reports/interactions?dateInterval=${day},${day}&personTagCodes=${tag.code}`,
    );
    expect(search.status).toBe(200);
    expect(search.body.data.total).toBe(2);
    const late = await call(
      t,
      own,
      'GET',
      `/api/reports/interactions?beginDate=${day}&endDate=${day}&status=CONCLUDED&considerOnlyLateInteractions=true`,
    );
    expect(late.body.data.list.map((r: { status: string }) => r.status)).toEqual(['IN_PROGRESS']);
    const concluded = await call(
      t,
      own,
      'GET',
      `/api/reports/interactions?beginDate=${day}&endDate=${day}&status=CONCLUDED&personCode=${person.code}&userResponsibleCode=${own.user.code}`,
    );
    expect(concluded.body.data.total).toBe(1);
    const csv = await t.api.inject({
      method: 'GET',
      url: `/api/reports/interactions/export?beginDate=${day}&endDate=${day}&personCode=${person.code}`,
      headers: own.headers,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toContain('exportacao_interacao.csv');
    expect(csv.body).toContain(";'@SUM(1)\r\n");
    expect(csv.body).toContain(";'\uFF20SUM(2)\r\n");
    const logs = await q((trx) =>
      sql<{ kind: string; total_rows: number }>`SELECT kind, total_rows FROM export_logs ORDER BY id`.execute(
        trx,
      ),
    );
    expect(logs.rows.map((r) => r.kind)).toEqual(['reports-godfathers', 'people-contacts']);
    expect(Number(logs.rows[1]?.total_rows)).toBe(2);
    // a caller who did not create the person sees none of its interactions without all-data
    const other = await signedIn(t, tenant, ['ROLE_REPORT']);
    const none = await call(t, other, 'GET', `/api/reports/interactions?beginDate=${day}&endDate=${day}`);
    expect(none.body.data.total).toBe(0);
  });

  it('refuses callers without the report role and bad input with pt-BR 400s, never 500', async () => {
    const crmOnly = await signedIn(t, tenant, ['ROLE_CRM', 'ROLE_CRM_ALL_DATA']);
    for (const url of [
      '/api/reports/people/database-status',
      `/api/reports/people/entries-per-period?beginDate=${begin}&endDate=${today}`,
      '/api/reports/people/godfathers',
      '/api/reports/people/godfathers/export',
      '/api/reports/interactions',
      '/api/reports/interactions/export',
    ]) {
      expect((await call(t, crmOnly, 'GET', url)).status, url).toBe(403);
      const anonymous = await t.api.inject({ method: 'GET', url, headers: { 'x-schema': tenant.slug } });
      expect(anonymous.statusCode, url).toBe(401);
    }
    const otherTenant = await buildTenant(t);
    const stranger = await signedIn(t, otherTenant, [...ROLES]);
    const theirs = await call(t, stranger, 'GET', '/api/reports/people/database-status');
    expect(theirs.body.data.total).toBe(0);

    const bad: [string, string, string][] = [
      ['/api/reports/people/database-status?x=1', 'x', 'Campo informado não existe'],
      [
        '/api/reports/people/entries-per-period?beginDate=2025-13-01&endDate=2025-12-01',
        'beginDate',
        'Data inválida (AAAA-MM-DD)',
      ],
      ['/api/reports/people/entries-per-period?beginDate=2025-01-01', 'endDate', 'Campo Obrigatório'],
      [
        '/api/reports/people/entries-per-period?beginDate=2025-05-01&endDate=2025-01-01',
        'endDate',
        'A data inicial deve ser anterior ou igual à data final',
      ],
      [
        '/api/reports/people/entries-per-period?beginDate=2000-01-01&endDate=2025-01-01',
        'beginDate',
        'O período pode ter no máximo 120 meses',
      ],
      [
        '/api/reports/people/entries-per-period?timeBase=day&beginDate=2025-01-01&endDate=2025-02-01',
        'timeBase',
        'Base de tempo inválida: use month',
      ],
      [
        `/api/reports/people/entries-per-period?beginDate=${'9'.repeat(5000)}&endDate=2025-02-01`,
        'beginDate',
        'Data inválida (AAAA-MM-DD)',
      ],
      ['/api/reports/people/godfathers?itemsPerPage=100000', 'itemsPerPage', 'Tamanho de página inválido'],
      ['/api/reports/people/godfathers?page=1e40', 'page', 'Página inválida'],
      ['/api/reports/people/godfathers?orderingCriteria=id;drop', 'orderingCriteria', 'Ordenação inválida'],
      ['/api/reports/people/godfathers?__proto__=1', '__proto__', 'Campo informado não existe'],
      ['/api/reports/people/godfathers/export?page=1', 'page', 'Campo informado não existe'],
      ['/api/reports/interactions?status=DONE', 'status', 'Valor não permitido'],
      ['/api/reports/interactions?unknown=1', 'unknown', 'Campo informado não existe'],
      ['/api/reports/interactions?beginDate=2025-02-30', 'beginDate', 'Data inválida (AAAA-MM-DD)'],
      [
        '/api/reports/interactions/export?personTagCodes=abc',
        'personTagCodes.0',
        'Entrada inválida: esperava um número, recebeu um valor "NaN"',
      ],
    ];
    for (const [url, field, message] of bad) {
      const res = await call(t, admin, 'GET', url);
      expect(res.status, url).toBe(400);
      expect(res.body.errors[field], `${url} ${JSON.stringify(res.body)}`).toContain(message);
    }
  });
});
