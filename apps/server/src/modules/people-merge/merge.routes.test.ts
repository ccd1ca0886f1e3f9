import { randomBytes } from 'node:crypto';
import { DUPLICATES_TEXTS, ROLES } from '@mandato/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { personDataParts } from '../../person-data-parts.ts';
import { withTenant } from '../../platform/db/tenancy.ts';
import { createPersonDataRegistry } from '../../platform/person-data.ts';
import { buildPerson, buildTag, type Caller, call, signedIn } from '../../test/crm-factories.ts';
import { type BuiltTenant, buildTenant, createTestApp, type TestApp } from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';
import { peopleMergePersonData } from './people-merge.person-data.ts';
import { knownPart, snapshot } from './test/merge-references.ts';

const MERGE = '/api/people/merge';
const undo = (code: string) => `/api/people/merge/${code}/undo`;
const linkId = () => randomBytes(16).toString('base64url');

describe(`people merge and undo (${testEngine})`, () => {
  const registry = createPersonDataRegistry(personDataParts.length > 0 ? personDataParts : [knownPart]);
  const tables = [...new Set(registry.references().map((r) => r.table))];
  let t: TestApp;
  let tenant: BuiltTenant;
  let other: BuiltTenant;
  let admin: Caller;
  let crmOnly: Caller;
  let limited: Caller;
  let reporter: Caller;
  let stranger: Caller;

  beforeAll(async () => {
    t = await createTestApp({}, { personData: registry });
    tenant = await buildTenant(t);
    other = await buildTenant(t);
    admin = await signedIn(t, tenant, [...ROLES], 'Administradora');
    crmOnly = await signedIn(t, tenant, ['ROLE_CRM', 'ROLE_CRM_ALL_DATA'], 'Assessora');
    limited = await signedIn(t, tenant, ['ROLE_CRM', 'ROLE_CONFIG'], 'Estagiário');
    reporter = await signedIn(t, tenant, ['ROLE_REPORT'], 'Relatórios');
    stranger = await signedIn(t, other, [...ROLES], 'Outra conta');
  });
  afterAll(() => t.close());

  const auditActions = () =>
    withTenant(t.db, tenant.id, ({ trx }) =>
      trx.selectFrom('audit_log').select(['action', 'subject', 'detail']).orderBy('id').execute(),
    );

  /** A survivor and a duplicate with rows in every module that references people. */
  async function seedPair() {
    const red = await buildTag(t, admin, `Vermelho ${linkId().slice(0, 6)}`);
    const blue = await buildTag(t, admin, `Azul ${linkId().slice(0, 6)}`);
    const survivor = await buildPerson(t, admin, {
      name: 'José da Silva',
      email: 'jose@exemplo.com.br',
      birthDate: '1980-05-01',
      tags: [red.code],
    });
    const duplicate = await buildPerson(t, admin, {
      name: 'JOSE DA SILVA',
      email: 'jose@exemplo.com.br',
      cellphone: '11987654321',
      birthDate: '1980-05-01',
      notes: 'veio da planilha',
      tags: [red.code, blue.code],
    });
    const godchild = await buildPerson(t, admin, { name: 'Afilhada', godfatherCode: duplicate.code });
    const s = String(survivor.code);
    const d = String(duplicate.code);
    await withTenant(t.db, tenant.id, async ({ trx }) => {
      await sql`INSERT INTO people_contacts (tenant_id, person_id, source, description, begin_at, end_at)
        VALUES (${tenant.id}, ${d}, 'PHONE', 'ligou', now(), now()), (${tenant.id}, ${s}, 'EMAIL', 'e-mail', now(), now())`.execute(
        trx,
      );
      await sql`INSERT INTO companies (tenant_id, name, main_contact_id) VALUES (${tenant.id}, 'Escola', ${d})`.execute(
        trx,
      );
      await sql`INSERT INTO sponsor_links (tenant_id, person_id, code, greeting)
        VALUES (${tenant.id}, ${d}, ${`jose-${linkId()
          .slice(0, 5)
          .toLowerCase()
          .replace(/[^a-z0-9]/g, 'a')}-123`}, 'José')`.execute(trx);
      const { rows } = await sql<{ id: string }>`
        INSERT INTO mkt_shots (tenant_id, channel) VALUES (${tenant.id}, 'EMAIL'), (${tenant.id}, 'EMAIL') RETURNING id`.execute(
        trx,
      );
      const [both, onlyDuplicate] = rows.map((r) => String(r.id));
      // the same shot reached both: the duplicate's recipient row would repeat (shot, person)
      await sql`INSERT INTO mkt_shot_recipients (tenant_id, shot_id, person_id, address, link_id, status)
        VALUES (${tenant.id}, ${both}, ${s}, 'jose@exemplo.com.br', ${linkId()}, 'SENT'),
               (${tenant.id}, ${both}, ${d}, 'jose@exemplo.com.br', ${linkId()}, 'SENT'),
               (${tenant.id}, ${onlyDuplicate}, ${d}, 'jose@exemplo.com.br', ${linkId()}, 'SENT')`.execute(
        trx,
      );
    });
    return { survivor, duplicate, godchild, red, blue };
  }

  it('merges choosing fields, moves every row, and the undo restores every table exactly', async () => {
    const { survivor, duplicate, godchild, red, blue } = await seedPair();
    const before = await snapshot(t.db, tenant.id, tables);

    const merged = await call(t, admin, 'POST', MERGE, {
      survivorCode: String(survivor.code),
      mergedCodes: [String(duplicate.code)],
      fields: { name: String(duplicate.code), cellphone: String(duplicate.code) },
    });
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    const mergeCode = merged.body.data.mergeCode as string;

    const person = await call(t, admin, 'GET', `/api/people/${survivor.code}`);
    expect(person.body.data).toMatchObject({
      name: 'JOSE DA SILVA',
      cellphone: '11987654321',
      email: 'jose@exemplo.com.br',
      notes: 'veio da planilha', // the survivor had none: the merged one's
    });
    expect((person.body.data.tags as { code: number }[]).map((x) => x.code).sort()).toEqual(
      [red.code, blue.code].sort(),
    );
    expect((await call(t, admin, 'GET', `/api/people/${duplicate.code}`)).status).toBe(404);
    expect((await call(t, admin, 'GET', `/api/people/${godchild.code}`)).body.data.godfather.code).toBe(
      survivor.code,
    );
    await withTenant(t.db, tenant.id, async ({ trx }) => {
      const count = async (q: ReturnType<typeof sql<{ n: string }>>) =>
        Number((await q.execute(trx)).rows[0]?.n);
      const s = String(survivor.code);
      const d = String(duplicate.code);
      expect(await count(sql`SELECT count(*) AS n FROM people_contacts WHERE person_id = ${s}`)).toBe(2);
      expect(await count(sql`SELECT count(*) AS n FROM mkt_shot_recipients WHERE person_id = ${s}`)).toBe(2);
      expect(await count(sql`SELECT count(*) AS n FROM mkt_shot_recipients WHERE person_id = ${d}`)).toBe(0);
      expect(await count(sql`SELECT count(*) AS n FROM sponsor_links WHERE person_id = ${s}`)).toBe(1);
      expect(await count(sql`SELECT count(*) AS n FROM companies WHERE main_contact_id = ${s}`)).toBe(1);
    });

    const undone = await call(t, admin, 'POST', undo(mergeCode));
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    expect(undone.body.data).toEqual({ mergeCode, restored: [duplicate.code] });
    expect(await snapshot(t.db, tenant.id, tables)).toEqual(before);

    const again = await call(t, admin, 'POST', undo(mergeCode));
    expect(again).toMatchObject({ status: 409, body: { message: DUPLICATES_TEXTS.alreadyUndone } });
    const audit = await auditActions();
    expect(audit.map((a) => [a.action, a.subject])).toEqual(
      expect.arrayContaining([
        ['MERGE', `Mesclagem ${mergeCode}`],
        ['MERGE_UNDO', `Mesclagem ${mergeCode}`],
      ]),
    );
    const mergeRow = audit.find((a) => a.action === 'MERGE');
    expect(mergeRow?.detail).toMatchObject({
      survivor: survivor.code,
      merged: String(duplicate.code),
      removed: 1,
    });
    expect(JSON.stringify(audit)).not.toContain('jose@exemplo.com.br');
  });

  it('merges three people with ROLE_CRM alone; the undo of a survivor merged again waits for the later one', async () => {
    const a = await buildPerson(t, crmOnly, { name: 'Ana', cpf: '52998224725' });
    const b = await buildPerson(t, crmOnly, { name: 'Ana B' });
    const c = await buildPerson(t, crmOnly, { name: 'Ana C' });
    const d = await buildPerson(t, crmOnly, { name: 'Outra Ana' });
    const first = await call(t, crmOnly, 'POST', MERGE, {
      survivorCode: a.code,
      mergedCodes: [b.code, c.code],
      fields: {},
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const second = await call(t, crmOnly, 'POST', MERGE, { survivorCode: d.code, mergedCodes: [a.code] });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(await call(t, crmOnly, 'POST', undo(first.body.data.mergeCode))).toMatchObject({
      status: 409,
      body: { message: DUPLICATES_TEXTS.survivorGone },
    });
    expect((await call(t, crmOnly, 'POST', undo(second.body.data.mergeCode))).status).toBe(200);
    expect((await call(t, crmOnly, 'POST', undo(first.body.data.mergeCode))).status).toBe(200);
    for (const p of [a, b, c, d])
      expect((await call(t, crmOnly, 'GET', `/api/people/${p.code}`)).status).toBe(200);
  });

  it('refuses hostile bodies with a pt-BR 400 and changes nothing', async () => {
    const a = await buildPerson(t, admin, { name: 'Hostil A' });
    const b = await buildPerson(t, admin, { name: 'Hostil B' });
    const foreign = await buildPerson(t, stranger, { name: 'De outro tenant' });
    const team = await call(t, admin, 'POST', '/api/people', {
      name: 'Da equipe',
      email: `equipe-${linkId().slice(0, 6).toLowerCase()}@exemplo.com.br`,
      isUser: true,
    });
    const before = await snapshot(t.db, tenant.id, tables);
    const auditBefore = (await auditActions()).length;
    const cases: [unknown, string][] = [
      [{ survivorCode: a.code, mergedCodes: [a.code] }, DUPLICATES_TEXTS.withItself],
      [{ survivorCode: a.code, mergedCodes: [b.code, b.code] }, DUPLICATES_TEXTS.repeated],
      [{ survivorCode: a.code, mergedCodes: [] }, DUPLICATES_TEXTS.mergedRequired],
      [
        { survivorCode: a.code, mergedCodes: Array.from({ length: 1000 }, (_, i) => String(i + 1)) },
        DUPLICATES_TEXTS.tooMany,
      ],
      [{ survivorCode: a.code, mergedCodes: ['999999999'] }, DUPLICATES_TEXTS.unknownPerson],
      [{ survivorCode: a.code, mergedCodes: [foreign.code] }, DUPLICATES_TEXTS.unknownPerson],
      [{ survivorCode: 'abc', mergedCodes: [b.code] }, DUPLICATES_TEXTS.invalidCode],
      [
        { survivorCode: a.code, mergedCodes: [b.code], fields: { name: '12345' } },
        DUPLICATES_TEXTS.fieldNotInMerge,
      ],
      [
        { survivorCode: a.code, mergedCodes: [b.code], fields: { tag_ids: String(b.code) } },
        'Campo informado não existe',
      ],
      [
        JSON.parse(`{"survivorCode":${a.code},"mergedCodes":[${b.code}],"fields":{"__proto__":"${b.code}"}}`),
        '',
      ],
      [{ survivorCode: a.code, mergedCodes: [b.code], constructor: 'x' }, ''],
      [{ survivorCode: a.code, mergedCodes: [b.code], fields: { name: { $gt: 1 } } }, ''],
      [{ survivorCode: `${a.code}\u0000`, mergedCodes: [b.code] }, ''],
      [{ survivorCode: '9'.repeat(100_000), mergedCodes: [b.code] }, ''],
      [{ survivorCode: a.code, mergedCodes: [team.body.data.code] }, DUPLICATES_TEXTS.teamMember],
    ];
    for (const [body, text] of cases) {
      const res = await call(t, admin, 'POST', MERGE, body);
      expect(res.status, JSON.stringify(body).slice(0, 200)).toBe(400);
      expect(typeof res.body.message).toBe('string');
      if (text) expect(JSON.stringify(res.body), JSON.stringify(body).slice(0, 200)).toContain(text);
    }
    for (const code of ['0', 'abc', '1'.repeat(40), '__proto__'])
      expect((await call(t, admin, 'POST', undo(code))).status).toBe(400);
    expect(await snapshot(t.db, tenant.id, tables)).toEqual(before);
    expect((await auditActions()).length).toBe(auditBefore);
  });

  it('checks role, tenant and the caller’s visibility', async () => {
    const a = await buildPerson(t, admin, { name: 'Papel A' });
    const b = await buildPerson(t, admin, { name: 'Papel B' });
    const body = { survivorCode: a.code, mergedCodes: [b.code] };
    expect((await call(t, reporter, 'POST', MERGE, body)).status).toBe(403);
    // the limited user sees only the contacts they created
    expect(await call(t, limited, 'POST', MERGE, body)).toMatchObject({
      status: 400,
      body: { message: DUPLICATES_TEXTS.unknownPerson },
    });
    expect((await call(t, stranger, 'POST', MERGE, body)).status).toBe(400);
    const merged = await call(t, admin, 'POST', MERGE, body);
    expect(merged.status).toBe(200);
    const code = merged.body.data.mergeCode;
    expect((await call(t, reporter, 'POST', undo(code))).status).toBe(403);
    expect((await call(t, stranger, 'POST', undo(code))).status).toBe(404);
    expect((await call(t, limited, 'POST', undo(code))).status).toBe(404);
    const noToken = await t.api.inject({
      method: 'POST',
      url: undo(code),
      headers: { 'x-schema': tenant.slug },
    });
    expect(noToken.statusCode).toBe(401);
    expect((await call(t, admin, 'POST', undo(code))).status).toBe(200);
  });

  it('refuses the undo after 30 days', async () => {
    const a = await buildPerson(t, admin, { name: 'Antiga A' });
    const b = await buildPerson(t, admin, { name: 'Antiga B' });
    const merged = await call(t, admin, 'POST', MERGE, { survivorCode: a.code, mergedCodes: [b.code] });
    const code = merged.body.data.mergeCode;
    await withTenant(t.db, tenant.id, ({ trx }) =>
      sql`UPDATE person_merges SET created_at = now() - interval '31 days' WHERE id = ${code}`.execute(trx),
    );
    expect(await call(t, admin, 'POST', undo(code))).toMatchObject({
      status: 409,
      body: { message: DUPLICATES_TEXTS.undoExpired },
    });
  });

  it('shows the records merged into a person in the access file and forgets them on erasure', async () => {
    const a = await buildPerson(t, admin, { name: 'Titular', email: 'titular@exemplo.com.br' });
    const b = await buildPerson(t, admin, { name: 'Titular antigo', email: 'antigo@exemplo.com.br' });
    const merged = await call(t, admin, 'POST', MERGE, { survivorCode: a.code, mergedCodes: [b.code] });
    const code = merged.body.data.mergeCode as string;
    const held = await withTenant(t.db, tenant.id, (ctx) =>
      peopleMergePersonData.collect(ctx, String(a.code)),
    );
    expect(held).toMatchObject({ merges: [{ code, mergedCodes: [String(b.code)], undone: false }] });
    expect(JSON.stringify(held)).toContain('antigo@exemplo.com.br');
    // erasing the merged person (as the privacy module does for either id) drops the kept records
    await withTenant(t.db, tenant.id, (ctx) => peopleMergePersonData.erase(ctx, String(b.code), 'ANONYMISE'));
    await withTenant(t.db, tenant.id, async ({ trx }) => {
      const { rows } = await sql<{
        n: string;
      }>`SELECT count(*) AS n FROM person_merges WHERE id = ${code}`.execute(trx);
      expect(Number(rows[0]?.n)).toBe(0);
    });
    expect((await call(t, admin, 'POST', undo(code))).status).toBe(404);
  });
});
