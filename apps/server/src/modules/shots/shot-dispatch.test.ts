import net from 'node:net';
import { SHOT_TEXTS, UNSUBSCRIBE_TEXTS } from '@mandato/domain';
import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../platform/db/tenancy.ts';
import { JobWorker } from '../../platform/jobs/worker.ts';
import {
  createShotTransport,
  OUTBOX_RESPONSE,
  SHOT_SMTP_TIMEOUT_MS,
  ShotSendError,
} from '../../platform/mail/shot-transport.ts';
import { enqueueShotLanes, shotRecipientsOf, shotStateOf } from '../../test/shot-dispatch-kit.ts';
import {
  buildFrozenShot,
  buildSendingDomain,
  type SendingDomain,
  verifyDkim,
} from '../../test/shot-factories.ts';
import { grantEmailCredits } from '../../test/shots-setup.ts';
import { startSmtpServer } from '../../test/smtp-server.ts';
import { type BuiltTenant, buildTenant, createTestApp, type TestApp } from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';
import { debitMarketingCredits, marketingBalance } from '../marketing/accounts.service.ts';
import { type ShotDispatchOptions, shotDispatchHandler } from './shot-dispatch.job.ts';
import { shotDispatchQueue } from './shot-dispatch.queue.ts';

const log = pino({ level: 'silent' });

/** The decoded text of a raw message (quoted-printable soft breaks and escapes undone). */
function decoded(raw: string): string {
  const joined = raw.replace(/=\r\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined[i] === '=' ? /^[0-9A-F]{2}$/.exec(joined.slice(i + 1, i + 3)) : null;
    if (hex) {
      bytes.push(Number.parseInt(hex[0], 16));
      i += 2;
    } else bytes.push(...Buffer.from(joined[i] as string, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

// sending hundreds of messages through an SMTP server in this process: seconds here, many more on a
// loaded machine (two workers on 240 recipients took 18 s at load 12)
describe(`shot dispatch (${testEngine})`, { timeout: 180_000 }, () => {
  let t: TestApp;
  let tenant: BuiltTenant;
  let domain: SendingDomain;
  const refuse: Record<string, number> = {};
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

  /**
   * A worker of its own (as a server process has) sending through `smtpUrl`. The SMTP time-out is
   * generous (the test server shares this process's event loop; on a loaded machine its greeting
   * took over 500 ms), except where a test waits for it.
   */
  function dispatchWorker(
    smtpUrl: string | undefined,
    options: ShotDispatchOptions = {},
    timeoutMs = 20_000,
  ) {
    const shotTransport = createShotTransport({ smtpUrl: undefined, marketing: { smtpUrl: smtpUrl } }, t.db, {
      timeoutMs,
    });
    const config = {
      ...t.app.config,
      marketing: { ...t.app.config.marketing, shotRates: { perTenant: 0, perDomain: 0 } },
    };
    // two lanes per drain, so two workers share a shot's four lanes
    const worker = new JobWorker(t.db, log, { pollMs: 20, batchSize: 2 });
    worker.register(
      shotDispatchQueue,
      shotDispatchHandler(
        { db: t.db, config, log, jobs: worker, shotTransport, smsTransport: t.app.smsTransport },
        { retryDelaysSeconds: [0.2, 0.2], batchSize: 10, ...options },
      ),
    );
    return { worker, close: () => shotTransport.close() };
  }

  const enqueueLanes = (shotId: string, lanes?: number) => enqueueShotLanes(t.db, tenant.id, shotId, lanes);

  /**
   * Drains the workers until the shot leaves SENDING (retries come due meanwhile); the deadline only
   * bounds a broken run, however slow the machine (the tests' own time-out is above it).
   */
  async function sendAll(shotId: string, workers: JobWorker[], seconds = 90) {
    const until = Date.now() + seconds * 1000;
    while (Date.now() < until) {
      await Promise.all(workers.map((w) => w.drain()));
      const shot = await shotOf(shotId);
      if (shot.status !== 'SENDING') return shot;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('o envio não terminou');
  }

  const shotOf = (shotId: string) => shotStateOf(t.db, tenant.id, shotId);
  /** As if the shot's retries had come due: its pending recipients and its lanes' jobs, now. */
  async function retryDueNow(shotId: string) {
    await withTenant(t.db, tenant.id, (ctx) =>
      ctx.trx
        .updateTable('mkt_shot_recipients')
        .set({ next_attempt_at: sql<Date>`now()` })
        .where('shot_id', '=', shotId)
        .where('status', '=', 'PENDING')
        .execute(),
    );
    await t.db.kysely
      .updateTable('jobs')
      .set({ run_at: sql<Date>`now()` })
      .where('queue', '=', shotDispatchQueue.name)
      .where('state', '=', 'pending')
      .execute();
  }
  const recipientsOf = (shotId: string) => shotRecipientsOf(t.db, tenant.id, shotId);
  const receivedBy = (address: string) => smtp.received.filter((m) => m.to.includes(address));

  beforeAll(async () => {
    t = await createTestApp();
    tenant = await buildTenant(t, { name: 'Mandato da Vereadora Ana' });
    domain = await buildSendingDomain(t.app, tenant.id);
    smtp = await startSmtpServer(refuse);
  });
  afterAll(async () => {
    await smtp.close();
    await t.close();
  });

  it('sends a batch signed by the sender domain, with the headers and signed links; 4xx retried, 5xx bounced, opted out dropped', async () => {
    const ok = Array.from({ length: 12 }, (_, i) => `pessoa${i}@destino${i % 3}.example`);
    const addresses = [...ok, 'gone@destino.example', 'busy@destino.example', 'saiu@destino.example'];
    refuse['gone@destino.example'] = 550;
    refuse['busy@destino.example'] = 451;
    const { shotId, recipients } = await buildFrozenShot(t.app, tenant.id, {
      senderId: domain.senderId,
      addresses,
    });
    // opted out after the freeze: never sent
    await withTenant(t.db, tenant.id, (ctx) =>
      ctx.trx
        .insertInto('mkt_opt_outs')
        .values({ tenant_id: tenant.id, channel: 'EMAIL', address: 'saiu@destino.example', source: 'link' })
        .execute(),
    );
    await enqueueLanes(shotId);
    // the retry comes 10 minutes later: the first round ends before it however slow the machine
    // (a retry due within the round would be taken by it), then the test moves it to now
    const { worker, close } = dispatchWorker(smtp.url, { retryDelaysSeconds: [600] });
    try {
      const frozenAt = Date.now();
      // the first round: everyone but the busy one decided; busy waits for its retry
      await worker.drain();
      const busy = (await recipientsOf(shotId)).find((r) => r.address === 'busy@destino.example');
      expect(busy).toMatchObject({ status: 'PENDING', attempts: 1, lease_until: null });
      expect(busy?.message).toMatch(/^451 /);
      expect(new Date(busy?.next_attempt_at as Date).getTime()).toBeGreaterThan(frozenAt + 500_000);
      expect((await shotOf(shotId)).status).toBe('SENDING');
      delete refuse['busy@destino.example'];
      await retryDueNow(shotId);
      const shot = await sendAll(shotId, [worker]);
      expect(shot).toMatchObject({ status: 'SENT', error_reason: null });
      expect(shot.finished_at).not.toBeNull();
      // lanes that came back for the same retry find the shot sent and end (two per drain)
      while ((await worker.drain()) > 0) {}
    } finally {
      close();
    }

    const rows = await recipientsOf(shotId);
    const by = new Map(rows.map((r) => [r.address, r]));
    for (const a of ok) {
      expect(by.get(a), a).toMatchObject({ status: 'SENT', attempts: 1 });
      expect(by.get(a)?.message).toMatch(/^250 /);
      expect(by.get(a)?.delivered_at).not.toBeNull();
      expect(receivedBy(a), a).toHaveLength(1);
    }
    expect(by.get('busy@destino.example')).toMatchObject({ status: 'SENT', attempts: 2 });
    expect(receivedBy('busy@destino.example')).toHaveLength(1);
    expect(by.get('gone@destino.example')).toMatchObject({ status: 'BOUNCED', attempts: 1, sent_at: null });
    expect(by.get('gone@destino.example')?.message).toMatch(/^550 /);
    expect(by.get('gone@destino.example')?.bounced_at).not.toBeNull();
    expect(by.get('saiu@destino.example')).toMatchObject({
      status: 'DROPPED',
      message: SHOT_TEXTS.droppedOptOut,
    });
    expect(receivedBy('saiu@destino.example')).toHaveLength(0);

    // the message: from the sender, signed by its domain, Message-ID of the link id, one-click headers
    const first = recipients[0];
    if (!first) throw new Error('no recipient');
    const received = receivedBy(first.address)[0];
    if (!received) throw new Error('not received');
    // headers unfolded (a long one continues on the next line)
    const mail = { ...received, raw: received.raw.replace(/\r\n[ \t]+/g, ' ') };
    expect(mail.from).toBe(domain.senderEmail);
    expect(mail.raw).toMatch(
      new RegExp(`^Message-ID: <${first.linkId}@${domain.name.replace(/\./g, '\\.')}>\\r$`, 'm'),
    );
    expect(mail.raw).toMatch(
      new RegExp(
        `^List-Unsubscribe: <http://localhost:\\d+/api/public/unsubscribe/${first.linkId}>\\r$`,
        'm',
      ),
    );
    expect(mail.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r$/m);
    const dkim = await verifyDkim(received.raw, domain);
    expect(dkim?.status.result).toBe('pass');
    expect(dkim?.signingDomain).toBe(domain.name);
    const body = decoded(mail.raw);
    expect(body).toContain('Olá, Pessoa 0 Silva!');
    expect(body).toContain(
      `/api/public/t/c/${first.linkId}?u=${encodeURIComponent('https://camara.example/audiencia?x=1&y=2')}&amp;s=`,
    );
    expect(body).not.toContain('href="https://camara.example');
    expect(body).toContain('href="mailto:a@b.example"');
    expect(body).toContain(`/api/public/t/o/${first.linkId}.gif`);
    expect(body).toContain(UNSUBSCRIBE_TEXTS.footer('Gabinete da Vereadora', 'Mandato da Vereadora Ana'));
    expect(body).toContain(`${UNSUBSCRIBE_TEXTS.footerLink}: http://localhost:`);

    // the lanes' jobs are all done, none left behind (and none re-enqueued itself)
    const jobs = await t.db.kysely
      .selectFrom('jobs')
      .select('state')
      .where('queue', '=', shotDispatchQueue.name)
      .where('state', 'in', ['pending', 'active'])
      .execute();
    expect(jobs).toEqual([]);
  });

  it('temporary failures run out: the recipient ends FAILED and the shot SENT', async () => {
    refuse['sempre@ocupado.example'] = 421;
    const { shotId } = await buildFrozenShot(t.app, tenant.id, {
      senderId: domain.senderId,
      addresses: ['sempre@ocupado.example'],
    });
    await enqueueLanes(shotId, 1);
    const { worker, close } = dispatchWorker(smtp.url);
    try {
      expect((await sendAll(shotId, [worker])).status).toBe('SENT');
    } finally {
      close();
    }
    expect(await recipientsOf(shotId)).toEqual([expect.objectContaining({ status: 'FAILED', attempts: 3 })]);
  });

  it('two workers on one shot: each recipient one outcome and one message', async () => {
    const addresses = Array.from({ length: 240 }, (_, i) => `dois${i}@d${i % 7}.example`);
    const { shotId } = await buildFrozenShot(t.app, tenant.id, { senderId: domain.senderId, addresses });
    await enqueueLanes(shotId);
    const sentBy = { a: 0, b: 0 };
    const a = dispatchWorker(smtp.url, { batchSize: 5, onOutcome: () => sentBy.a++ });
    const b = dispatchWorker(smtp.url, { batchSize: 5, onOutcome: () => sentBy.b++ });
    try {
      // run side by side: each claims lanes of its own, all lanes lease from the same pending rows
      await Promise.all([a.worker.drain(), b.worker.drain()]);
      expect((await sendAll(shotId, [a.worker, b.worker])).status).toBe('SENT');
    } finally {
      a.close();
      b.close();
    }
    expect(sentBy.a).toBeGreaterThan(0);
    expect(sentBy.b).toBeGreaterThan(0);
    expect(sentBy.a + sentBy.b).toBe(addresses.length);
    const rows = await recipientsOf(shotId);
    expect(rows.filter((r) => r.status === 'SENT')).toHaveLength(addresses.length);
    for (const address of addresses) expect(receivedBy(address), address).toHaveLength(1);
  });

  it('a sender that stopped being sendable ends the shot in ERROR: its pending recipients FAILED, their credits back', async () => {
    const { shotId } = await buildFrozenShot(t.app, tenant.id, {
      senderId: domain.senderId,
      addresses: ['parado@destino.example', 'parado2@destino.example'],
    });
    // the freeze's debit of the two recipients
    const balance = () => withTenant(t.db, tenant.id, (ctx) => marketingBalance(ctx, 'EMAIL'));
    await grantEmailCredits(t.db, tenant.id, 10);
    await withTenant(t.db, tenant.id, (ctx) => debitMarketingCredits(ctx, 'EMAIL', 2, `shot:${shotId}`));
    const before = await balance();
    await withTenant(t.db, tenant.id, (ctx) =>
      ctx.trx
        .updateTable('mkt_senders')
        .set({ status: 'INACTIVE' })
        .where('id', '=', domain.senderId)
        .execute(),
    );
    await enqueueLanes(shotId, 2);
    const { worker, close } = dispatchWorker(smtp.url);
    try {
      expect(await sendAll(shotId, [worker])).toMatchObject({
        status: 'ERROR',
        error_reason: SHOT_TEXTS.errorSenderInactive,
      });
      // the second lane finds the shot ended and gives nothing back again
      while ((await worker.drain()) > 0) {}
    } finally {
      close();
      await withTenant(t.db, tenant.id, (ctx) =>
        ctx.trx
          .updateTable('mkt_senders')
          .set({ status: 'ACTIVE' })
          .where('id', '=', domain.senderId)
          .execute(),
      );
    }
    expect(await recipientsOf(shotId)).toEqual([
      expect.objectContaining({ status: 'FAILED', message: SHOT_TEXTS.errorSenderInactive, sent_at: null }),
      expect.objectContaining({ status: 'FAILED', message: SHOT_TEXTS.errorSenderInactive, sent_at: null }),
    ]);
    expect(receivedBy('parado@destino.example')).toHaveLength(0);
    expect(await balance()).toBe(before + 2);
  });

  it('a relay that accepts the connection and never answers fails within the time-out and is retried later', async () => {
    const silent = net.createServer(() => {}); // takes the connection, says nothing
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as net.AddressInfo).port;
    const { shotId } = await buildFrozenShot(t.app, tenant.id, {
      senderId: domain.senderId,
      addresses: ['mudo@destino.example'],
    });
    await enqueueLanes(shotId, 1);
    const { worker, close } = dispatchWorker(`smtp://127.0.0.1:${port}`, { retryDelaysSeconds: [600] }, 500);
    const started = Date.now();
    try {
      await worker.drain();
    } finally {
      close();
      silent.close();
    }
    // cut by the 500 ms time-out, not the default one: the bound sits well below the default and
    // far above 500 ms, so a loaded machine (which slows the drain's queries) cannot fail it
    expect(Date.now() - started).toBeLessThan(SHOT_SMTP_TIMEOUT_MS / 2);
    const [row] = await recipientsOf(shotId);
    expect(row).toMatchObject({ status: 'PENDING', attempts: 1, lease_until: null });
    expect(new Date(row?.next_attempt_at as Date).getTime()).toBeGreaterThan(Date.now() + 500_000);
    // the lane comes back for the retry: a job waits for it
    const next = await t.db.kysely
      .selectFrom('jobs')
      .select(['state', 'run_at'])
      .where('queue', '=', shotDispatchQueue.name)
      .where('state', '=', 'pending')
      .execute();
    expect(next).toHaveLength(1);
    expect(new Date(next[0]?.run_at as Date).getTime()).toBeGreaterThan(Date.now() + 500_000);
    await t.db.kysely.deleteFrom('jobs').where('queue', '=', shotDispatchQueue.name).execute();
  });

  it('the transport alone: a silent relay rejects as temporary, with no code', async () => {
    const silent = net.createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as net.AddressInfo).port;
    const transport = createShotTransport({ smtpUrl: `smtp://127.0.0.1:${port}`, marketing: {} }, undefined, {
      timeoutMs: 300,
    });
    const started = Date.now();
    const error = await transport
      .send({
        from: { name: 'G', address: domain.senderEmail },
        to: 'x@destino.example',
        subject: 's',
        html: '<p>x</p>',
        text: 'x',
        messageId: '<AbCdEfGhIjKlMnOpQrStUv@x.example>',
        dkim: { domainName: domain.name, keySelector: 'mandato', privateKey: '' },
      })
      .catch((e: unknown) => e);
    transport.close();
    silent.close();
    // the 300 ms time-out, not the default one (a bound between the two, far from both)
    expect(Date.now() - started).toBeLessThan(SHOT_SMTP_TIMEOUT_MS / 2);
    expect(error).toBeInstanceOf(ShotSendError);
    expect(error).toMatchObject({ permanent: false, code: undefined });
  });

  it('without an SMTP URL the messages go to the outbox, each Message-ID once, not yet delivered', async () => {
    const { shotId, recipients } = await buildFrozenShot(t.app, tenant.id, {
      senderId: domain.senderId,
      addresses: ['caixa1@destino.example', 'caixa2@destino.example'],
    });
    await enqueueLanes(shotId, 2);
    const { worker, close } = dispatchWorker(undefined);
    try {
      expect((await sendAll(shotId, [worker])).status).toBe('SENT');
    } finally {
      close();
    }
    const rows = await recipientsOf(shotId);
    expect(rows).toEqual([
      expect.objectContaining({ status: 'SENT', message: OUTBOX_RESPONSE, delivered_at: null }),
      expect.objectContaining({ status: 'SENT', message: OUTBOX_RESPONSE, delivered_at: null }),
    ]);
    const outbox = await withTenant(t.db, tenant.id, (ctx) =>
      ctx.trx
        .selectFrom('mkt_shot_outbox')
        .select(['to_address', 'message_id', 'from_address', 'html_body', 'headers'])
        .where('shot_id', '=', shotId)
        .orderBy('to_address') // two lanes: either may write first
        .execute(),
    );
    expect(outbox.map((m) => m.to_address)).toEqual(['caixa1@destino.example', 'caixa2@destino.example']);
    expect(outbox[0]?.message_id).toBe(`<${recipients[0]?.linkId}@${domain.name}>`);
    expect(outbox[0]?.from_address).toBe(`Gabinete da Vereadora <${domain.senderEmail}>`);
    expect(outbox[0]?.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    expect(outbox[0]?.html_body).toContain(`/api/public/t/o/${recipients[0]?.linkId}.gif`);
    // a resend after a crash (same Message-ID) is kept once
    const transport = createShotTransport({ smtpUrl: undefined, marketing: {} }, t.db);
    await transport.send({
      from: { name: 'G', address: domain.senderEmail },
      to: 'caixa1@destino.example',
      subject: 's',
      html: 'h',
      text: 't',
      messageId: outbox[0]?.message_id as string,
      dkim: { domainName: domain.name, keySelector: 'mandato', privateKey: '' },
      trace: { tenantId: tenant.id, shotId, recipientId: recipients[0]?.id as string },
    });
    const again = await withTenant(t.db, tenant.id, (ctx) =>
      ctx.trx.selectFrom('mkt_shot_outbox').select('id').where('shot_id', '=', shotId).execute(),
    );
    expect(again).toHaveLength(2);
  });
});
