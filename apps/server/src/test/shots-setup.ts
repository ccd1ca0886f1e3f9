import type { Role } from '@mandato/domain';
import { expect } from 'vitest';
import { grantPlan } from '../modules/marketing/accounts.service.ts';
import type { Database } from '../platform/db/engine.ts';
import { withTenant } from '../platform/db/tenancy.ts';
import { type Caller, signedIn } from './crm-factories.ts';
import { marketingToken } from './marketing-session.ts';
import { type BuiltTenant, buildTenant, type TestApp } from './test-app.ts';

/** The author's roles: marketing, people (all data) and the marketing settings (senders). */
export const AUTHOR_ROLES: Role[] = ['ROLE_MARKETING', 'ROLE_CRM', 'ROLE_CRM_ALL_DATA', 'ROLE_CONFIG'];

/** A call to /api/mkt with a marketing token: status and parsed body. */
export async function mktCall(
  t: Pick<TestApp, 'api'>,
  tenant: BuiltTenant,
  bearer: string,
  method: string,
  url: string,
  payload?: unknown,
) {
  const res = await t.api.inject({
    method: method as 'GET',
    url,
    headers: { 'x-schema': tenant.slug, authorization: `Bearer ${bearer}` },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return { status: res.statusCode, body: res.body ? res.json() : undefined };
}

export interface MarketingSetup {
  tenant: BuiltTenant;
  author: Caller;
  /** the author's row id (people.created_by, mkt_shots.created_by) */
  authorId: string;
  token: string;
  senderCode: number;
}

/** The row id of a user by code. */
export async function userIdOf(db: Database, tenantId: string, code: string): Promise<string> {
  const row = await withTenant(db, tenantId, ({ trx }) =>
    trx.selectFrom('users').select('id').where('code', '=', code).executeTakeFirstOrThrow(),
  );
  return String(row.id);
}

/** A tenant with a marketing author, a VALID domain and an ACTIVE sender of it. */
export async function marketingSetup(t: TestApp, roles: Role[] = AUTHOR_ROLES): Promise<MarketingSetup> {
  const tenant = await buildTenant(t, { marketingSecret: 'segredo-do-tenant' });
  const author = await signedIn(t, tenant, roles, 'Autora');
  const token = await marketingToken(t, author.headers, tenant.slug);
  const domain = await mktCall(t, tenant, token, 'POST', '/api/mkt/domains', {
    name: `envio-${tenant.slug}.exemplo.com.br`,
  });
  expect(domain.status, JSON.stringify(domain.body)).toBe(200);
  await withTenant(t.db, tenant.id, ({ trx }) =>
    trx
      .updateTable('mkt_domains')
      .set({ status: 'VALID' })
      .where('id', '=', String(domain.body.data.code))
      .execute(),
  );
  const sender = await mktCall(t, tenant, token, 'POST', '/api/mkt/senders', {
    name: 'Gabinete',
    emailPrefix: 'contato',
    domainCode: domain.body.data.code,
  });
  expect(sender.status, JSON.stringify(sender.body)).toBe(200);
  await withTenant(t.db, tenant.id, ({ trx }) =>
    trx
      .updateTable('mkt_senders')
      .set({ status: 'ACTIVE' })
      .where('id', '=', String(sender.body.data.code))
      .execute(),
  );
  const authorId = await userIdOf(t.db, tenant.id, author.user.code);
  return { tenant, author, authorId, token, senderCode: sender.body.data.code };
}

/** People of the tenant with these e-mails (null: none), owned by `ownerId`; their ids in order. */
export async function insertPeople(
  db: Database,
  tenantId: string,
  ownerId: string,
  emails: readonly (string | null)[],
  namePrefix = 'Pessoa',
): Promise<string[]> {
  return withTenant(db, tenantId, async (ctx) => {
    const ids: string[] = [];
    for (let i = 0; i < emails.length; i += 500) {
      const rows = await ctx.trx
        .insertInto('people')
        .values(
          emails.slice(i, i + 500).map((email, k) => ({
            tenant_id: ctx.tenantId,
            name: `${namePrefix} ${i + k} Silva`,
            email,
            created_by: ownerId,
          })),
        )
        .returning('id')
        .execute();
      ids.push(...rows.map((r) => String(r.id)));
    }
    return ids;
  });
}

/** An extra credit of `credits` e-mails valid for 30 days. */
export function grantEmailCredits(db: Database, tenantId: string, credits: number) {
  return withTenant(db, tenantId, (ctx) => grantPlan(ctx, { type: 'EMAIL', credits, days: 30, extra: true }));
}

/** A saved list of all the people (expression []). */
export async function allPeopleSegment(t: TestApp, who: Caller, name = 'Todos') {
  const res = await t.api.inject({
    method: 'POST',
    url: '/api/segments',
    headers: who.headers,
    payload: { name, type: 'PERSON', expression: [] },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.code as number;
}

/** The body of a valid e-mail save. */
export const emailBody = (
  senderCode: number,
  segmentCode: number,
  overrides: Record<string, unknown> = {},
) => ({
  subject: 'Convite para a audiência pública',
  htmlContent: '<p style="color:red">Olá {{primeiro_nome}}</p>',
  jsonContent: { pages: [{ component: 'texto' }] },
  senderCode,
  destination: { segment: { code: segmentCode } },
  ...overrides,
});
