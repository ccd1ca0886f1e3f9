import { MESSAGES, SMS_WEBHOOK_TEXTS } from '@mandato/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../platform/app-context.ts';
import { withTenant } from '../../platform/db/tenancy.ts';
import { buildFrozenShot, type FrozenShot } from '../../test/shot-factories.ts';
import { type SmsProviderServer, startSmsProviderServer } from '../../test/sms-provider-server.ts';
import { type BuiltTenant, buildTenant, createTestApp, type TestApp } from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';
import { shotFreezeRepository } from './shot-freeze.repository.ts';
import { assertSmsWebhookSecret } from './sms-webhooks.service.ts';

const SECRET = 'segredo-do-webhook-sms';
const ANA = '5511987654321';
const BETO = '5521987654321';
const SHARED = '5531987654321';

describe(`SMS provider webhooks (${testEngine})`, () => {
  let t: TestApp;
  let provider: SmsProviderServer;
  let first: BuiltTenant;
  let second: BuiltTenant;
  let firstShot: FrozenShot;
  let secondShot: FrozenShot;
  /** the provider's message id of each recipient sent */
  const providerIds = new Map<string, string>();
  let webhookUrl: string;

  /** Sends the shot's messages through the app's provider client and records them as the dispatch does. */
  async function sendShot(tenant: BuiltTenant, shot: FrozenShot, sentAt: Date) {
    for (const r of shot.recipients) {
      const result = await t.app.smsTransport.send({
        to: r.address,
        text: `Gabinete: audiência pública amanhã`,
        idempotencyKey: r.linkId,
        trace: { tenantId: tenant.id, shotId: shot.shotId, recipientId: r.id },
      });
      providerIds.set(r.id, result.providerMessageId);
      await withTenant(t.db, tenant.id, ({ trx }) =>
        trx
          .updateTable('mkt_shot_recipients')
          .set({ status: 'SENT', sent_at: sentAt, provider_message_id: result.providerMessageId })
          .where('id', '=', r.id)
          .execute(),
      );
    }
  }

  const recipient = (tenant: BuiltTenant, id: string) =>
    withTenant(t.db, tenant.id, ({ trx }) =>
      trx
        .selectFrom('mkt_shot_recipients')
        .select(['status', 'message', 'delivered_at', 'bounced_at', 'unsubscribed_at'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow(),
    );
  const optedOut = (tenant: BuiltTenant, numbers: string[]) =>
    withTenant(t.db, tenant.id, (ctx) => shotFreezeRepository.optedOut(ctx, 'SMS', numbers));
  const eventCount = (tenant: BuiltTenant) =>
    withTenant(t.db, tenant.id, ({ trx }) =>
      trx
        .selectFrom('mkt_shot_events')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow(),
    ).then((r) => Number(r.n));
  /** everything the webhook may change, of both tenants */
  const snapshot = async () =>
    Promise.all(
      [
        ...firstShot.recipients.map((r) => recipient(first, r.id)),
        ...secondShot.recipients.map((r) => recipient(second, r.id)),
        optedOut(first, [ANA, BETO, SHARED]).then((s) => [...s].sort()),
        optedOut(second, [SHARED]).then((s) => [...s]),
        eventCount(first),
        eventCount(second),
      ].map((p) => p as Promise<unknown>),
    );

  const idOf = (shot: FrozenShot, address: string) =>
    shot.recipients.find((r) => r.address === address)?.id as string;

  const post = (payload: unknown, headers: Record<string, string> = { 'x-mandato-webhook-secret': SECRET }) =>
    t.api.inject({
      method: 'POST',
      url: '/api/public/sms/events',
      headers: { 'content-type': 'application/json', ...headers },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });

  beforeAll(async () => {
    provider = await startSmsProviderServer();
    t = await createTestApp({
      sms: {
        providerUrl: provider.url,
        token: provider.token,
        senderId: 'gabinete',
        webhookSecret: SECRET,
        quietHours: 'off',
        timeoutMs: 5000,
      },
    });
    webhookUrl = `${await t.api.listen({ port: 0, host: '127.0.0.1' })}/api/public/sms/events`;
    provider.subscribe({
      url: webhookUrl,
      headers: { 'X-Mandato-Webhook-Secret': SECRET },
    });
    first = await buildTenant(t);
    second = await buildTenant(t);
    firstShot = await buildFrozenShot(t.app, first.id, { channel: 'SMS', addresses: [ANA, BETO, SHARED] });
    secondShot = await buildFrozenShot(t.app, second.id, { channel: 'SMS', addresses: [SHARED] });
    await sendShot(first, firstShot, new Date(Date.now() - 3_600_000));
    await sendShot(second, secondShot, new Date());
  });
  afterAll(async () => {
    await t?.close();
    await provider?.close();
  });

  it('the app sent through the provider client: one message per recipient at the provider', () => {
    expect(t.app.smsTransport.kind).toBe('provider');
    expect(provider.accepted.map((m) => m.to).sort()).toEqual([ANA, BETO, SHARED, SHARED].sort());
  });

  it('refuses a missing or wrong secret with 401 and changes nothing; no secret configured: 404', async () => {
    const before = await snapshot();
    const delivered = provider.statusEvent(providerIds.get(idOf(firstShot, ANA)) as string, 'DELIVERED');
    for (const headers of [
      {} as Record<string, string>,
      { 'x-mandato-webhook-secret': 'errado' },
      { authorization: `Bearer ${SECRET}` },
    ]) {
      const res = await post(delivered, headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(401);
      expect(res.json().message).toBe(SMS_WEBHOOK_TEXTS.unauthorized);
    }
    const sair = await provider.postEvent(provider.inboundEvent(ANA, 'SAIR'), {
      url: webhookUrl,
      headers: { 'X-Mandato-Webhook-Secret': `${SECRET}x` },
    });
    expect(sair).toBe(401);
    expect(await snapshot()).toEqual(before);
    const unset = { config: { sms: { webhookSecret: undefined } } } as unknown as AppContext;
    expect(() => assertSmsWebhookSecret(unset, SECRET)).toThrow(expect.objectContaining({ status: 404 }));
  });

  it('a DELIVERED status marks the recipient delivered; NOT_DELIVERED fails it with the provider description', async () => {
    const anaId = idOf(firstShot, ANA);
    const betoId = idOf(firstShot, BETO);
    expect(await provider.postEvent(provider.statusEvent(providerIds.get(anaId) as string, 'SENT'))).toBe(
      200,
    );
    expect((await recipient(first, anaId)).delivered_at).toBeNull();
    expect(
      await provider.postEvent(provider.statusEvent(providerIds.get(anaId) as string, 'DELIVERED')),
    ).toBe(200);
    expect((await recipient(first, anaId)).delivered_at).not.toBeNull();
    const failed = provider.statusEvent(
      providerIds.get(betoId) as string,
      'NOT_DELIVERED',
      'Número inexistente',
    );
    expect(await provider.postEvent(failed)).toBe(200);
    expect(await recipient(first, betoId)).toMatchObject({
      status: 'BOUNCED',
      message: 'Número inexistente',
    });
  });

  it('a replayed event is applied once; unknown message ids and numbers are answered the same and ignored', async () => {
    const sharedId = idOf(firstShot, SHARED);
    const rejected = provider.statusEvent(
      providerIds.get(sharedId) as string,
      'REJECTED',
      'Bloqueado pela operadora',
    );
    const res = await post(rejected);
    expect(res.statusCode).toBe(200);
    const events = await eventCount(first);
    const before = await snapshot();
    const again = await post(rejected);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(res.json());
    expect(await eventCount(first)).toBe(events);
    expect(await snapshot()).toEqual(before);

    for (const event of [
      provider.statusEvent('00000000-0000-0000-0000-000000000000', 'DELIVERED'),
      provider.inboundEvent('5511912345678', 'SAIR'),
      provider.inboundEvent('551133334444', 'SAIR'),
      provider.inboundEvent('não é número', 'SAIR'),
      { ...provider.inboundEvent(ANA, 'SAIR'), direction: 'OUT' },
    ]) {
      const answer = await post(event);
      expect(answer.statusCode, JSON.stringify(event)).toBe(200);
      expect(answer.json()).toEqual(res.json());
    }
    expect(await snapshot()).toEqual(before);
  });

  it("'Sair' and 'PARAR' opt the number out (a later freeze drops it); 'ok' does not", async () => {
    expect(await provider.postEvent(provider.inboundEvent(BETO, 'ok, obrigado'))).toBe(200);
    expect(await optedOut(first, [BETO])).toEqual(new Set());
    expect((await recipient(first, idOf(firstShot, BETO))).unsubscribed_at).toBeNull();

    // the provider's number may come with a '+' or without the country code
    expect(await provider.postEvent(provider.inboundEvent(`+${ANA}`, ' Sair '))).toBe(200);
    expect(await provider.postEvent(provider.inboundEvent(BETO.slice(2), 'PARAR'))).toBe(200);
    expect(await optedOut(first, [ANA, BETO])).toEqual(new Set([ANA, BETO]));
    expect((await recipient(first, idOf(firstShot, ANA))).unsubscribed_at).not.toBeNull();
    const optOut = await withTenant(t.db, first.id, ({ trx }) =>
      trx
        .selectFrom('mkt_opt_outs')
        .select(['source', 'shot_id', 'created_at'])
        .where('address', '=', ANA)
        .executeTakeFirstOrThrow(),
    );
    expect(optOut).toMatchObject({ source: 'reply', shot_id: expect.anything() });
    expect(String(optOut.shot_id)).toBe(firstShot.shotId);
  });

  it('a reply from a number two tenants sent to goes to the newest SMS', async () => {
    expect(await provider.postEvent(provider.inboundEvent(SHARED, 'cancelar'))).toBe(200);
    expect(await optedOut(second, [SHARED])).toEqual(new Set([SHARED]));
    expect(await optedOut(first, [SHARED])).toEqual(new Set());
  });

  it('hostile bodies are a pt-BR 400 that changes nothing (over 64 KB: 413)', async () => {
    const before = await snapshot();
    const anaMessage = providerIds.get(idOf(firstShot, ANA)) as string;
    const status = provider.statusEvent(anaMessage, 'NOT_DELIVERED', 'x');
    const inbound = provider.inboundEvent(BETO, 'SAIR');
    const message = inbound.message as Record<string, unknown>;
    const hostile: unknown[] = [
      `{"__proto__":{"polluted":1},${JSON.stringify(status).slice(1)}`,
      {
        ...status,
        messageStatus: JSON.parse('{"code":"NOT_DELIVERED","constructor":{"prototype":{"x":1}}}'),
      },
      JSON.stringify(inbound).replace('"contents":[', '"contents":[{"type":"text","__proto__":{"a":1}},'),
      { ...status, type: 'FOO' },
      { ...status, type: 1 },
      { ...status, messageStatus: 'DELIVERED' },
      { ...status, id: 5 },
      { ...status, id: '' },
      { ...status, messageStatus: { code: 'NOT_DELIVERED', description: 'd'.repeat(5000) } },
      { ...status, messageStatus: { code: 'NOT_DELIVERED', description: 'a\u0000b' } },
      { ...inbound, message: { ...message, contents: [{ type: 'text', text: 't'.repeat(3000) }] } },
      { ...inbound, message: { ...message, contents: [] } },
      { ...inbound, message: { ...message, from: 55 } },
      { ...inbound, direction: 'SIDEWAYS' },
      [status],
      'null',
      '"SAIR"',
      '{"id":',
    ];
    for (const body of hostile) {
      const res = await post(body);
      expect(
        res.statusCode,
        String(typeof body === 'string' ? body : JSON.stringify(body)).slice(0, 200),
      ).toBe(400);
      expect([SMS_WEBHOOK_TEXTS.invalid, MESSAGES.validation, MESSAGES.malformedJson]).toContain(
        res.json().message,
      );
    }
    const huge = { ...status, padding: 'p'.repeat(70 * 1024) };
    expect((await post(huge)).statusCode).toBe(413);
    expect(await snapshot()).toEqual(before);
  });
});
