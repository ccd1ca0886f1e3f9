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
 * history shows the import as validating until its verdict, and one refused within the answer's
 * wait leaves nothing behind. Past the wait (IMPORT_VERDICT_WAIT_MS) the answer is a 202 and the
 * verdict is recorded on the import.
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

  it('answers the tenant (and its history, the import validating) between the batches of a sheet being validated', {
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
    expect(history.body.data.total).toBe(1);
    expect(history.body.data.list[0]).toMatchObject({
      status: 'IN_PROGRESS',
      validating: true,
      failure: false,
    });
    expect(history.body.data.list[0].totalRecords % 1000, 'the rows read so far, by batch').toBe(0);
    expect(answered, 'the history answered while the sheet was read').toBe(false);
    const res = await posting;
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'IN_PROGRESS', totalRecords: 5_000, validating: false });
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

  it('records a validation a crash left without progress for over 10 minutes as failed, at the next import', async () => {
    const own = await buildTenant(t);
    const who = await signedIn(t, own, [...ROLES]);
    const left = await withTenant(t.db, own.id, async (ctx) => {
      const old = await sql<{ id: string }>`
        INSERT INTO imports (tenant_id, type, update_behavior, file_name, validating_since, batches)
        VALUES (${own.id}, 'PERSON', 'SKIP', 'caiu.xlsx', now() - interval '11 minutes', 1),
               (${own.id}, 'PERSON', 'SKIP', 'lendo.xlsx', now() - interval '1 minute', 0)
        RETURNING id::text`.execute(ctx.trx);
      await sql`INSERT INTO import_rows (tenant_id, import_id, batch, rows)
        VALUES (${own.id}, ${old.rows[0]?.id}, 1, '[]')`.execute(ctx.trx);
      return old.rows.map((r) => r.id);
    });
    const [stalled, recent] = left as [string, string];
    const interrupted = [{ line: 0, recordPK: null, text: IMPORT_MESSAGES.validationInterrupted }];
    // before the next import, the history already tells the stalled one failed
    const shown = await call(t, who, 'GET', `/api/people/imports/${stalled}/status`);
    expect(shown.body.data).toMatchObject({ status: 'ERROR', failure: true, validating: false });
    expect((await call(t, who, 'GET', `/api/people/imports/${stalled}/logs`)).body.data.list).toEqual(
      interrupted,
    );
    expect((await call(t, who, 'GET', `/api/people/imports/${recent}/status`)).body.data).toMatchObject({
      status: 'IN_PROGRESS',
      validating: true,
    });

    const res = await postImport(t, who.headers, await xlsxOf(rows(3)), { updateBehavior: 'SKIP' });
    expect(res.status).toBe(200);
    const after = await stored(own);
    // the stalled one ended (its rows gone), the recent one (another request's, maybe) goes on
    expect(after.imports).toEqual([
      { id: stalled, validating_since: null },
      { id: recent, validating_since: expect.any(Date) },
      { id: String(res.body.data.code), validating_since: null },
    ]);
    expect(after.stagedBatches).toBe(1);
    expect((await call(t, who, 'GET', `/api/people/imports/${stalled}/logs`)).body.data.list).toEqual(
      interrupted,
    );
    expect((await call(t, who, 'GET', '/api/people/imports')).body.data.total).toBe(3);
    await t.worker.drain();
  });
});

/** Past the answer's wait (0 here, so every sheet takes it) the import answers 202 and goes on. */
describe(`an import whose verdict comes after the answer (${testEngine})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ importVerdictWaitMs: 0 });
  });
  afterAll(() => t.close());

  const rows = (n: number, bad?: number): SheetRow[] =>
    Array.from({ length: n }, (_, i) => ({
      nome: `Pessoa ${i}`,
      email: i === bad ? 'não é e-mail' : `p${i}@exemplo.com.br`,
    }));
  /** The import once its verdict is in (the history is read as a person's screen would poll it). */
  async function verdictOf(who: Caller, code: number) {
    for (;;) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      const res = await call(t, who, 'GET', `/api/people/imports/${code}/status`);
      if (!res.body.data.validating) return res.body.data;
    }
  }
  const people = (tenantId: string) =>
    withTenant(t.db, tenantId, async (ctx) => {
      const found = await ctx.trx
        .selectFrom('people')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('tenant_id', '=', ctx.tenantId)
        .executeTakeFirstOrThrow();
      const staged = await ctx.trx
        .selectFrom('import_rows')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('tenant_id', '=', ctx.tenantId)
        .executeTakeFirstOrThrow();
      return { people: Number(found.n), staged: Number(staged.n) };
    });

  it('answers 202 with the import validating, then imports the valid sheet', async () => {
    const own = await buildTenant(t);
    const who = await signedIn(t, own, [...ROLES]);
    const before = await people(own.id);
    const res = await postImport(t, who.headers, await xlsxOf(rows(1_200)), { updateBehavior: 'SKIP' });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.body.data).toMatchObject({
      status: 'IN_PROGRESS',
      validating: true,
      fileName: expect.any(String),
    });
    const verdict = await verdictOf(who, res.body.data.code);
    expect(verdict).toMatchObject({ status: 'IN_PROGRESS', validating: false, totalRecords: 1_200 });
    await t.worker.drain();
    const done = await call(t, who, 'GET', `/api/people/imports/${res.body.data.code}/status`);
    expect(done.body.data).toMatchObject({ status: 'CONCLUDED', totalSuccess: 1_200 });
    expect(await people(own.id)).toEqual({ people: before.people + 1_200, staged: 0 });
  });

  it('records a sheet refused after the answer: Erro, the inconsistencies in its log, nothing imported', async () => {
    const own = await buildTenant(t);
    const who = await signedIn(t, own, [...ROLES]);
    const before = await people(own.id);
    const res = await postImport(t, who.headers, await xlsxOf(rows(2_500, 2_400)), {
      updateBehavior: 'SKIP',
    });
    expect(res.status).toBe(202);
    const verdict = await verdictOf(who, res.body.data.code);
    expect(verdict).toMatchObject({ status: 'ERROR', failure: true, validating: false });
    const logs = await call(t, who, 'GET', `/api/people/imports/${res.body.data.code}/logs`);
    expect(logs.body.data.list).toEqual([
      { line: 2402, recordPK: null, text: expect.stringMatching(/^email: /) },
    ]);
    await t.worker.drain();
    expect(await people(own.id)).toEqual({ ...before, staged: 0 });
  });

  it("records a sheet past the plan's contacts after the answer, with the plan's message", async () => {
    const free = await buildTenant(t, { planId: 'FREE' });
    const who = await signedIn(t, free, [...ROLES]);
    const before = await people(free.id);
    const res = await postImport(t, who.headers, await xlsxOf(rows(1_501)), { updateBehavior: 'SKIP' });
    expect(res.status).toBe(202);
    expect(await verdictOf(who, res.body.data.code)).toMatchObject({ status: 'ERROR', failure: true });
    const logs = await call(t, who, 'GET', `/api/people/imports/${res.body.data.code}/logs`);
    expect(logs.body.data.list).toEqual([
      { line: 0, recordPK: null, text: IMPORT_MESSAGES.planLimit(500, 0, 1_501) },
    ]);
    expect(await people(free.id)).toEqual({ ...before, staged: 0 });
  });
});
