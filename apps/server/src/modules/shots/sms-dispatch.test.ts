import { parseQuietHours, quietUntil, SHOT_TEXTS, SMS_TEXTS, zonedParts } from '@mandato/domain';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../platform/db/tenancy.ts';
import { JobWorker } from '../../platform/jobs/worker.ts';
import { createSmsTransport, SmsSendError, type SmsTransport } from '../../platform/sms/sms-transport.ts';
import { enqueueShotLanes, shotRecipientsOf, shotStateOf } from '../../test/shot-dispatch-kit.ts';
import { buildFrozenShot } from '../../test/shot-factories.ts';
import { type SmsProviderServer, startSmsProviderServer } from '../../test/sms-provider-server.ts';
import { type BuiltTenant, buildTenant, createTestApp, type TestApp } from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';
import { debitMarketingCredits, grantPlan, marketingBalance } from '../marketing/accounts.service.ts';
import { smsFailure } from './shot-channel-sms.ts';
import { type ShotDispatchOptions, shotDispatchHandler } from './shot-dispatch.job.ts';
import { shotDispatchQueue } from './shot-dispatch.queue.ts';
import { smsSettingsRepository } from './sms-settings.repository.ts';
import { saveSmsSettings } from './sms-settings.service.ts';

const log = pino({ level: 'silent' });
const IDENTIFICATION = 'Gab. Ana';
/** '55' + DDD 61 + a nine-digit mobile, as the freeze stores an SMS recipient's address */
const mobile = (n: number) => `55619${String(n).padStart(8, '0')}`;

// a dispatch through a provider server in this process: seconds here, many more on a loaded machine
describe(`SMS shot dispatch to the provider's API (${testEngine})`, { timeout: 180_000 }, () => {
  let t: TestApp;
  let tenant: BuiltTenant;
  let provider: SmsProviderServer;
  let smsTransport: SmsTransport;
  let numbers = 0;
  /** numbers never used by another test of this file */
  const fresh = (n: number) => Array.from({ length: n }, () => mobile(++numbers));

  /** A worker of its own (as a server process has) sending SMS to the local provider. */
  function dispatchWorker(options: ShotDispatchOptions = {}) {
    const worker = new JobWorker(t.db, log, { pollMs: 20, batchSize: 2 });
    worker.register(
      shotDispatchQueue,
      shotDispatchHandler(
        {
          db: t.db,
          config: t.app.config,
          log,
          jobs: worker,
          shotTransport: t.app.shotTransport,
          smsTransport,
        },
        { retryDelaysSeconds: [0.2, 0.2, 0.2], batchSize: 5, ...options },
      ),
    );
    return worker;
  }

  const enqueueLanes = (tenantId: string, shotId: string, lanes?: number) =>
    enqueueShotLanes(t.db, tenantId, shotId, lanes);

  const shotOf = (tenantId: string, shotId: string) => shotStateOf(t.db, tenantId, shotId);

  /**
   * Drains the worker until the shot leaves SENDING (retries come due meanwhile), then the lanes left;
   * the deadline only bounds a broken run, however slow the machine (the tests' time-out is above it).
   */
  async function sendAll(tenantId: string, shotId: string, worker: JobWorker, seconds = 90) {
    const until = Date.now() + seconds * 1000;
    while (Date.now() < until) {
      await worker.drain();
      const shot = await shotOf(tenantId, shotId);
      if (shot.status !== 'SENDING') {
        while ((await worker.drain()) > 0) {}
        return shot;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('o envio não terminou');
  }

  const recipientsOf = (tenantId: string, shotId: string) => shotRecipientsOf(t.db, tenantId, shotId);
  const acceptedFor = (to: string) => provider.accepted.filter((m) => m.to === to);

  async function tenantWithSettings(quietHours: string | null) {
    const built = await buildTenant(t);
    await withTenant(t.db, built.id, (ctx) =>
      smsSettingsRepository.save(
        ctx,
        { sender_identification: IDENTIFICATION, quiet_hours: quietHours },
        null,
      ),
    );
    return built;
  }

  beforeAll(async () => {
    t = await createTestApp();
    // quiet hours off: the test runs at any hour (the pause has its own test)
    tenant = await tenantWithSettings('off');
    provider = await startSmsProviderServer();
    // the provider server shares this process's event loop with PGlite: on the loaded test machine
    // an answer took over a second, so the time-out (that the lost answer waits for) is generous
    smsTransport = createSmsTransport(
      { ...t.app.config.sms, providerUrl: provider.url, token: provider.token, timeoutMs: 10_000 },
      t.db,
    );
  });
  afterAll(async () => {
    smsTransport.close();
    await provider.close();
    await t.close();
  });

  it('sends the identification and the merged text once each; 429 waits for Retry-After, 5xx and a lost answer are retried without a second message, 4xx FAILED at once, an opted-out number dropped', {
    timeout: 180_000,
  }, async () => {
    const ok = fresh(8);
    const [limited, unavailable, lostAnswer, refused, optedOut] = fresh(5) as [
      string,
      string,
      string,
      string,
      string,
    ];
    provider.failNumber(limited, { status: 429, retryAfter: '2' }, 1);
    provider.failNumber(unavailable, { status: 503 }, 2);
    // the provider takes the message and the answer never comes: our time-out, then the same key again
    provider.failNumber(lostAnswer, { hang: 'after' }, 1);
    provider.failNumber(refused, { status: 400 });
    const addresses = [...ok, limited, unavailable, lostAnswer, refused, optedOut];
    const { shotId, recipients } = await buildFrozenShot(t.app, tenant.id, {
      channel: 'SMS',
      addresses,
      names: addresses.map((_, i) => `Pessoa${i} Silva`),
    });
    // opted out by a reply after the freeze: never sent
    await withTenant(t.db, tenant.id, (ctx) =>
      ctx.trx
        .insertInto('mkt_opt_outs')
        .values({ tenant_id: tenant.id, channel: 'SMS', address: optedOut, source: 'reply' })
        .execute(),
    );
    await enqueueLanes(tenant.id, shotId);
    const worker = dispatchWorker();

    const frozenAt = Date.now();
    const shot = await sendAll(tenant.id, shotId, worker);
    expect(shot).toMatchObject({ status: 'SENT', error_reason: null, paused_until: null });

    const rows = new Map((await recipientsOf(tenant.id, shotId)).map((r) => [r.address, r]));
    for (const to of [...ok, limited, unavailable, lostAnswer]) {
      const got = acceptedFor(to);
      expect(got, to).toHaveLength(1);
      expect(rows.get(to), to).toMatchObject({
        status: 'SENT',
        provider_message_id: got[0]?.id,
        delivered_at: null,
      });
      expect(rows.get(to)?.sent_at).not.toBeNull();
    }
    for (const to of ok) expect(rows.get(to)?.attempts, `${to}: ${JSON.stringify(rows.get(to))}`).toBe(1);
    expect(rows.get(limited)?.attempts).toBe(2);
    // Retry-After: 2 s, not the 0.2 s of our own back-off
    expect(new Date(rows.get(limited)?.sent_at as Date).getTime()).toBeGreaterThanOrEqual(frozenAt + 1900);
    expect(rows.get(unavailable)?.attempts).toBe(3);
    expect(rows.get(lostAnswer)?.attempts).toBe(2);
    // the idempotency key is the recipient's link id
    const byAddress = new Map(recipients.map((r) => [r.address, r]));
    expect(acceptedFor(lostAnswer)[0]?.externalId).toBe(byAddress.get(lostAnswer)?.linkId);

    expect(rows.get(refused)).toMatchObject({ status: 'FAILED', attempts: 1, sent_at: null });
    expect(rows.get(refused)?.message).toBeTruthy();
    expect(acceptedFor(refused)).toHaveLength(0);
    expect(rows.get(optedOut)).toMatchObject({ status: 'DROPPED', message: SHOT_TEXTS.droppedOptOut });
    expect(acceptedFor(optedOut)).toHaveLength(0);

    // the text: the identification, then the content with the person's first name
    expect(acceptedFor(ok[0] as string)[0]?.text).toBe(
      `${IDENTIFICATION}: Olá, Pessoa0! Audiência pública amanhã.`,
    );
    expect(acceptedFor(ok[5] as string)[0]?.text).toBe(
      `${IDENTIFICATION}: Olá, Pessoa5! Audiência pública amanhã.`,
    );
    const jobs = await t.db.kysely
      .selectFrom('jobs')
      .select('state')
      .where('queue', '=', shotDispatchQueue.name)
      .where('state', 'in', ['pending', 'active'])
      .execute();
    expect(jobs).toEqual([]);
  });

  it('the outcome of a failed send: refused FAILED at once; 429 and 5xx retried, never sooner than Retry-After', () => {
    const now = Date.now();
    const at = (o: ReturnType<typeof smsFailure>) =>
      o.kind === 'retry' ? o.nextAttemptAt.getTime() - now : -1;
    expect(smsFailure(new SmsSendError('400 Bad Request', true, 400, undefined), 1, [60])).toEqual({
      kind: 'failed',
      response: '400 Bad Request',
    });
    expect(at(smsFailure(new SmsSendError('429', false, 429, 5000), 1, [0.2]))).toBeGreaterThanOrEqual(5000);
    // our own back-off when it is longer than what the provider asked
    expect(at(smsFailure(new SmsSendError('429', false, 429, 1000), 1, [60]))).toBeGreaterThanOrEqual(60_000);
    expect(at(smsFailure(new SmsSendError('503', false, 503, undefined), 2, [1, 3]))).toBeGreaterThanOrEqual(
      3000,
    );
    expect(at(smsFailure(new Error('socket hang up'), 1, [1]))).toBeGreaterThanOrEqual(1000);
    // the delays ran out
    expect(smsFailure(new SmsSendError('503', false, 503, 1000), 3, [1, 3])).toMatchObject({
      kind: 'failed',
    });
  });

  it('a GSM-7 message gets the names without accents (the parts billed hold); a UCS-2 one keeps them', async () => {
    const [gsm, ucs] = fresh(2) as [string, string];
    const plain = await buildFrozenShot(t.app, tenant.id, {
      channel: 'SMS',
      content: 'Oi {{primeiro_nome}}, audiencia amanha as 9h',
      addresses: [gsm],
      names: ['João Conceição'],
    });
    const accented = await buildFrozenShot(t.app, tenant.id, {
      channel: 'SMS',
      content: 'Oi {{nome_completo}}, audiência amanhã',
      addresses: [ucs],
      names: ['João Conceição'],
    });
    await enqueueLanes(tenant.id, plain.shotId, 1);
    await enqueueLanes(tenant.id, accented.shotId, 1);
    const worker = dispatchWorker();
    await sendAll(tenant.id, plain.shotId, worker);
    await sendAll(tenant.id, accented.shotId, worker);
    expect(acceptedFor(gsm).map((m) => m.text)).toEqual([
      `${IDENTIFICATION}: Oi Joao, audiencia amanha as 9h`,
    ]);
    expect(acceptedFor(ucs).map((m) => m.text)).toEqual([
      `${IDENTIFICATION}: Oi João Conceição, audiência amanhã`,
    ]);
  });

  it('temporary failures run out: FAILED after the last attempt, nothing at the provider, the shot SENT', async () => {
    const [down] = fresh(1) as [string];
    provider.failNumber(down, { status: 500 });
    const { shotId } = await buildFrozenShot(t.app, tenant.id, { channel: 'SMS', addresses: [down] });
    await enqueueLanes(tenant.id, shotId, 1);
    const worker = dispatchWorker();
    expect((await sendAll(tenant.id, shotId, worker)).status).toBe('SENT');
    provider.clearFaults();
    expect(await recipientsOf(tenant.id, shotId)).toEqual([
      expect.objectContaining({ status: 'FAILED', attempts: 4, provider_message_id: null }),
    ]);
    expect(acceptedFor(down)).toHaveLength(0);
  });

  it('the quiet hours pause the shot (SENDING, paused_until at their end, nothing sent, the lanes back then); turning them off resumes it at once', {
    timeout: 180_000,
  }, async () => {
    // a window of two hours starting at the current hour in São Paulo: now is inside it
    const hour = zonedParts(new Date()).hour;
    const window = `${hour}-${(hour + 2) % 24}`;
    const night = await tenantWithSettings(window);
    const addresses = fresh(6);
    const { shotId } = await buildFrozenShot(t.app, night.id, { channel: 'SMS', addresses });
    await enqueueLanes(night.id, shotId, 2);
    const worker = dispatchWorker();
    const before = Date.now();
    await worker.drain();

    const end = quietUntil(new Date(), parseQuietHours(window) as never) as Date;
    const paused = await shotOf(night.id, shotId);
    expect(paused.status).toBe('SENDING');
    expect(new Date(paused.paused_until as Date).getTime()).toBe(end.getTime());
    expect(end.getTime()).toBeGreaterThan(before);
    expect(await recipientsOf(night.id, shotId)).toEqual(
      addresses.map(() => expect.objectContaining({ status: 'PENDING', attempts: 0, sent_at: null })),
    );
    for (const to of addresses) expect(acceptedFor(to)).toHaveLength(0);
    // both lanes come back when the window ends, not before
    const lanes = await t.db.kysely
      .selectFrom('jobs')
      .select(['state', 'run_at', 'payload'])
      .where('queue', '=', shotDispatchQueue.name)
      .where('state', '=', 'pending')
      .execute();
    expect(lanes).toHaveLength(2);
    for (const lane of lanes) expect(new Date(lane.run_at).getTime()).toBe(end.getTime());
    expect(await worker.drain()).toBe(0);

    // the tenant turns the quiet hours off (the settings' PUT, as its service): the lanes come back
    // now, not at the old window's end
    await withTenant(t.db, night.id, (ctx) =>
      saveSmsSettings({ ...ctx, app: t.app }, { user: { id: null } } as never, {
        senderIdentification: IDENTIFICATION,
        quietHours: 'off',
      }),
    );
    const due = await t.db.kysely
      .selectFrom('jobs')
      .select('run_at')
      .where('queue', '=', shotDispatchQueue.name)
      .where('state', '=', 'pending')
      .execute();
    expect(due).toHaveLength(2);
    for (const lane of due) expect(new Date(lane.run_at).getTime()).toBeLessThanOrEqual(Date.now());
    const shot = await sendAll(night.id, shotId, worker);
    expect(shot).toMatchObject({ status: 'SENT', paused_until: null });
    for (const to of addresses) expect(acceptedFor(to), to).toHaveLength(1);
    expect((await recipientsOf(night.id, shotId)).every((r) => r.status === 'SENT' && r.attempts === 1)).toBe(
      true,
    );
  });

  it('settings without an identification end the shot in ERROR: pending FAILED, recipients × parts credits back, nothing sent', async () => {
    const unset = await buildTenant(t);
    await withTenant(t.db, unset.id, (ctx) =>
      grantPlan(ctx, { type: 'SMS', credits: 100, days: 30, extra: true }),
    );
    const addresses = fresh(3);
    const { shotId } = await buildFrozenShot(t.app, unset.id, { channel: 'SMS', addresses, smsParts: 2 });
    // the freeze's debit: 3 recipients × 2 parts
    await withTenant(t.db, unset.id, (ctx) => debitMarketingCredits(ctx, 'SMS', 6, `shot:${shotId}`));
    const balance = () => withTenant(t.db, unset.id, (ctx) => marketingBalance(ctx, 'SMS'));
    expect(await balance()).toBe(94);
    await enqueueLanes(unset.id, shotId);
    const worker = dispatchWorker();
    expect(await sendAll(unset.id, shotId, worker)).toMatchObject({
      status: 'ERROR',
      error_reason: SMS_TEXTS.notConfigured,
    });
    expect(await recipientsOf(unset.id, shotId)).toEqual(
      addresses.map(() =>
        expect.objectContaining({ status: 'FAILED', message: SMS_TEXTS.notConfigured, sent_at: null }),
      ),
    );
    for (const to of addresses) expect(acceptedFor(to)).toHaveLength(0);
    // given back once, though four lanes met the error
    expect(await balance()).toBe(100);
  });
});
