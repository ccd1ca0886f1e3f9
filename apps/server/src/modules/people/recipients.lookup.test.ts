import { isShotEmail, type Role, shotAddress, shotMobile } from '@mandato/domain';
import { type SqlBool, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthContext, accessContext } from '../../platform/auth/guard.ts';
import { withTenant } from '../../platform/db/tenancy.ts';
import { AppError } from '../../platform/http/errors.ts';
import { userIdOf } from '../../test/shots-setup.ts';
import {
  type BuiltTenant,
  buildTenant,
  buildUser,
  createTestApp,
  type TestApp,
} from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';
import { userById } from '../users/users.lookup.ts';
import { addressOf, validAddressOf } from './people.repository.ts';
import { insertPerson } from './people-batch.lookup.ts';
import { type RecipientList, recipientCandidates } from './recipients.lookup.ts';

const CONTACTS: RecipientList = { type: 'PERSON', expression: [] };
const named = (prefix: string): RecipientList => ({
  type: 'PERSON',
  expression: [{ units: [{ field: 'name', operator: 'STARTS_WITH', values: [prefix] }] }],
});

describe(`recipients lookup (${testEngine})`, () => {
  let t: TestApp;
  let tenant: BuiltTenant;
  let other: BuiltTenant;
  let admin: AuthContext;
  let alice: AuthContext;
  let teamOnly: AuthContext;
  const inTenant = <T>(fn: Parameters<typeof withTenant<T>>[2], id = tenant.id) => withTenant(t.db, id, fn);

  async function authOf(of: BuiltTenant, permissions: Role[], name: string): Promise<AuthContext> {
    const created = await buildUser(t, of, { permissions, name });
    const id = await userIdOf(t.db, of.id, created.code);
    const tenantRecord = await t.app.identity.tenantBySlug(of.slug);
    const user = await withTenant(t.db, of.id, (ctx) => userById(ctx, id));
    if (!tenantRecord || !user) throw new Error('no user');
    return { tenant: tenantRecord, user, access: accessContext(tenantRecord, permissions) };
  }

  const person = (createdBy: AuthContext, name: string, email: string | null, cellphone: string | null) =>
    inTenant((ctx) => insertPerson(ctx, { name, email, cellphone, created_by: createdBy.user.id }));

  beforeAll(async () => {
    t = await createTestApp();
    tenant = await buildTenant(t);
    other = await buildTenant(t);
    admin = await authOf(tenant, ['ROLE_CRM', 'ROLE_CRM_ALL_DATA', 'ROLE_TEAM'], 'Admin');
    alice = await authOf(tenant, ['ROLE_CRM'], 'Alice');
    teamOnly = await authOf(tenant, ['ROLE_TEAM'], 'Equipe');
    await person(admin, 'Ana', 'ana@exemplo.com', '61988887777');
    await person(admin, 'Bruno', 'bruno@exemplo', '6133334444'); // neither address valid
    await person(admin, 'Carla', 'carla@exemplo.com.br', '(11) 91234-5678');
    await person(admin, 'Davi', null, null);
    await person(alice, 'Alice Contato', 'contato.alice@exemplo.com', '21987654321');
    await person(alice, 'Alice Saiu', 'saiu@exemplo.com', '21999998888');
    await inTenant(({ trx }) =>
      trx
        .insertInto('mkt_opt_outs')
        .values([
          { tenant_id: tenant.id, channel: 'EMAIL', address: 'saiu@exemplo.com', source: 'link' },
          { tenant_id: tenant.id, channel: 'SMS', address: '5521999998888', source: 'reply' },
          // the other channel's opt-out does not count
          { tenant_id: tenant.id, channel: 'SMS', address: 'ana@exemplo.com', source: 'manual' },
        ])
        .execute(),
    );
    const otherAdmin = await authOf(other, ['ROLE_CRM', 'ROLE_CRM_ALL_DATA'], 'Outra');
    await withTenant(t.db, other.id, (ctx) =>
      insertPerson(ctx, {
        name: 'Ana de Outro',
        email: 'ana@outro.com',
        cellphone: '61977776666',
        created_by: otherAdmin.user.id,
      }),
    );
  });
  afterAll(() => t.close());

  const allCandidates = async (auth: AuthContext, list: RecipientList, limit: number) => {
    const pages: string[][] = [];
    let after: string | null = null;
    for (;;) {
      const page = await inTenant((ctx) => recipientCandidates(ctx, auth, list, after, limit));
      pages.push(page.map((p) => p.name ?? ''));
      if (page.length < limit) return pages;
      after = page.at(-1)?.personId ?? null;
    }
  };

  it('pages the visible people of a list by person id, addresses as stored', async () => {
    expect(await allCandidates(admin, CONTACTS, 4)).toEqual([
      ['Ana', 'Bruno', 'Carla', 'Davi'],
      ['Alice Contato', 'Alice Saiu'],
    ]);
    const [first] = await inTenant((ctx) => recipientCandidates(ctx, admin, named('Carla'), null, 10));
    expect(first).toEqual({
      personId: expect.any(String),
      name: 'Carla',
      email: 'carla@exemplo.com.br',
      cellphone: '(11) 91234-5678',
    });
    const ids = (await inTenant((ctx) => recipientCandidates(ctx, admin, CONTACTS, null, 100))).map((p) =>
      BigInt(p.personId),
    );
    expect(ids).toEqual([...ids].sort((a, b) => (a < b ? -1 : 1)));
  });

  it('applies the author’s visibility: own contacts without ROLE_CRM_ALL_DATA, the list type’s role', async () => {
    expect((await allCandidates(alice, CONTACTS, 10)).flat()).toEqual(['Alice Contato', 'Alice Saiu']);
    expect((await allCandidates(alice, named('Ana'), 10)).flat()).toEqual([]);
    const team = (await allCandidates(admin, { type: 'TEAM', expression: [] }, 10)).flat();
    expect(team).toEqual(expect.arrayContaining(['Admin', 'Alice', 'Equipe']));
    expect(team).not.toContain('Ana');
    await expect(inTenant((ctx) => recipientCandidates(ctx, teamOnly, CONTACTS, null, 10))).rejects.toThrow(
      AppError,
    );
    await expect(
      inTenant((ctx) => recipientCandidates(ctx, alice, { type: 'TEAM', expression: [] }, null, 10)),
    ).rejects.toThrow(AppError);
  });

  it('the SQL rule agrees with the domain’s isShotEmail, shotMobile and shotAddress', async () => {
    const emails = [
      'ana@exemplo.com',
      'a.b+c@x.io',
      "o'neil@a.b",
      'ana',
      'ana@',
      '@exemplo.com',
      'ana@localhost',
      'ana@@exemplo.com',
      'ana@b@exemplo.com',
      'ana silva@exemplo.com',
      ' ana@exemplo.com',
      'ana@exemplo.com ',
      'ana@exemplo..com',
      'ana@.exemplo.com',
      'ana@exemplo.com.',
      'ana\t@exemplo.com',
      'ana@exem\nplo.com',
      'ana\x7f@exemplo.com',
      'joão@exemplo.com.br',
      `${'a'.repeat(242)}@exemplo.com`,
      `${'a'.repeat(243)}@exemplo.com`,
    ];
    const phones = [
      '61988887777',
      '(61) 98888-7777',
      '+55 (11) 91234-5678',
      '55988887777',
      '5555988887777',
      '6133334444',
      '20988887777',
      '10988887777',
      '6198888777',
      '619888877770',
      'abc',
      '',
      '٦١٩٨٨٨٨٧٧٧٧', // not ASCII digits: neither side reads them as digits
    ];
    const judged = (channel: 'EMAIL' | 'SMS', values: string[]) =>
      inTenant(async ({ trx }) => {
        const column = channel === 'EMAIL' ? 'email' : 'cellphone';
        const result = await sql<{ valid: SqlBool; address: string | null }>`
          SELECT ${validAddressOf[channel]} AS valid,
                 CASE WHEN ${validAddressOf[channel]} THEN ${addressOf[channel]} END AS address
          FROM unnest(${values}::text[]) WITH ORDINALITY AS v(value, n)
          CROSS JOIN LATERAL (SELECT v.value AS ${sql.id(column)}) AS p
          ORDER BY v.n`.execute(trx);
        return result.rows.map((r) => ({
          valid: r.valid === true || (r.valid as unknown) === 't',
          address: r.address,
        }));
      });
    expect(await judged('EMAIL', emails)).toEqual(
      emails.map((e) => ({ valid: isShotEmail(e), address: shotAddress('EMAIL', e) ?? null })),
    );
    expect(await judged('SMS', phones)).toEqual(
      phones.map((p) => ({ valid: shotMobile(p) !== undefined, address: shotMobile(p) ?? null })),
    );
    expect(emails.filter(isShotEmail)).toHaveLength(5);
    expect(phones.filter((p) => shotMobile(p))).toHaveLength(5);
  });
});
