import path from 'node:path';
import { ROLES } from '@mandato/domain';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../platform/config/config.ts';
import type { Database } from '../../platform/db/engine.ts';
import { withTenant } from '../../platform/db/tenancy.ts';
import { JobWorker } from '../../platform/jobs/worker.ts';
import { createAppContext } from '../../services.ts';
import { signedIn } from '../../test/crm-factories.ts';
import { killWorkerAtProgress, restartableDatabase } from '../../test/restartable-database.ts';
import { buildTenant, type TestApp } from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';
import { postImport, type SheetRow, xlsxOf } from '../../test/xlsx-fixture.ts';
import { importHandler, importQueue } from './people-import.job.ts';

const log = pino({ level: 'silent' });
const CHILD = path.resolve(import.meta.dirname, '../../test/import-worker-child.ts');
/** batches of 1,000: 12 on PostgreSQL, 6 on PGlite (slower; the kill comes after the third) */
const ROWS = testEngine === 'pglite' ? 6_000 : 12_000;
/** rows of the file before this line that have an e-mail are stored already (2,000 people) */
const STORED_UNTIL = 3_000;

/** The file: people with e-mails (half of them already stored: OVERWRITE) and people with none. */
function rows(): SheetRow[] {
  return Array.from({ length: ROWS }, (_, i) =>
    i % 3 === 0
      ? { nome: `Sem Email ${i}`, celular: `819${String(i).padStart(8, '0')}`, tags: `Lote ${i % 7}` }
      : { nome: `Pessoa ${i}`, email: `p${i}@exemplo.com.br`, profissao: 'Nova', tags: 'Importada' },
  );
}

describe(`an import killed mid-job (SIGKILL) resumes exactly once (${testEngine})`, () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  it('loses no row and doubles none', { timeout: 240_000 }, async () => {
    const { open, env, cleanup } = await restartableDatabase('mandato-import');
    cleanups.push(cleanup);
    let db: Database = await open();
    const config = loadConfig({ NODE_ENV: 'test', WEB_DIST: '/nonexistent' });
    const { app } = await createAppContext(config, db, log);
    const api = await buildApp(app);
    const t = { db, app, api } as unknown as TestApp;
    const tenant = await buildTenant(t);
    const admin = await signedIn(t, tenant, [...ROLES]);
    // half of the e-mails are stored already (with another profession)
    await withTenant(db, tenant.id, async (ctx) => {
      const stored = [];
      for (let k = 0; k < STORED_UNTIL; k++)
        if (k % 3 !== 0)
          stored.push({
            tenant_id: ctx.tenantId,
            name: `Antiga ${k}`,
            email: `p${k}@exemplo.com.br`,
            profession: 'Antiga',
          });
      for (let i = 0; i < stored.length; i += 500)
        await ctx.trx
          .insertInto('people')
          .values(stored.slice(i, i + 500))
          .execute();
    });
    const countBefore = await peopleCount(db, tenant.id);
    const started = await postImport(t, admin.headers, await xlsxOf(rows()), { updateBehavior: 'OVERWRITE' });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const importId = String(started.body.data.code);
    await api.close();
    await app.mailer.close();
    await db.close();

    // a worker process, killed with SIGKILL once some batches are committed
    const childEnv = { ...process.env, ...env, CHILD_TENANT_ID: tenant.id, CHILD_IMPORT_ID: importId };
    const killedAt = await killWorkerAtProgress(CHILD, childEnv, 3);

    db = await open();
    const midway = await importRow(db, tenant.id, importId);
    expect(midway.status).toBe('IN_PROGRESS');
    expect(midway.batches_done).toBeGreaterThanOrEqual(killedAt);
    expect(midway.batches_done).toBeLessThan(midway.batches);

    // the restarted server's worker takes the job again once its lock expired, from the cursor
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const worker = new JobWorker(db, log, { pollMs: 20 }).register(importQueue, importHandler({ db, log }));
    expect(await worker.drain()).toBe(1);
    const done = await importRow(db, tenant.id, importId);
    expect(done.status).toBe('CONCLUDED');
    expect(done.batches_done).toBe(done.batches);
    expect(done.total_success + done.total_error + done.total_skip).toBe(ROWS);
    expect([done.total_records, done.total_success, done.total_error]).toEqual([ROWS, ROWS, 0]);

    const stored = await withTenant(db, tenant.id, (ctx) =>
      ctx.trx
        .selectFrom('people')
        .select(['name', 'email', 'profession', 'cellphone'])
        .where('is_team', '=', false)
        .execute(),
    );
    // every row once: the new ones added, the stored ones overwritten, none doubled
    const newOnes = rows().filter((r, i) => !r.email || i >= STORED_UNTIL).length;
    expect(stored.length).toBe(countBefore + newOnes);
    const names = stored.map((p) => p.name);
    expect(new Set(names).size).toBe(names.length);
    for (const [i, r] of rows().entries()) expect(names.includes(r.nome as string), `${i}`).toBe(true);
    expect(stored.filter((p) => p.profession === 'Antiga')).toEqual([]);
    const tagged = await withTenant(db, tenant.id, (ctx) =>
      ctx.trx
        .selectFrom('person_tags')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow(),
    );
    expect(Number(tagged.n)).toBe(ROWS);
    await db.close();
  });
});

async function peopleCount(db: Database, tenantId: string) {
  return withTenant(db, tenantId, async (ctx) =>
    Number(
      (
        await ctx.trx
          .selectFrom('people')
          .where('is_team', '=', false)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
  );
}

function importRow(db: Database, tenantId: string, importId: string) {
  return withTenant(db, tenantId, (ctx) =>
    ctx.trx.selectFrom('imports').selectAll().where('id', '=', importId).executeTakeFirstOrThrow(),
  );
}
