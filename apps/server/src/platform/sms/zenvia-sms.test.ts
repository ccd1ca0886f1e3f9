import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type SmsProviderServer, startSmsProviderServer } from '../../test/sms-provider-server.ts';
import { type SmsConfig, type SmsMessage, SmsSendError, type SmsTransport } from './sms-transport.ts';
import { createZenviaSmsTransport, retryAfterMs } from './zenvia-sms.ts';

let provider: SmsProviderServer;
let transport: SmsTransport;

const config = (url: string, token: string): SmsConfig & { providerUrl: string } => ({
  providerUrl: url,
  token,
  senderId: 'gabinete',
  webhookSecret: undefined,
  quietHours: '21-8',
  timeoutMs: 500,
});

beforeAll(async () => {
  provider = await startSmsProviderServer();
  transport = createZenviaSmsTransport(config(provider.url, provider.token));
});
afterEach(() => provider.clearFaults());
afterAll(async () => {
  transport.close();
  await provider.close();
});

let seq = 0;
function sms(to = '5511987654321'): SmsMessage {
  seq += 1;
  return {
    to,
    text: `Gabinete: Olá, Ana! Audiência pública ${seq}`,
    idempotencyKey: `key-${seq}-${Date.now()}`,
    trace: { tenantId: '1', shotId: '1', recipientId: String(seq) },
  };
}

async function sendError(message: SmsMessage, via = transport): Promise<SmsSendError> {
  const error = await via.send(message).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SmsSendError);
  return error as SmsSendError;
}

describe('Zenvia SMS client against the local provider server', () => {
  it('sends the contract body with the token and answers the provider message id', async () => {
    const message = sms();
    const result = await transport.send(message);
    const kept = provider.accepted.find((m) => m.externalId === message.idempotencyKey);
    expect(kept).toMatchObject({ from: 'gabinete', to: message.to, text: message.text });
    expect(result).toEqual({ providerMessageId: kept?.id, response: '200 OK', delivered: false });
  });

  it('a repeated idempotency key answers the first message and is not sent twice', async () => {
    const message = sms('5521999990000');
    const before = provider.accepted.length;
    const first = await transport.send(message);
    const again = await transport.send(message);
    expect(again.providerMessageId).toBe(first.providerMessageId);
    expect(provider.accepted.length).toBe(before + 1);
  });

  it('429 with Retry-After in seconds is temporary, with the wait', async () => {
    provider.failNext({ status: 429, retryAfter: '7' });
    const error = await sendError(sms());
    expect(error).toMatchObject({ permanent: false, status: 429, retryAfterMs: 7000 });
  });

  it('429 with Retry-After as an HTTP date is temporary, with the wait until then', async () => {
    provider.failNext({ status: 429, retryAfter: new Date(Date.now() + 30_000).toUTCString() });
    const error = await sendError(sms());
    expect(error.permanent).toBe(false);
    expect(error.retryAfterMs).toBeGreaterThan(25_000);
    expect(error.retryAfterMs).toBeLessThanOrEqual(30_000);
  });

  it('503 and 500 are temporary; nothing was kept, so the retry sends it once', async () => {
    const message = sms('5531988887777');
    provider.failNumber(message.to, { status: 503 }, 1);
    provider.failNext({ status: 500 });
    expect(await sendError(message)).toMatchObject({ permanent: false, status: 500 });
    expect(await sendError(message)).toMatchObject({ permanent: false, status: 503 });
    await transport.send(message);
    expect(provider.accepted.filter((m) => m.externalId === message.idempotencyKey)).toHaveLength(1);
  });

  it('400 is permanent, with the provider message', async () => {
    provider.failNext({ status: 400 });
    const error = await sendError(sms());
    expect(error).toMatchObject({ permanent: true, status: 400 });
    expect(error.message).toContain('Simulated 400');
  });

  it('a wrong token (401) is permanent', async () => {
    const wrong = createZenviaSmsTransport(config(provider.url, 'wrong'));
    expect(await sendError(sms(), wrong)).toMatchObject({ permanent: true, status: 401 });
  });

  it('a provider that does not answer times out as temporary; the retry after it took the message sends nothing new', async () => {
    const message = sms('5541977776666');
    provider.failNext({ hang: 'after' });
    const started = Date.now();
    const error = await sendError(message);
    expect(error).toMatchObject({ permanent: false, status: undefined });
    expect(error.message).toContain('não respondeu');
    // cut by the 500 ms time-out (unanswered, fetch would wait for undici's 300 s): the bound is far
    // from both, so a loaded machine cannot fail it
    expect(Date.now() - started).toBeLessThan(20_000);
    const retried = await transport.send(message);
    const kept = provider.accepted.filter((m) => m.externalId === message.idempotencyKey);
    expect(kept).toHaveLength(1);
    expect(retried.providerMessageId).toBe(kept[0]?.id);
  });

  it('no server at the address is temporary', async () => {
    const gone = createZenviaSmsTransport(config('http://127.0.0.1:9', provider.token));
    expect(await sendError(sms(), gone)).toMatchObject({ permanent: false, status: undefined });
  });

  it('an answer over 64 KB is refused unread (temporary: the key makes the retry safe)', async () => {
    provider.failNext({ oversize: true });
    const error = await sendError(sms());
    expect(error).toMatchObject({ permanent: false, status: 200 });
    expect(error.message).toContain('64 KB');
  });

  it('an oversize answer streamed without a length is cut at 64 KB', async () => {
    const server = createServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.write(`{"id":"x","pad":"`);
      const chunk = 'y'.repeat(16 * 1024);
      for (let i = 0; i < 8; i++) res.write(chunk);
      res.end('"}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const streaming = createZenviaSmsTransport(config(`http://127.0.0.1:${port}`, 't'));
      expect((await sendError(sms(), streaming)).message).toContain('64 KB');
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe('retryAfterMs', () => {
  it('reads delay-seconds and HTTP dates, and nothing else', () => {
    const now = Date.parse('2026-11-26T12:00:00Z');
    expect(retryAfterMs('120', now)).toBe(120_000);
    expect(retryAfterMs('Thu, 26 Nov 2026 12:00:30 GMT', now)).toBe(30_000);
    expect(retryAfterMs('Thu, 26 Nov 2026 11:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs('soon', now)).toBeUndefined();
    expect(retryAfterMs('-5', now)).toBeUndefined();
    expect(retryAfterMs(null, now)).toBeUndefined();
  });
});
