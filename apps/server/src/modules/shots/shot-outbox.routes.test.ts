import { MESSAGES, SHOT_OUTBOX_TEXTS } from '@mandato/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../platform/db/tenancy.ts';
import { type Caller, signedIn } from '../../test/crm-factories.ts';
import { PROTOTYPE_KEYS } from '../../test/hostile-json.ts';
import { marketingToken } from '../../test/marketing-session.ts';
import { buildFrozenShot, buildSendingDomain } from '../../test/shot-factories.ts';
import { type BuiltTenant, buildTenant, createTestApp, type TestApp } from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';
import { shotDispatchQueue } from './shot-dispatch.queue.ts';
import { shotFreezeRepository } from './shot-freeze.repository.ts';

describe(`shot outbox screen API (${testEngine})`, () => {
  let t: TestApp;
  let tenant: BuiltTenant;
  let other: BuiltTenant;
  let manager: Caller;
  let token: string;
  let otherToken: string;
  let shotId: string;

  async function mkt(method: string, url: string, payload?: unknown, bearer = token, slug = tenant.slug) {
    const res = await t.api.inject({
      method: method as 'GET',
      url,
      headers: { 'x-schema': slug, authorization: `Bearer ${bearer}` },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    return { status: res.statusCode, body: res.body ? res.json() : undefined };
  }
  const recipients = () =>
    withTenant(t.db, tenant.id, (ctx) =>
      ctx.trx
        .selectFrom('mkt_shot_recipients')
        .select(['address', 'status', 'message', 'delivered_at', 'spam_at'])
        .where('shot_id', '=', shotId)
        .orderBy('id')
        .execute(),
    );

  beforeAll(async () => {
    // no SMTP relay: the embedded outbox is the shot transport
    t = await createTestApp();
    tenant = await buildTenant(t, { name: 'Mandato da Vereadora Ana' });
    other = await buildTenant(t);
    // the frozen recipients have no person: only who sees every contact sees them (issue 38)
    manager = await signedIn(t, tenant, ['ROLE_MARKETING', 'ROLE_CRM', 'ROLE_CRM_ALL_DATA'], 'Gestora');
    token = await marketingToken(t, manager.headers, tenant.slug);
    otherToken = await marketingToken(t, (await signedIn(t, other, ['ROLE_MARKETING'])).headers, other.slug);
    const domain = await buildSendingDomain(t.app, tenant.id);
    const frozen = await buildFrozenShot(t.app, tenant.id, {
      senderId: domain.senderId,
      addresses: ['um@destino.example', 'dois@destino.example', 'tres@destino.example'],
    });
    shotId = frozen.shotId;
    await t.app.jobs.enqueue(shotDispatchQueue, { tenantId: tenant.id, shotId, lane: 0 });
    await t.worker.drain();
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists the messages the dispatch left in the outbox, says it is in use, and shows one', async () => {
    const page = await mkt('GET', '/api/mkt/outbox?page=1&itemsPerPage=2');
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    expect(page.body.data).toMatchObject({ total: 3, inUse: true });
    expect(page.body.data.list).toHaveLength(2);
    expect(page.body.data.list[0]).toMatchObject({
      to: 'tres@destino.example',
      shotCode: Number(shotId),
      from: expect.stringMatching(/^Gabinete da Vereadora <contato@/),
      subject: 'Olá, Pessoa',
      marked: null,
    });
    const one = await mkt('GET', `/api/mkt/outbox/${page.body.data.list[0].id}`);
    expect(one.status).toBe(200);
    // the preview: no open pixel, no tracked link (opening it here is not an open, issue 39)
    expect(one.body.data.html).not.toContain('/api/public/t/');
    expect(one.body.data.html).toContain('href="https://camara.example/audiencia?x=1&amp;y=2"');
    expect(one.body.data.html).toContain('/descadastrar/');
    expect(one.body.data.text).toContain('Mandato da Vereadora Ana');
    expect(one.body.data.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    expect((await recipients()).map((r) => r.status)).toEqual(['SENT', 'SENT', 'SENT']);
    expect((await recipients())[0]?.delivered_at).toBeNull();
  });

  it('marks messages delivered, bounced and spam: the recipients move as a relay event would move them', async () => {
    const list = (await mkt('GET', '/api/mkt/outbox')).body.data.list as { id: string; to: string }[];
    const idOf = (to: string) => list.find((m) => m.to === to)?.id as string;
    const delivered = await mkt('POST', `/api/mkt/outbox/${idOf('um@destino.example')}/mark`, {
      as: 'delivered',
    });
    expect(delivered.status, JSON.stringify(delivered.body)).toBe(200);
    expect(delivered.body.data.marked).toBe('delivered');
    expect(
      (await mkt('POST', `/api/mkt/outbox/${idOf('dois@destino.example')}/mark`, { as: 'bounce' })).status,
    ).toBe(200);
    expect(
      (await mkt('POST', `/api/mkt/outbox/${idOf('tres@destino.example')}/mark`, { as: 'spam' })).status,
    ).toBe(200);
    const [um, dois, tres] = await recipients();
    expect(um?.delivered_at).not.toBeNull();
    expect(dois).toMatchObject({ status: 'BOUNCED', message: SHOT_OUTBOX_TEXTS.markedBounce });
    expect(tres?.spam_at).not.toBeNull();
    const optOut = await withTenant(t.db, tenant.id, (ctx) =>
      ctx.trx
        .selectFrom('mkt_opt_outs')
        .select('address')
        .where('address', '=', 'tres@destino.example')
        .execute(),
    );
    expect(optOut).toHaveLength(1);
  });

  it('refuses bad input with a pt-BR 400 that changes nothing, other tenants and no token', async () => {
    const id = (await mkt('GET', '/api/mkt/outbox')).body.data.list[0].id as string;
    const before = await recipients();
    for (const body of [
      { as: 'opened' },
      { as: 'spam', extra: 1 },
      { as: 'spam\u0000' },
      { as: 1 },
      {},
      ...PROTOTYPE_KEYS.map((k) => JSON.parse(`{"as":"spam","${k}":{"polluted":1}}`)),
    ]) {
      const res = await mkt('POST', `/api/mkt/outbox/${id}/mark`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      // the route's text, or the parser's own for a prototype-named key
      expect([SHOT_OUTBOX_TEXTS.invalidMark, MESSAGES.validation], JSON.stringify(body)).toContain(
        res.body.message,
      );
    }
    expect(await recipients()).toEqual(before);
    for (const url of ['/api/mkt/outbox/abc', '/api/mkt/outbox/0', `/api/mkt/outbox/${'9'.repeat(40)}`])
      expect((await mkt('GET', url)).status, url).toBe(400);
    for (const q of ['page=0', 'itemsPerPage=1000', 'x=1', 'page=abc'])
      expect((await mkt('GET', `/api/mkt/outbox?${q}`)).status, q).toBe(400);
    expect((await mkt('GET', '/api/mkt/outbox/999999')).body.message).toBe(SHOT_OUTBOX_TEXTS.notFound);
    // another tenant sees nothing of it and cannot mark it
    const theirs = await mkt('GET', '/api/mkt/outbox', undefined, otherToken, other.slug);
    expect(theirs.body.data).toMatchObject({ total: 0, list: [] });
    expect((await mkt('GET', `/api/mkt/outbox/${id}`, undefined, otherToken, other.slug)).status).toBe(404);
    expect(
      (await mkt('POST', `/api/mkt/outbox/${id}/mark`, { as: 'spam' }, otherToken, other.slug)).status,
    ).toBe(404);
    // this tenant's token with the other tenant's slug, and no token
    expect((await mkt('GET', '/api/mkt/outbox', undefined, token, other.slug)).status).toBe(403);
    expect((await mkt('GET', '/api/mkt/outbox', undefined, 'x')).status).toBe(401);
    expect(await recipients()).toEqual(before);
  });

  describe('SMS in the outbox', () => {
    const ANA = '5511987654321';
    const BETO = '5521987654321';
    const CAIO = '5531987654321';
    let sms: Awaited<ReturnType<typeof buildFrozenShot>>;
    const smsRecipients = () =>
      withTenant(t.db, tenant.id, (ctx) =>
        ctx.trx
          .selectFrom('mkt_shot_recipients')
          .select(['address', 'status', 'message', 'delivered_at', 'unsubscribed_at'])
          .where('shot_id', '=', sms.shotId)
          .orderBy('id')
          .execute(),
      );
    const smsOptOuts = () =>
      withTenant(t.db, tenant.id, (ctx) => shotFreezeRepository.optedOut(ctx, 'SMS', [ANA, BETO, CAIO]));
    const smsList = async () =>
      (await mkt('GET', '/api/mkt/outbox?channel=SMS')).body.data.list as { id: string; to: string }[];
    const smsIdOf = async (to: string) => (await smsList()).find((m) => m.to === to)?.id as string;

    beforeAll(async () => {
      sms = await buildFrozenShot(t.app, tenant.id, { channel: 'SMS', addresses: [ANA, BETO, CAIO] });
      // as the dispatch sends them: a retry after a crash repeats the key
      for (const r of [...sms.recipients, ...sms.recipients]) {
        const result = await t.app.smsTransport.send({
          to: r.address,
          text: `Gabinete: Olá! Audiência pública amanhã (${r.address})`,
          idempotencyKey: r.linkId,
          trace: { tenantId: tenant.id, shotId: sms.shotId, recipientId: r.id },
        });
        expect(result).toEqual({
          providerMessageId: `outbox:${r.linkId}`,
          response: 'Guardada na caixa de saída',
          delivered: false,
        });
        await withTenant(t.db, tenant.id, ({ trx }) =>
          trx
            .updateTable('mkt_shot_recipients')
            .set({ status: 'SENT', sent_at: new Date(), provider_message_id: result.providerMessageId })
            .where('id', '=', r.id)
            .execute(),
        );
      }
    });

    it('keeps each SMS once per key, lists them by channel, and shows the text', async () => {
      expect(t.app.smsTransport.kind).toBe('outbox');
      const page = await mkt('GET', '/api/mkt/outbox?channel=SMS');
      expect(page.status, JSON.stringify(page.body)).toBe(200);
      expect(page.body.data).toMatchObject({ total: 3, inUse: true });
      expect(page.body.data.list.map((m: { to: string }) => m.to)).toEqual([CAIO, BETO, ANA]);
      expect(page.body.data.list[0]).toMatchObject({
        channel: 'SMS',
        shotCode: Number(sms.shotId),
        from: t.app.config.sms.senderId,
        subject: '',
        marked: null,
      });
      const email = await mkt('GET', '/api/mkt/outbox?channel=EMAIL');
      expect(email.body.data.total).toBe(3);
      expect(email.body.data.list.every((m: { channel: string }) => m.channel === 'EMAIL')).toBe(true);
      expect((await mkt('GET', '/api/mkt/outbox')).body.data.total).toBe(6);
      const one = await mkt('GET', `/api/mkt/outbox/${page.body.data.list[0].id}`);
      expect(one.body.data).toMatchObject({
        channel: 'SMS',
        text: `Gabinete: Olá! Audiência pública amanhã (${CAIO})`,
      });
      for (const q of ['channel=sms', 'channel=WHATSAPP', 'channel=']) {
        expect((await mkt('GET', `/api/mkt/outbox?${q}`)).status, q).toBe(400);
      }
    });

    it("marks an SMS delivered or failed; the other channel's marks are refused both ways", async () => {
      const ana = await smsIdOf(ANA);
      const beto = await smsIdOf(BETO);
      const before = await smsRecipients();
      for (const as of ['bounce', 'spam', 'reply']) {
        const res = await mkt('POST', `/api/mkt/outbox/${ana}/mark`, { as });
        expect(res.status, as).toBe(400);
        expect(res.body.message).toBe(SHOT_OUTBOX_TEXTS.invalidSmsMark);
      }
      const emailId = (await mkt('GET', '/api/mkt/outbox?channel=EMAIL')).body.data.list[0].id as string;
      const refused = await mkt('POST', `/api/mkt/outbox/${emailId}/mark`, { as: 'failed' });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(SHOT_OUTBOX_TEXTS.invalidMark);
      expect(await smsRecipients()).toEqual(before);

      const delivered = await mkt('POST', `/api/mkt/outbox/${ana}/mark`, { as: 'delivered' });
      expect(delivered.status, JSON.stringify(delivered.body)).toBe(200);
      expect(delivered.body.data.marked).toBe('delivered');
      expect((await mkt('POST', `/api/mkt/outbox/${beto}/mark`, { as: 'failed' })).body.data.marked).toBe(
        'failed',
      );
      const [a, b] = await smsRecipients();
      expect(a?.delivered_at).not.toBeNull();
      expect(b).toMatchObject({ status: 'BOUNCED', message: SHOT_OUTBOX_TEXTS.markedFailed });
    });

    it("a simulated 'SAIR' reply opts the number out; 'ok' only marks the reply", async () => {
      const ana = await smsIdOf(ANA);
      const caio = await smsIdOf(CAIO);
      const ok = await mkt('POST', `/api/mkt/outbox/${caio}/reply`, { text: 'ok' });
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
      expect(ok.body.data.marked).toBe('reply');
      expect(await smsOptOuts()).toEqual(new Set());
      const sair = await mkt('POST', `/api/mkt/outbox/${ana}/reply`, { text: ' sáir ' });
      expect(sair.status).toBe(200);
      expect(sair.body.data.marked).toBe('reply');
      expect(await smsOptOuts()).toEqual(new Set([ANA]));
      expect((await smsRecipients())[0]?.unsubscribed_at).not.toBeNull();
    });

    it('refuses a reply to an e-mail, bad replies, other tenants and no token; nothing changes', async () => {
      const beto = await smsIdOf(BETO);
      const emailId = (await mkt('GET', '/api/mkt/outbox?channel=EMAIL')).body.data.list[0].id as string;
      const before = [await smsRecipients(), await smsOptOuts(), await smsList()];
      const toEmail = await mkt('POST', `/api/mkt/outbox/${emailId}/reply`, { text: 'SAIR' });
      expect(toEmail.status).toBe(400);
      expect(toEmail.body.message).toBe(SHOT_OUTBOX_TEXTS.replyOnlySms);
      for (const body of [
        {},
        { text: '' },
        { text: '   ' },
        { text: 1 },
        { text: 'SAIR', extra: 1 },
        { text: 'SA\u0000IR' },
        { text: 's'.repeat(161) },
        ...PROTOTYPE_KEYS.map((k) => JSON.parse(`{"text":"SAIR","${k}":{"polluted":1}}`)),
      ]) {
        const res = await mkt('POST', `/api/mkt/outbox/${beto}/reply`, body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect([SHOT_OUTBOX_TEXTS.replyPlaceholder, MESSAGES.validation], JSON.stringify(body)).toContain(
          res.body.message,
        );
      }
      const theirs = await mkt(
        'POST',
        `/api/mkt/outbox/${beto}/reply`,
        { text: 'SAIR' },
        otherToken,
        other.slug,
      );
      expect(theirs.status).toBe(404);
      expect(
        (await mkt('POST', `/api/mkt/outbox/${beto}/mark`, { as: 'failed' }, otherToken, other.slug)).status,
      ).toBe(404);
      expect(
        (await mkt('GET', '/api/mkt/outbox?channel=SMS', undefined, otherToken, other.slug)).body.data.total,
      ).toBe(0);
      expect((await mkt('POST', `/api/mkt/outbox/${beto}/reply`, { text: 'SAIR' }, 'x')).status).toBe(401);
      expect((await mkt('POST', '/api/mkt/outbox/999999/reply', { text: 'SAIR' })).status).toBe(404);
      expect([await smsRecipients(), await smsOptOuts(), await smsList()]).toEqual(before);
    });
  });
});
