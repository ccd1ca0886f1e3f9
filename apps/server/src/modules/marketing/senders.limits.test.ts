import { SENDER_TEXTS } from '@mandato/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../platform/db/tenancy.ts';
import { signedIn } from '../../test/crm-factories.ts';
import { marketingToken } from '../../test/marketing-session.ts';
import { startSmtpServer } from '../../test/smtp-server.ts';
import { type BuiltTenant, buildTenant, createTestApp, type TestApp } from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';

/** The activation e-mails of a sender, as an SMTP server receives them (issue 25 item 8). */
describe(`sender activation e-mail limits (${testEngine})`, () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let t: TestApp;
  let tenant: BuiltTenant;
  let token: string;
  let domainCode: number;

  async function mkt(method: string, url: string, payload?: unknown) {
    const res = await t.api.inject({
      method: method as 'GET',
      url,
      headers: { 'x-schema': tenant.slug, authorization: `Bearer ${token}` },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    return { status: res.statusCode, body: res.json() };
  }

  async function newSender(emailPrefix: string) {
    const res = await mkt('POST', '/api/mkt/senders', { name: 'Gabinete', emailPrefix, domainCode });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as { code: number; email: string };
  }

  /** 'Reenviar' `times` at once; the answers' statuses and messages. */
  const resend = (code: number, times: number) =>
    Promise.all(Array.from({ length: times }, () => mkt('GET', `/api/mkt/senders/${code}/send-email-token`)));

  /** The e-mails that reached the SMTP server for `email`, once the queue has run. */
  async function mailsTo(email: string): Promise<number> {
    await t.worker.drain();
    return smtp.received.filter((m) => m.to.includes(email)).length;
  }

  /** Moves every counted e-mail `seconds` into the past. */
  const later = (seconds: number) =>
    sql`UPDATE login_throttle SET window_start = window_start - make_interval(secs => ${seconds}),
      last_at = last_at - make_interval(secs => ${seconds})`.execute(t.db.kysely);

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ smtpUrl: smtp.url, mailFrom: 'Mandato <nao-responda@mandato.test>' });
    tenant = await buildTenant(t, { marketingSecret: 'segredo' });
    const manager = await signedIn(t, tenant, ['ROLE_MARKETING', 'ROLE_CONFIG'], 'Gestora');
    token = await marketingToken(t, manager.headers, tenant.slug);
    const domain = await mkt('POST', '/api/mkt/domains', { name: `limites-${tenant.slug}.exemplo.com.br` });
    domainCode = domain.body.data.code;
    await withTenant(t.db, tenant.id, ({ trx }) =>
      trx.updateTable('mkt_domains').set({ status: 'VALID' }).where('id', '=', String(domainCode)).execute(),
    );
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it("'Reenviar' 20 times: one e-mail a minute, five a day (the creation's counts in the day), per sender", async () => {
    const sender = await newSender('limite');
    const neighbour = await newSender('vizinho');
    expect(await mailsTo(sender.email)).toBe(1);

    // right after the creation's e-mail: one of 20 sent (it may not have arrived), the rest refused
    const burst = await resend(sender.code, 20);
    expect(burst.filter((r) => r.status === 200)).toHaveLength(1);
    expect(burst.filter((r) => r.status !== 200).map((r) => [r.status, r.body.message])).toEqual(
      Array(19).fill([429, SENDER_TEXTS.activationTooSoon]),
    );
    expect(await mailsTo(sender.email)).toBe(2);

    // then a minute at a time: 20 at once send one e-mail, until five in the day
    for (let sent = 3; sent <= 5; sent++) {
      await later(61);
      const answers = await resend(sender.code, 20);
      expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
      // the rest wait for the next minute, or for the next day once that e-mail was the fifth
      const message = sent < 5 ? SENDER_TEXTS.activationTooSoon : SENDER_TEXTS.activationDailyLimit;
      const refused = answers.filter((r) => r.status !== 200);
      expect(refused.map((r) => [r.status, r.body.message])).toEqual(Array(19).fill([429, message]));
      expect(await mailsTo(sender.email)).toBe(sent);
    }
    await later(61);
    const sixth = await resend(sender.code, 20);
    expect(sixth.map((r) => [r.status, r.body.message])).toEqual(
      Array(20).fill([429, SENDER_TEXTS.activationDailyLimit]),
    );
    expect(await mailsTo(sender.email)).toBe(5);

    // another sender of the same tenant has its own count
    const other = await resend(neighbour.code, 1);
    expect(other.map((r) => r.status)).toEqual([200]);
    expect(await mailsTo(neighbour.email)).toBe(2);

    // a day later the sender may have its link again
    await later(86_400);
    expect((await resend(sender.code, 1)).map((r) => r.status)).toEqual([200]);
    expect(await mailsTo(sender.email)).toBe(6);
  });

  it('an edit sends its e-mail within the same limits', async () => {
    const sender = await newSender('editado');
    const edit = () =>
      mkt('PUT', `/api/mkt/senders/${sender.code}`, { name: 'Outro', emailPrefix: 'editado', domainCode });
    expect((await edit()).status).toBe(200); // right after the creation: its e-mail counts in the day only
    const early = await mkt('PUT', `/api/mkt/senders/${sender.code}`, {
      name: 'Terceiro',
      emailPrefix: 'editado',
      domainCode,
    });
    expect(early.status).toBe(429);
    expect(early.body.message).toBe(SENDER_TEXTS.activationTooSoon);
    const list = await mkt('GET', '/api/mkt/senders');
    const kept = list.body.data.list.find((s: { code: number }) => s.code === sender.code);
    expect(kept.name).toBe('Outro'); // the refused edit changed nothing
    await later(61);
    expect((await edit()).status).toBe(200);
    expect(await mailsTo(sender.email)).toBe(3);
  });
});
