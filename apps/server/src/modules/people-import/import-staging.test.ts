import { IMPORT_MESSAGES, ROLES } from '@mandato/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../platform/db/tenancy.ts';
import { type Caller, call, signedIn } from '../../test/crm-factories.ts';
import { type BuiltTenant, buildTenant, createTestApp, type TestApp } from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';
import { postImport, type SheetRow, xlsxOf } from '../../test/xlsx-fixture.ts';

/**
 * Issue 38: an import's rows are validated and staged in short transactions (one a batch), so the
 * sheet's reading never holds the connection the embedded engine shares between every tenant; the
 * import stays hidden until its verdict, and one that fails leaves nothing behind.
 */
describe(`import staging (${testEngine})`, () => {
  let t: TestApp;
  let tenant: BuiltTenant;
  let admin: Caller;
  beforeAll(async () => {
    t = await createTestApp();
    tenant = await buildTenant(t);
    admin = await signedIn(t, tenant, [...ROLES], 'Admin');
  });
  afterAll(() => t.close());

  const stored = (of: BuiltTenant = tenant) =>
    withTenant(t.db, of.id, async (ctx) => {
      const imports = await ctx.trx
        .selectFrom('imports')
        .select(['id', 'validating_since'])
        .where('tenant_id', '=', ctx.tenantId)
        .orderBy('id')
        .execute();
      const staged = await ctx.trx
        .selectFrom('import_rows')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('tenant_id', '=', ctx.tenantId)
        .executeTakeFirstOrThrow();
      return {
        imports: imports.map((i) => ({ id: String(i.id), validating_since: i.validating_since })),
        stagedBatches: Number(staged.n),
      };
    });
  const rows = (n: number, bad?: number): SheetRow[] =>
    Array.from({ length: n }, (_, i) => ({
      nome: `Pessoa ${i}`,
      email: i === bad ? 'não é e-mail' : `p${i}@exemplo.com.br`,
    }));

  it('answers the tenant (and its history, without the import) between the batches of a sheet being validated', {
    timeout: 120_000,
  }, async () => {
    const own = await buildTenant(t);
    const who = await signedIn(t, own, [...ROLES], 'Importadora');
    const file = await xlsxOf(rows(5_000));
    let answered = false;
    const posting = postImport(t, who.headers, file, { updateBehavior: 'SKIP' }).finally(() => {
      answered = true;
    });
    // the import exists, still validating, with some batches staged: the request is mid-sheet
    // each poll yields to I/O first: the embedded engine answers in microtasks, and a loop of them
    // alone would keep the pool's messages (the rows) from ever being read
    const poll = () => new Promise<void>((resolve) => setImmediate(resolve)).then(() => stored(own));
    let seen = await poll();
    while (!answered && !(seen.imports[0]?.validating_since && seen.stagedBatches > 0)) seen = await poll();
    expect(answered, 'the import was seen mid-sheet').toBe(false);
    const history = await call(t, who, 'GET', '/api/people/imports');
    expect(history.status).toBe(200);
    expect(history.body.data.total).toBe(0);
    expect(answered, 'the history answered while the sheet was read').toBe(false);
    const res = await posting;
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'IN_PROGRESS', totalRecords: 5_000 });
    const after = await stored(own);
    expect(after.imports).toEqual([{ id: String(res.body.data.code), validating_since: null }]);
    expect(after.stagedBatches).toBe(5);
    expect((await call(t, who, 'GET', '/api/people/imports')).body.data.total).toBe(1);
    await t.worker.drain();
  });

  it('leaves nothing of a sheet refused after some of its batches were staged', async () => {
    const before = await stored();
    // the bad row is in the third batch: two were staged before the verdict
    const res = await postImport(t, admin.headers, await xlsxOf(rows(2_500, 2_400)), {
      updateBehavior: 'SKIP',
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(IMPORT_MESSAGES.inconsistencies);
    expect(Object.keys(res.body.errors)).toEqual(['2402']);
    expect(await stored()).toEqual(before);
  });

  it("leaves nothing of a sheet past the plan's contacts (refused after staging)", async () => {
    const free = await buildTenant(t, { planId: 'FREE' });
    const who = await signedIn(t, free, [...ROLES]);
    const res = await postImport(t, who.headers, await xlsxOf(rows(1_501)), { updateBehavior: 'SKIP' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(IMPORT_MESSAGES.planLimit(500, 0, 1_501));
    expect(await stored(free)).toEqual({ imports: [], stagedBatches: 0 });
  });

  it('deletes an import a crash left in validation for over an hour at the next import', async () => {
    const own = await buildTenant(t);
    const who = await signedIn(t, own, [...ROLES]);
    const left = await withTenant(t.db, own.id, async (ctx) => {
      const old = await sql<{ id: string }>`
        INSERT INTO imports (tenant_id, type, update_behavior, file_name, validating_since, batches)
        VALUES (${own.id}, 'PERSON', 'SKIP', 'caiu.xlsx', now() - interval '61 minutes', 0),
               (${own.id}, 'PERSON', 'SKIP', 'lendo.xlsx', now() - interval '5 minutes', 0)
        RETURNING id::text`.execute(ctx.trx);
      await sql`INSERT INTO import_rows (tenant_id, import_id, batch, rows)
        VALUES (${own.id}, ${old.rows[0]?.id}, 1, '[]')`.execute(ctx.trx);
      return old.rows.map((r) => r.id);
    });
    const res = await postImport(t, who.headers, await xlsxOf(rows(3)), { updateBehavior: 'SKIP' });
    expect(res.status).toBe(200);
    const after = await stored(own);
    // the abandoned one and its rows are gone; the recent one (another request's, maybe) stays hidden
    expect(after.imports.map((i) => i.id)).toEqual([left[1], String(res.body.data.code)]);
    expect(after.stagedBatches).toBe(1);
    expect((await call(t, who, 'GET', '/api/people/imports')).body.data.total).toBe(1);
    await t.worker.drain();
  });
});
