import { randomBytes } from 'node:crypto';
import { ROLES } from '@mandato/domain';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { personDataParts } from '../../person-data-parts.ts';
import type { DB } from '../../platform/db/schema.ts';
import { type TenantContext, withTenant } from '../../platform/db/tenancy.ts';
import { createPersonDataRegistry } from '../../platform/person-data.ts';
import {
  buildCompany,
  buildPerson,
  buildSegment,
  buildTag,
  type Caller,
  call,
  signedIn,
} from '../../test/crm-factories.ts';
import { type BuiltTenant, buildTenant, createTestApp, type TestApp } from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';

const MERGE = '/api/people/merge';
const undo = (code: string) => `/api/people/merge/${code}/undo`;
const linkId = () => randomBytes(16).toString('base64url');

/** Every row of the tenant in people and every referencing table, as sorted JSON texts. */
async function rowsIn(ctx: TenantContext, tables: readonly string[]) {
  const out: Record<string, string[]> = {};
  for (const table of [...new Set(['people', ...tables])].sort()) {
    const zero = table === 'report_godfather_counts' ? sql` AND n <> 0` : sql``;
    const { rows } = await sql<{ row: unknown }>`
      SELECT to_jsonb(t) AS row FROM ${sql.id(table)} t WHERE t.tenant_id = ${ctx.tenantId}${zero}`.execute(
      ctx.trx,
    );
    out[table] = rows.map((r) => JSON.stringify(r.row)).sort();
  }
  return out;
}

const ROLLED_BACK = new Error('rolled back on purpose');

describe(`merge undo after the rows it points to changed (${testEngine})`, () => {
  const registry = createPersonDataRegistry(personDataParts);
  const tables = [...new Set(registry.references().map((r) => r.table))];
  let t: TestApp;
  let tenant: BuiltTenant;
  let admin: Caller;

  beforeAll(async () => {
    t = await createTestApp({}, { personData: registry });
    tenant = await buildTenant(t);
    admin = await signedIn(t, tenant, [...ROLES], 'Administradora');
  });
  afterAll(() => t.close());

  const snapshot = () => withTenant(t.db, tenant.id, (ctx) => rowsIn(ctx, tables));
  const exec = <T>(change: (trx: Kysely<DB>) => Promise<T>) =>
    withTenant(t.db, tenant.id, ({ trx }) => change(trx));

  /** The tenant's rows as they would be had `change` happened to the data without any merge. */
  async function snapshotHad(change: (trx: Kysely<DB>) => Promise<unknown>) {
    let seen: Record<string, string[]> = {};
    await withTenant(t.db, tenant.id, async (ctx) => {
      await change(ctx.trx);
      seen = await rowsIn(ctx, tables);
      throw ROLLED_BACK;
    }).catch((error) => {
      if (error !== ROLLED_BACK) throw error;
    });
    return seen;
  }

  async function shotWith(personIds: readonly number[]) {
    return exec(async (trx) => {
      const { rows } = await sql<{ id: string }>`
        INSERT INTO mkt_shots (tenant_id, channel) VALUES (${tenant.id}, 'EMAIL') RETURNING id`.execute(trx);
      const shot = String(rows[0]?.id);
      for (const id of personIds)
        await sql`INSERT INTO mkt_shot_recipients (tenant_id, shot_id, person_id, address, link_id, status)
          VALUES (${tenant.id}, ${shot}, ${id}, 'jose@exemplo.com.br', ${linkId()}, 'SENT')`.execute(trx);
      return shot;
    });
  }

  interface Scenario {
    survivor: { code: number };
    duplicate: { code: number };
    fields?: Record<string, string>;
    /** what happens to the data after the merge (and what the expected rows had happen to them) */
    change: (trx: Kysely<DB>) => Promise<unknown>;
    /** what the user sees once the undo answered */
    check?: () => Promise<unknown>;
    /** what the undo's audit record says it cleared and left out */
    undone?: { linksCleared: number; rowsLeftOut: number };
  }

  async function mergeChangeUndo(scenario: Scenario) {
    const expected = await snapshotHad(scenario.change);
    const merged = await call(t, admin, 'POST', MERGE, {
      survivorCode: String(scenario.survivor.code),
      mergedCodes: [String(scenario.duplicate.code)],
      fields: scenario.fields ?? {},
    });
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    await exec(scenario.change);
    const undone = await call(t, admin, 'POST', undo(merged.body.data.mergeCode));
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    expect(undone.body.data.restored).toEqual([scenario.duplicate.code]);
    expect(await snapshot()).toEqual(expected);
    await scenario.check?.();
    const audit = await exec((trx) =>
      trx
        .selectFrom('audit_log')
        .select('detail')
        .where('action', '=', 'MERGE_UNDO')
        .where('subject', '=', `Mesclagem ${merged.body.data.mergeCode}`)
        .executeTakeFirstOrThrow(),
    );
    expect(audit.detail).toMatchObject(scenario.undone ?? { linksCleared: 0, rowsLeftOut: 0 });
  }

  const person = async (code: number) => {
    const res = await call(t, admin, 'GET', `/api/people/${code}`);
    expect(res.status).toBe(200);
    return res.body.data;
  };

  it('restores the merged person without the company deleted after the merge', async () => {
    const company = await buildCompany(t, admin, { name: 'Escola Apagada' });
    const survivor = await buildPerson(t, admin, { name: 'Ana Souza', email: 'ana@exemplo.com.br' });
    const duplicate = await buildPerson(t, admin, { name: 'ANA SOUZA', companyCode: company.code });
    await mergeChangeUndo({
      survivor,
      duplicate,
      change: (trx) => sql`DELETE FROM companies WHERE id = ${company.code}`.execute(trx),
      undone: { linksCleared: 1, rowsLeftOut: 0 },
      check: async () => {
        expect((await person(duplicate.code)).company).toBeNull();
        expect((await person(survivor.code)).company).toBeNull();
      },
    });
  });

  it('gives the survivor back its fields when its old company was deleted after the merge', async () => {
    const old = await buildCompany(t, admin, { name: 'Escola Antiga' });
    const chosen = await buildCompany(t, admin, { name: 'Escola Nova' });
    const survivor = await buildPerson(t, admin, { name: 'Bia Lima', companyCode: old.code, notes: 'x' });
    const duplicate = await buildPerson(t, admin, { name: 'Beatriz Lima', companyCode: chosen.code });
    await mergeChangeUndo({
      survivor,
      duplicate,
      fields: { company: String(duplicate.code), name: String(duplicate.code) },
      change: (trx) => sql`DELETE FROM companies WHERE id = ${old.code}`.execute(trx),
      undone: { linksCleared: 1, rowsLeftOut: 0 },
      check: async () => {
        expect(await person(survivor.code)).toMatchObject({ name: 'Bia Lima', company: null });
        expect((await person(duplicate.code)).company).toMatchObject({ code: chosen.code });
      },
    });
  });

  it('restores the merged person without the godfather deleted after the merge', async () => {
    const godfather = await buildPerson(t, admin, { name: 'Padrinho Apagado' });
    const survivor = await buildPerson(t, admin, { name: 'Caio Reis' });
    const duplicate = await buildPerson(t, admin, { name: 'CAIO REIS', godfatherCode: godfather.code });
    const godchild = await buildPerson(t, admin, { name: 'Afilhado', godfatherCode: duplicate.code });
    await mergeChangeUndo({
      survivor,
      duplicate,
      change: (trx) => sql`DELETE FROM people WHERE id = ${godfather.code}`.execute(trx),
      undone: { linksCleared: 1, rowsLeftOut: 0 },
      check: async () => {
        expect((await person(duplicate.code)).godfather).toBeNull();
        expect((await person(godchild.code)).godfather).toMatchObject({ code: duplicate.code });
      },
    });
  });

  it('leaves out a shot row the merge removed when the shot was deleted after the merge', async () => {
    const survivor = await buildPerson(t, admin, { name: 'Davi Cruz' });
    const duplicate = await buildPerson(t, admin, { name: 'DAVI CRUZ' });
    const both = await shotWith([survivor.code, duplicate.code]);
    const onlyDuplicate = await shotWith([duplicate.code]);
    const kept = await shotWith([survivor.code, duplicate.code]);
    await mergeChangeUndo({
      survivor,
      duplicate,
      change: (trx) => sql`DELETE FROM mkt_shots WHERE id IN (${both}, ${onlyDuplicate})`.execute(trx),
      undone: { linksCleared: 0, rowsLeftOut: 1 },
      check: () =>
        exec(async (trx) => {
          const { rows } = await sql<{ person_id: string }>`
            SELECT person_id FROM mkt_shot_recipients WHERE shot_id = ${kept} ORDER BY person_id`.execute(
            trx,
          );
          expect(rows.map((r) => Number(r.person_id))).toEqual([survivor.code, duplicate.code].sort());
        }),
    });
  });

  it('restores the merged person when a tag or a list of theirs was deleted after the merge', async () => {
    const tag = await buildTag(t, admin, `Some ${linkId().slice(0, 6)}`);
    const list = await buildSegment(t, admin, { name: 'Lista apagada' });
    const survivor = await buildPerson(t, admin, { name: 'Eva Melo' });
    const duplicate = await buildPerson(t, admin, { name: 'EVA MELO', tags: [tag.code] });
    await mergeChangeUndo({
      survivor,
      duplicate,
      change: async (trx) => {
        await sql`DELETE FROM tags WHERE id = ${tag.code}`.execute(trx);
        await sql`DELETE FROM segments WHERE id = ${list.code}`.execute(trx);
      },
    });
  });

  it('gives each person back exactly their rows after a merge of two who shared a tag, a list, shots and opt-outs', async () => {
    const shared = await buildTag(t, admin, `Comum ${linkId().slice(0, 6)}`);
    const own = await buildTag(t, admin, `Própria ${linkId().slice(0, 6)}`);
    const survivor = await buildPerson(t, admin, { name: 'Gil Prado', tags: [shared.code] });
    const duplicate = await buildPerson(t, admin, { name: 'GIL PRADO', tags: [shared.code, own.code] });
    const list = await buildSegment(t, admin, {
      name: 'Os Gil',
      expression: [{ units: [{ field: 'tags', operator: 'IN', values: [shared.code] }] }],
    });
    await shotWith([survivor.code, duplicate.code]);
    await shotWith([duplicate.code]);
    const sms = await exec(async (trx) => {
      const { rows } = await sql<{ id: string }>`
        INSERT INTO mkt_shots (tenant_id, channel) VALUES (${tenant.id}, 'SMS') RETURNING id`.execute(trx);
      const shot = String(rows[0]?.id);
      // provider_message_id has a partial unique index (0034): the two rows must both survive the round trip
      for (const [id, message] of [
        [survivor.code, `msg-${linkId()}`],
        [duplicate.code, `msg-${linkId()}`],
      ])
        await sql`INSERT INTO mkt_shot_recipients (tenant_id, shot_id, person_id, address, link_id, status, provider_message_id)
          VALUES (${tenant.id}, ${shot}, ${id}, '11987654321', ${linkId()}, 'SENT', ${message})`.execute(trx);
      for (const [id, channel, source] of [
        [survivor.code, 'EMAIL', 'LINK'],
        [duplicate.code, 'EMAIL', 'COMPLAINT'],
        [duplicate.code, 'SMS', 'REPLY'],
      ])
        await sql`INSERT INTO person_opt_outs (tenant_id, person_id, channel, source)
          VALUES (${tenant.id}, ${id}, ${channel}, ${source})`.execute(trx);
      for (const id of [survivor.code, duplicate.code])
        await sql`INSERT INTO person_consents (tenant_id, person_id, purpose, lawful_basis, source)
          VALUES (${tenant.id}, ${id}, 'Boletim', 'CONSENT', 'MANUAL')`.execute(trx);
      return shot;
    });
    const listTotal = async () => (await call(t, admin, 'GET', `/api/segments/${list.code}`)).body.data.total;
    const totalBefore = await listTotal();
    expect(totalBefore).toBe(2);
    const before = await snapshot();

    const merged = await call(t, admin, 'POST', MERGE, {
      survivorCode: String(survivor.code),
      mergedCodes: [String(duplicate.code)],
    });
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    await exec(async (trx) => {
      const { rows } = await sql<{ n: string }>`
        SELECT count(*) AS n FROM mkt_shot_recipients WHERE shot_id = ${sms} AND person_id = ${survivor.code}`.execute(
        trx,
      );
      expect(Number(rows[0]?.n)).toBe(1);
      const optOuts = await sql<{ channel: string; source: string }>`
        SELECT channel, source FROM person_opt_outs WHERE person_id = ${survivor.code} ORDER BY channel`.execute(
        trx,
      );
      expect(optOuts.rows).toEqual([
        { channel: 'EMAIL', source: 'LINK' },
        { channel: 'SMS', source: 'REPLY' },
      ]);
    });

    const undone = await call(t, admin, 'POST', undo(merged.body.data.mergeCode));
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    expect(await snapshot()).toEqual(before);
    expect(await listTotal()).toBe(totalBefore);
  });
});
