import {
  composeTestSms,
  countSms,
  SHOT_TEST_LIMITS,
  SHOT_TEST_TEXTS,
  SHOT_TEXTS,
  type ShotTestAnswer,
} from '@mandato/domain';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../platform/db/tenancy.ts';
import { createShotTransport } from '../../platform/mail/shot-transport.ts';
import { signedIn } from '../../test/crm-factories.ts';
import { marketingToken } from '../../test/marketing-session.ts';
import {
  allPeopleSegment,
  emailBody,
  insertPeople,
  type MarketingSetup,
  marketingSetup,
  mktCall,
} from '../../test/shots-setup.ts';
import { startSmtpServer } from '../../test/smtp-server.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';
import { grantPlan, marketingBalance } from '../marketing/accounts.service.ts';

/**
 * Issue 40 item 3: 'Enviar teste'. The judge of the e-mail is the message a real SMTP server received
 * (parsed by mailparser): subject '[Teste] …', merge tags of the example person, no open pixel and no
 * click redirect. The SMS goes through the embedded outbox, where only its sender sees it and it
 * cannot be marked. Neither creates recipients nor moves the shot; e-mail costs nothing, SMS its parts.
 */
const EMAIL_BASE = '/api/mkt/emails/campaign';
const SMS_BASE = '/api/mkt/sms/campaign';
const SMS_CONTENT = 'Olá {{primeiro_nome}}, reunião amanhã às 19h.';
const HTML =
  '<p>Olá {{primeiro_nome}}, convite para {{nome_completo}}.</p><p><a href="https://camara.example/pauta?x=1">Pauta</a></p>';

describe(`shot test send (${testEngine})`, { timeout: 180_000 }, () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let s: MarketingSetup;
  let emailCode: number;
  let smsCode: number;

  const mkt = (method: string, url: string, payload?: unknown, setup = s) =>
    mktCall(t, setup.tenant, setup.token, method, url, payload);

  /** A fresh author (own rate-limit counter) with an e-mail and an SMS draft. */
  async function authorWithDrafts(smsCredits: number) {
    const setup = await marketingSetup(t);
    await insertPeople(t.db, setup.tenant.id, setup.authorId, ['ana@exemplo.com.br']);
    await withTenant(t.db, setup.tenant.id, ({ trx }) =>
      trx
        .updateTable('people')
        .set({ cellphone: '(11) 98765-4321' })
        .where('tenant_id', '=', setup.tenant.id)
        .execute(),
    );
    const segment = await allPeopleSegment(t, setup.author);
    const email = await mktCall(
      t,
      setup.tenant,
      setup.token,
      'POST',
      EMAIL_BASE,
      emailBody(setup.senderCode, segment, { subject: 'Convite, {{primeiro_nome}}', htmlContent: HTML }),
    );
    expect(email.status, JSON.stringify(email.body)).toBe(200);
    if (smsCredits > 0)
      await withTenant(t.db, setup.tenant.id, (ctx) =>
        grantPlan(ctx, { type: 'SMS', credits: smsCredits, days: 30, extra: true }),
      );
    const settings = await mktCall(t, setup.tenant, setup.token, 'PUT', '/api/mkt/sms/settings', {
      senderIdentification: 'Gab. Ana',
      quietHours: null,
    });
    expect(settings.status, JSON.stringify(settings.body)).toBe(200);
    const sms = await mktCall(t, setup.tenant, setup.token, 'POST', SMS_BASE, {
      content: SMS_CONTENT,
      destination: { segment: { code: segment } },
    });
    expect(sms.status, JSON.stringify(sms.body)).toBe(200);
    return { setup, emailCode: email.body.data.code as number, smsCode: sms.body.data.code as number };
  }

  const recipientsOf = (tenantId: string, code: number) =>
    withTenant(t.db, tenantId, async ({ trx }) => {
      const r = await trx
        .selectFrom('mkt_shot_recipients')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('shot_id', '=', String(code))
        .executeTakeFirstOrThrow();
      const shot = await trx
        .selectFrom('mkt_shots')
        .select(['status', 'total_contacts'])
        .where('id', '=', String(code))
        .executeTakeFirstOrThrow();
      return { recipients: Number(r.n), ...shot };
    });

  const smsBalance = (tenantId: string) => withTenant(t.db, tenantId, (ctx) => marketingBalance(ctx, 'SMS'));
  const emailBalance = (tenantId: string) =>
    withTenant(t.db, tenantId, (ctx) => marketingBalance(ctx, 'EMAIL'));

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp(
      {},
      { shotTransport: createShotTransport({ smtpUrl: smtp.url, marketing: { smtpUrl: smtp.url } }) },
    );
    ({ setup: s, emailCode, smsCode } = await authorWithDrafts(10));
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('sends the e-mail as it will go, marked as a test, untracked, with no credits and no recipient', async () => {
    const before = await recipientsOf(s.tenant.id, emailCode);
    const res = await mkt('POST', `${EMAIL_BASE}/test/${emailCode}`, {
      emails: [' Coord@Exemplo.com.br ', 'revisao@exemplo.org'],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const answer: ShotTestAnswer = res.body.data;
    expect(answer).toEqual({ sent: ['coord@exemplo.com.br', 'revisao@exemplo.org'], failed: [], credits: 0 });

    const mails = smtp.received.filter((m) => m.to[0] === 'coord@exemplo.com.br');
    expect(mails).toHaveLength(1);
    expect(smtp.received.filter((m) => m.to[0] === 'revisao@exemplo.org')).toHaveLength(1);
    const mail = await simpleParser((mails[0] as { raw: string }).raw);
    expect(mail.subject).toBe('[Teste] Convite, Maria');
    expect(mail.from?.text).toContain(`contato@envio-${s.tenant.slug}.exemplo.com.br`);
    const html = String(mail.html);
    expect(html).toContain('Olá Maria, convite para Maria da Silva Souza.');
    // the link goes straight to its target; no open pixel, no click redirect, no one-click header
    expect(html).toContain('href="https://camara.example/pauta?x=1"');
    expect(html).not.toMatch(/\/api\/public\/t\//);
    expect(html).not.toContain('{{');
    expect(mail.headers.has('list-unsubscribe')).toBe(false);
    expect(mail.messageId).toMatch(/^<teste\.[0-9a-f-]{36}@/);

    // nothing of the shot moved, nothing debited (the tenant has no e-mail credits at all)
    expect(await recipientsOf(s.tenant.id, emailCode)).toEqual(before);
    expect(before).toMatchObject({ recipients: 0, status: 'DRAFT' });
    expect(await emailBalance(s.tenant.id)).toBe(0);
  });

  it('sends the SMS to the outbox, debits its parts (the prefix counts) and keeps it out of the reports', async () => {
    const before = await smsBalance(s.tenant.id);
    const res = await mkt('POST', `${SMS_BASE}/test/${smsCode}`, {
      phones: ['(71) 98282-7939', '21998765432'],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const text = composeTestSms('Gab. Ana', SMS_CONTENT, new Date());
    expect(text).toMatch(/^\[Teste\] Gab\. Ana: Ol. Maria, reuni.o amanh. .s 19h\.$/);
    const parts = countSms(text).parts;
    expect(res.body.data).toEqual({
      sent: ['5571982827939', '5521998765432'],
      failed: [],
      credits: 2 * parts,
    });
    expect(await smsBalance(s.tenant.id)).toBe(before - 2 * parts);
    expect(await recipientsOf(s.tenant.id, smsCode)).toMatchObject({ recipients: 0, status: 'DRAFT' });

    // in the outbox: the author sees the test messages, with the text as sent; no one else does
    const outbox = await mkt('GET', '/api/mkt/outbox?channel=SMS');
    expect(outbox.status).toBe(200);
    const mine = outbox.body.data.list.filter((m: { shotCode: number }) => m.shotCode === smsCode);
    expect(mine.map((m: { to: string }) => m.to).sort()).toEqual(['5521998765432', '5571982827939']);
    expect(mine.every((m: { test: boolean }) => m.test)).toBe(true);
    const one = await mkt('GET', `/api/mkt/outbox/${mine[0].id}`);
    expect(one.body.data).toMatchObject({ text, test: true });
    // a test message is nobody's: it cannot be marked nor answered
    const marked = await mkt('POST', `/api/mkt/outbox/${mine[0].id}/mark`, { as: 'delivered' });
    expect(marked.status).toBe(409);
    expect(marked.body.message).toBe(SHOT_TEST_TEXTS.testMessage);
    const replied = await mkt('POST', `/api/mkt/outbox/${mine[0].id}/reply`, { text: 'SAIR' });
    expect(replied.status).toBe(409);

    const colleague = await signedIn(
      t,
      s.tenant,
      ['ROLE_MARKETING', 'ROLE_CRM', 'ROLE_CRM_ALL_DATA'],
      'Colega',
    );
    const colleagueToken = await marketingToken(t, colleague.headers, s.tenant.slug);
    const theirs = await mktCall(t, s.tenant, colleagueToken, 'GET', '/api/mkt/outbox?channel=SMS');
    expect(theirs.body.data.total).toBe(0);
    expect((await mktCall(t, s.tenant, colleagueToken, 'GET', `/api/mkt/outbox/${mine[0].id}`)).status).toBe(
      404,
    );
  });

  it('refuses bad lists with a pt-BR 400 that sends nothing', async () => {
    const received = smtp.received.length;
    const balance = await smsBalance(s.tenant.id);
    const six = Array.from({ length: 6 }, (_, i) => `p${i}@exemplo.com.br`);
    const cases: [string, unknown, string][] = [
      [`${EMAIL_BASE}/test/${emailCode}`, { emails: six }, SHOT_TEST_TEXTS.tooManyEmails],
      [`${EMAIL_BASE}/test/${emailCode}`, { emails: [] }, SHOT_TEST_TEXTS.emailsRequired],
      [
        `${EMAIL_BASE}/test/${emailCode}`,
        { emails: ['sem-arroba'] },
        SHOT_TEST_TEXTS.invalidEmail('sem-arroba'),
      ],
      [
        `${EMAIL_BASE}/test/${emailCode}`,
        { emails: ['a@exemplo.com.br', 'A@Exemplo.com.br'] },
        SHOT_TEST_TEXTS.duplicated('A@Exemplo.com.br'),
      ],
      [`${EMAIL_BASE}/test/${emailCode}`, { emails: ['a@exemplo.com.br'], bcc: 'x' }, ''],
      [`${EMAIL_BASE}/test/${emailCode}`, { emails: 'a@exemplo.com.br' }, ''],
      [
        `${SMS_BASE}/test/${smsCode}`,
        { phones: ['11987654321', '11987654322', '11987654323', '11987654324'] },
        SHOT_TEST_TEXTS.tooManyPhones,
      ],
      [
        `${SMS_BASE}/test/${smsCode}`,
        { phones: ['(11) 3333-4444'] },
        SHOT_TEST_TEXTS.invalidPhone('(11) 3333-4444'),
      ],
      [
        `${SMS_BASE}/test/${smsCode}`,
        { phones: ['(11) 98765-4321', '5511987654321'] },
        SHOT_TEST_TEXTS.duplicated('5511987654321'),
      ],
    ];
    for (const [url, body, message] of cases) {
      const res = await mkt('POST', url, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toBe(SHOT_TEST_TEXTS.invalidBody);
      if (message) expect(JSON.stringify(res.body.errors), JSON.stringify(body)).toContain(message);
    }
    expect(smtp.received.length).toBe(received);
    expect(await smsBalance(s.tenant.id)).toBe(balance);
  });

  it('refuses a user without ROLE_MARKETING (403), another tenant (404) and the other channel (404)', async () => {
    const other = await signedIn(t, s.tenant, ['ROLE_MARKETING', 'ROLE_CRM'], 'SemMarketing');
    const otherToken = await marketingToken(t, other.headers, s.tenant.slug);
    await withTenant(t.db, s.tenant.id, ({ trx }) =>
      trx
        .updateTable('users')
        .set({ permissions: ['ROLE_CRM'] })
        .where('code', '=', other.user.code)
        .execute(),
    );
    const refused = await mktCall(t, s.tenant, otherToken, 'POST', `${EMAIL_BASE}/test/${emailCode}`, {
      emails: ['a@exemplo.com.br'],
    });
    expect(refused.status).toBe(403);
    const session = await t.api.inject({
      method: 'POST',
      url: `${EMAIL_BASE}/test/${emailCode}`,
      headers: s.author.headers,
      payload: { emails: ['a@exemplo.com.br'] },
    });
    expect(session.statusCode).toBe(401);

    const stranger = await marketingSetup(t);
    const received = smtp.received.length;
    const notFound: [MarketingSetup, string, unknown][] = [
      [stranger, `${EMAIL_BASE}/test/${emailCode}`, { emails: ['a@exemplo.com.br'] }],
      [stranger, `${SMS_BASE}/test/${smsCode}`, { phones: ['11987654321'] }],
      // the same tenant's shot under the other channel
      [s, `${EMAIL_BASE}/test/${smsCode}`, { emails: ['a@exemplo.com.br'] }],
    ];
    for (const [setup, url, body] of notFound) {
      const res = await mktCall(t, setup.tenant, setup.token, 'POST', url, body);
      expect(res.status, url).toBe(404);
      expect(res.body.message).toBe(SHOT_TEXTS.notFound);
    }
    expect(smtp.received.length).toBe(received);
  });

  it('debits nothing and sends nothing without SMS credits (409)', async () => {
    const poor = await authorWithDrafts(0);
    const res = await mkt(
      'POST',
      `${SMS_BASE}/test/${poor.smsCode}`,
      { phones: ['11987654321'] },
      poor.setup,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(409);
    const outbox = await mkt('GET', '/api/mkt/outbox?channel=SMS', undefined, poor.setup);
    expect(outbox.body.data.total).toBe(0);
  });

  it(`limits each user to ${SHOT_TEST_LIMITS.perUser} test sends an hour, both channels together (429 in pt-BR)`, async () => {
    const busy = await authorWithDrafts(100);
    const url = `${EMAIL_BASE}/test/${busy.emailCode}`;
    const to = (i: number) => ({ emails: [`limite${i}@exemplo.com.br`] });
    const sms = await mkt(
      'POST',
      `${SMS_BASE}/test/${busy.smsCode}`,
      { phones: ['11987654321'] },
      busy.setup,
    );
    expect(sms.status).toBe(200);
    for (let i = 1; i < SHOT_TEST_LIMITS.perUser; i++)
      expect((await mkt('POST', url, to(i), busy.setup)).status, `send ${i}`).toBe(200);
    const received = smtp.received.length;
    const refused = await mkt('POST', url, to(99), busy.setup);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(SHOT_TEST_TEXTS.rateLimited);
    expect(smtp.received.length).toBe(received);
    const balance = await smsBalance(busy.setup.tenant.id);
    const smsRefused = await mkt(
      'POST',
      `${SMS_BASE}/test/${busy.smsCode}`,
      { phones: ['11987654321'] },
      busy.setup,
    );
    expect(smsRefused.status).toBe(429);
    expect(await smsBalance(busy.setup.tenant.id)).toBe(balance);
    // another user has a counter of their own
    expect((await mkt('POST', `${EMAIL_BASE}/test/${emailCode}`, to(100))).status).toBe(200);
  });
});
