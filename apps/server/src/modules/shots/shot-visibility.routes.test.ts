import { CRM_MESSAGES, SHOT_OUTBOX_TEXTS } from '@mandato/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../platform/db/engine.ts';
import { withTenant } from '../../platform/db/tenancy.ts';
import { type Caller, call, signedIn } from '../../test/crm-factories.ts';
import { marketingToken } from '../../test/marketing-session.ts';
import {
  emailBody,
  grantEmailCredits,
  type MarketingSetup,
  marketingSetup,
  mktCall,
  userIdOf,
} from '../../test/shots-setup.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';
import { grantPlan } from '../marketing/accounts.service.ts';

/*
 * Issue 38 item 4: the marketing side shows a shot's recipients only as the CRM would. A ROLE_CRM +
 * ROLE_MARKETING user without ROLE_CRM_ALL_DATA sees in the report tabs and the outbox only the
 * contacts they created; the tabs' counts stay whole (everyone the shot reached). A recipient whose
 * person is gone (deleted in the CRM) is shown only to who sees every contact.
 */

interface Someone {
  name: string;
  email: string;
  /** as typed in the CRM, and as the SMS goes out */
  phone: string;
  number: string;
}

const HIDDEN: Someone[] = [
  {
    name: 'Helena Oculta',
    email: 'helena.oculta@exemplo.com.br',
    phone: '(11) 98888-0001',
    number: '5511988880001',
  },
  {
    name: 'Horácio Oculto',
    email: 'horacio.oculto@exemplo.com.br',
    phone: '(11) 98888-0002',
    number: '5511988880002',
  },
];
const VISIBLE: Someone[] = [
  {
    name: 'Vera Visível',
    email: 'vera.visivel@exemplo.com.br',
    phone: '(11) 97777-0001',
    number: '5511977770001',
  },
  {
    name: 'Vitor Visível',
    email: 'vitor.visivel@exemplo.com.br',
    phone: '(11) 97777-0002',
    number: '5511977770002',
  },
];
/** the limited user's own contact, deleted in the CRM after the shots went out */
const GONE: Someone = {
  name: 'Gilda Apagada',
  email: 'gilda.apagada@exemplo.com.br',
  phone: '(11) 96666-0001',
  number: '5511966660001',
};

/** Every trace of a person the caller may not see: none of it may be anywhere in an answer. */
const tracesOf = (people: Someone[]) =>
  people.flatMap((p) => [p.name, p.email, p.number, p.name.split(' ')[0]]);

async function insertPerson(db: Database, tenantId: string, ownerId: string, p: Someone): Promise<number> {
  const row = await withTenant(db, tenantId, ({ trx }) =>
    trx
      .insertInto('people')
      .values({ tenant_id: tenantId, name: p.name, email: p.email, cellphone: p.phone, created_by: ownerId })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
  return Number(row.id);
}

describe(`shot reports and outbox show only the recipients the caller may see (${testEngine})`, () => {
  let t: TestApp;
  let s: MarketingSetup;
  let limited: Caller;
  let limitedToken: string;
  let marketingOnlyToken: string;
  let stranger: MarketingSetup;
  let emailCode: number;
  let smsCode: number;
  let hiddenCodes: number[];

  const mkt = (bearer: string, method: string, url: string, payload?: unknown, tenant = s.tenant) =>
    mktCall(t, tenant, bearer, method, url, payload);
  const outbox = async (bearer: string, query = '') => {
    const res = await mkt(bearer, 'GET', `/api/mkt/outbox?page=1&itemsPerPage=100${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res;
  };
  const outboxIdOf = async (to: string) =>
    ((await outbox(s.token)).body.data.list as { id: string; to: string }[]).find((m) => m.to === to)
      ?.id as string;
  const reportOf = async (bearer: string, channel: 'emails' | 'sms', code: number, key: string, q = '') => {
    const res = await mkt(bearer, 'GET', `/api/mkt/${channel}/campaign/${code}/reports/${key}${q}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res;
  };
  const outboxMarks = () =>
    withTenant(t.db, s.tenant.id, ({ trx }) =>
      trx.selectFrom('mkt_shot_outbox').select(['to_address', 'marked']).orderBy('id').execute(),
    );

  beforeAll(async () => {
    t = await createTestApp();
    // the author sees every contact (ROLE_CRM_ALL_DATA) and sends to all of them
    s = await marketingSetup(t);
    limited = await signedIn(t, s.tenant, ['ROLE_CRM', 'ROLE_MARKETING'], 'Assessora Limitada');
    limitedToken = await marketingToken(t, limited.headers, s.tenant.slug);
    const marketingOnly = await signedIn(t, s.tenant, ['ROLE_MARKETING'], 'Só Marketing');
    marketingOnlyToken = await marketingToken(t, marketingOnly.headers, s.tenant.slug);
    stranger = await marketingSetup(t);
    const limitedId = await userIdOf(t.db, s.tenant.id, limited.user.code);

    hiddenCodes = [];
    for (const p of HIDDEN) hiddenCodes.push(await insertPerson(t.db, s.tenant.id, s.authorId, p));
    for (const p of VISIBLE) await insertPerson(t.db, s.tenant.id, limitedId, p);
    const goneCode = await insertPerson(t.db, s.tenant.id, limitedId, GONE);

    await grantEmailCredits(t.db, s.tenant.id, 100);
    await withTenant(t.db, s.tenant.id, (ctx) =>
      grantPlan(ctx, { type: 'SMS', credits: 100, days: 30, extra: true }),
    );
    const settings = await mkt(s.token, 'PUT', '/api/mkt/sms/settings', {
      senderIdentification: 'Gab. Vereadora',
      quietHours: 'off',
    });
    expect(settings.status, JSON.stringify(settings.body)).toBe(200);

    // both channels to the special list 'Pessoas' (code 1), sent and dispatched for real
    const email = await mkt(s.token, 'POST', '/api/mkt/emails/campaign', emailBody(s.senderCode, 1));
    expect(email.status, JSON.stringify(email.body)).toBe(200);
    emailCode = email.body.data.code;
    const sms = await mkt(s.token, 'POST', '/api/mkt/sms/campaign', {
      content: 'Olá, {{primeiro_nome}}! Audiência pública amanhã.',
      destination: { segment: { code: 1 } },
    });
    expect(sms.status, JSON.stringify(sms.body)).toBe(200);
    smsCode = sms.body.data.code;
    for (const [path, code] of [
      ['emails', emailCode],
      ['sms', smsCode],
    ] as const) {
      const sent = await mkt(s.token, 'POST', `/api/mkt/${path}/campaign/send/${code}`);
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    }
    while ((await t.worker.drain()) > 0) {}
    expect((await outbox(s.token)).body.data.total).toBe(10);

    // the limited user removes their own contact in the CRM: its shot rows keep no person
    const removed = await call(t, limited, 'DELETE', `/api/people/${goneCode}`);
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  it('the CRM hides the other user’s contacts from the limited user (the premise)', async () => {
    for (const code of hiddenCodes) {
      const res = await call(t, limited, 'GET', `/api/people/${code}`);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(CRM_MESSAGES.personNotFound);
    }
  });

  it('report tabs list only the visible recipients, with the whole count and paging over the visible', async () => {
    const email = await reportOf(limitedToken, 'emails', emailCode, 'processed');
    expect(email.body.data).toMatchObject({ count: 5, listed: 2 });
    expect(email.body.data.list.map((r: { contact: string }) => r.contact)).toEqual(
      VISIBLE.map((p) => p.email),
    );
    expect(email.body.data.receivers.split(';;').map((r: string) => r.split('::')[0])).toEqual(
      VISIBLE.map((p) => p.email),
    );
    const sms = await reportOf(limitedToken, 'sms', smsCode, 'processed');
    expect(sms.body.data).toMatchObject({ count: 5, listed: 2 });
    expect(sms.body.data.list.map((r: { contact: string }) => r.contact)).toEqual(
      VISIBLE.map((p) => p.number),
    );
    for (const answer of [email, sms])
      for (const trace of tracesOf([...HIDDEN, GONE]))
        expect(JSON.stringify(answer.body)).not.toContain(trace);

    const second = await reportOf(limitedToken, 'emails', emailCode, 'processed', '?page=2&itemsPerPage=1');
    expect(second.body.data).toMatchObject({ count: 5, listed: 2 });
    expect(second.body.data.list.map((r: { contact: string }) => r.contact)).toEqual([VISIBLE[1]?.email]);
    const past = await reportOf(limitedToken, 'emails', emailCode, 'processed', '?page=3&itemsPerPage=1');
    expect(past.body.data).toMatchObject({ count: 5, listed: 2, list: [], receivers: '' });

    // the shot's own figures stay whole too
    const shot = await mkt(limitedToken, 'GET', `/api/mkt/emails/campaign/${emailCode}`);
    expect(shot.body.data).toMatchObject({ totalContacts: 5 });
  });

  it('a tab made only of hidden recipients counts them and lists none', async () => {
    const hiddenId = await outboxIdOf(HIDDEN[0]?.email as string);
    const marked = await mkt(s.token, 'POST', `/api/mkt/outbox/${hiddenId}/mark`, { as: 'delivered' });
    expect(marked.status, JSON.stringify(marked.body)).toBe(200);
    const delivered = await reportOf(limitedToken, 'emails', emailCode, 'delivered');
    expect(delivered.body.data).toEqual({ count: 1, listed: 0, receivers: '', list: [] });
    const read = await mkt(limitedToken, 'GET', `/api/mkt/emails/campaign/${emailCode}`);
    expect(read.body.data).toMatchObject({ totalDelivered: 1 });
    expect((await reportOf(s.token, 'emails', emailCode, 'delivered')).body.data).toMatchObject({
      count: 1,
      listed: 1,
      list: [expect.objectContaining({ contact: HIDDEN[0]?.email })],
    });
  });

  it('the outbox lists only the visible recipients’ messages, its total and pages over them', async () => {
    const all = await outbox(limitedToken);
    expect(all.body.data.total).toBe(4);
    expect(new Set(all.body.data.list.map((m: { to: string }) => m.to))).toEqual(
      new Set(VISIBLE.flatMap((p) => [p.email, p.number])),
    );
    for (const trace of tracesOf([...HIDDEN, GONE])) expect(JSON.stringify(all.body)).not.toContain(trace);
    const email = await outbox(limitedToken, '&channel=EMAIL');
    expect(email.body.data.total).toBe(2);
    expect(new Set(email.body.data.list.map((m: { to: string }) => m.to))).toEqual(
      new Set(VISIBLE.map((p) => p.email)),
    );
    const sms = (await outbox(limitedToken, '&channel=SMS')).body.data;
    const paged = await mkt(limitedToken, 'GET', '/api/mkt/outbox?channel=SMS&page=2&itemsPerPage=1');
    expect(paged.body.data.total).toBe(2);
    expect(paged.body.data.list.map((m: { to: string }) => m.to)).toEqual([sms.list[1].to]);
    // a visible one opens, with its person's name in the body
    const first = email.body.data.list[0] as { id: string; to: string };
    const one = await mkt(limitedToken, 'GET', `/api/mkt/outbox/${first.id}`);
    expect(one.status).toBe(200);
    const person = VISIBLE.find((p) => p.email === first.to) as Someone;
    expect(one.body.data.text).toContain(person.name.split(' ')[0]);
  });

  it('a hidden or person-less message is a 404 to the limited user: not read, marked nor replied', async () => {
    const before = await outboxMarks();
    for (const to of [HIDDEN[1]?.email, HIDDEN[1]?.number, GONE.email, GONE.number] as string[]) {
      const id = await outboxIdOf(to);
      const read = await mkt(limitedToken, 'GET', `/api/mkt/outbox/${id}`);
      expect(read.status, to).toBe(404);
      expect(read.body.message).toBe(SHOT_OUTBOX_TEXTS.notFound);
      expect(JSON.stringify(read.body)).not.toContain(to);
      const as = to.includes('@') ? 'spam' : 'failed';
      const mark = await mkt(limitedToken, 'POST', `/api/mkt/outbox/${id}/mark`, { as });
      expect(mark.status, to).toBe(404);
      expect(mark.body.message).toBe(SHOT_OUTBOX_TEXTS.notFound);
      if (!to.includes('@'))
        expect(
          (await mkt(limitedToken, 'POST', `/api/mkt/outbox/${id}/reply`, { text: 'SAIR' })).status,
        ).toBe(404);
    }
    expect(await outboxMarks()).toEqual(before);
  });

  it('who sees every contact sees every recipient, the person-less ones included', async () => {
    const all = await outbox(s.token);
    expect(all.body.data.total).toBe(10);
    const email = await reportOf(s.token, 'emails', emailCode, 'processed');
    expect(email.body.data).toMatchObject({ count: 5, listed: 5 });
    expect(email.body.data.list.map((r: { contact: string }) => r.contact).sort()).toEqual(
      [...HIDDEN, ...VISIBLE, GONE].map((p) => p.email).sort(),
    );
    const gone = await mkt(s.token, 'GET', `/api/mkt/outbox/${await outboxIdOf(GONE.email)}`);
    expect(gone.status).toBe(200);
    expect(gone.body.data.to).toBe(GONE.email);
  });

  it('a marketing user who sees no contact (no ROLE_CRM) reads the counts and no recipient', async () => {
    const page = await outbox(marketingOnlyToken);
    expect(page.body.data).toMatchObject({ total: 0, list: [] });
    const report = await reportOf(marketingOnlyToken, 'emails', emailCode, 'processed');
    expect(report.body.data).toEqual({ count: 5, listed: 0, receivers: '', list: [] });
    const id = await outboxIdOf(VISIBLE[0]?.email as string);
    expect((await mkt(marketingOnlyToken, 'GET', `/api/mkt/outbox/${id}`)).status).toBe(404);
  });

  it('another tenant sees nothing of it, even with every contact of its own', async () => {
    const theirs = await mkt(stranger.token, 'GET', '/api/mkt/outbox', undefined, stranger.tenant);
    expect(theirs.body.data).toMatchObject({ total: 0, list: [] });
    const id = await outboxIdOf(VISIBLE[0]?.email as string);
    expect(
      (await mkt(stranger.token, 'GET', `/api/mkt/outbox/${id}`, undefined, stranger.tenant)).status,
    ).toBe(404);
    const report = await mkt(
      stranger.token,
      'GET',
      `/api/mkt/emails/campaign/${emailCode}/reports/processed`,
      undefined,
      stranger.tenant,
    );
    expect(report.status).toBe(404);
    for (const trace of tracesOf([...HIDDEN, ...VISIBLE, GONE]))
      expect(JSON.stringify([theirs.body, report.body])).not.toContain(trace);
  });
});
