import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A real HTTP server on a random local port that speaks the part of Zenvia's v2 API the SMS shots use
 * (public OpenAPI contract, zenvia/zenvia-openapi-spec): POST /v2/channels/sms/messages with the
 * X-API-TOKEN header and `{from, to, externalId?, contents: [{type: 'text', text}]}`, answered 200 with
 * the message (its `id`); errors as `{code, message}`. Like a subscription, it posts MESSAGE_STATUS and
 * MESSAGE (direction IN) events to a webhook URL with the subscription's custom headers.
 *
 * `externalId` is our idempotency key: a message whose key was already accepted is answered with the
 * first answer and not counted again (`accepted` holds each message once, `requests` every call).
 */

export interface AcceptedSms {
  id: string;
  from: string;
  to: string;
  text: string;
  externalId: string | undefined;
  timestamp: string;
}

/**
 * What the server does instead of accepting: answer `status` (with Retry-After when given), hang
 * without answering ('before': nothing kept; 'after': the message is kept, the answer never comes —
 * a time-out after the provider took it), or answer 200 with a body over 64 KB.
 */
export type ProviderFault =
  | { status: number; retryAfter?: string }
  | { hang: 'before' | 'after' }
  | { oversize: true };

export interface SubscriptionWebhook {
  url: string;
  /** the subscription's custom headers (e.g. the shared secret) */
  headers?: Record<string, string>;
}

export interface ProviderEvent {
  id: string;
  [key: string]: unknown;
}

const SMS_PATH = '/v2/channels/sms/messages';
const MAX_REQUEST_BYTES = 64 * 1024;

function answer(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

const validationError = (message: string) => ({ code: 'VALIDATION_ERROR', message });

function readJson(req: IncomingMessage): Promise<unknown> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_REQUEST_BYTES) chunks.push(chunk);
    });
    req.on('end', () => {
      if (size > MAX_REQUEST_BYTES) return resolve(undefined);
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      } catch {
        resolve(undefined);
      }
    });
    req.on('error', () => resolve(undefined));
  });
}

interface SmsRequest {
  from: string;
  to: string;
  externalId: string | undefined;
  text: string;
}

/** The contract's required fields of an SMS text message; a message (pt-BR free) saying what is wrong otherwise. */
function parseSmsRequest(body: unknown): SmsRequest | string {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return 'body must be a JSON object';
  const { from, to, externalId, contents } = body as Record<string, unknown>;
  if (typeof from !== 'string' || from.length < 1 || from.length > 64) return 'from: string of 1 to 64';
  if (typeof to !== 'string' || to.length < 1 || to.length > 64) return 'to: string of 1 to 64';
  if (externalId !== undefined && typeof externalId !== 'string') return 'externalId: string';
  if (!Array.isArray(contents) || contents.length < 1) return 'contents: at least one item';
  const content = contents[0] as Record<string, unknown> | null;
  if (content?.type !== 'text' || typeof content.text !== 'string' || content.text === '')
    return "contents[0]: {type: 'text', text}";
  return { from, to, externalId, text: content.text };
}

export async function startSmsProviderServer(
  options: { token?: string; webhook?: SubscriptionWebhook } = {},
) {
  const token = options.token ?? 'test-zenvia-token';
  const subscriptionId = randomUUID();
  const accepted: AcceptedSms[] = [];
  const byExternalId = new Map<string, AcceptedSms>();
  const byNumber = new Map<string, { fault: ProviderFault; times: number }>();
  const next: ProviderFault[] = [];
  const stats = { requests: 0 };
  let webhook = options.webhook;

  function faultFor(to: string): ProviderFault | undefined {
    const queued = next.shift();
    if (queued) return queued;
    const rule = byNumber.get(to);
    if (!rule) return undefined;
    rule.times -= 1;
    if (rule.times <= 0) byNumber.delete(to);
    return rule.fault;
  }

  function accept(request: SmsRequest): AcceptedSms {
    const message: AcceptedSms = {
      id: randomUUID(),
      from: request.from,
      to: request.to,
      text: request.text,
      externalId: request.externalId,
      timestamp: new Date().toISOString(),
    };
    accepted.push(message);
    if (request.externalId !== undefined) byExternalId.set(request.externalId, message);
    return message;
  }

  const present = (m: AcceptedSms) => ({
    id: m.id,
    ...(m.externalId === undefined ? {} : { externalId: m.externalId }),
    from: m.from,
    to: m.to,
    direction: 'OUT',
    channel: 'sms',
    contents: [{ type: 'text', text: m.text }],
    timestamp: m.timestamp,
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    if (req.method !== 'POST' || req.url !== SMS_PATH) {
      return answer(res, 404, { code: 'NOT_FOUND', message: 'Not found' });
    }
    stats.requests += 1;
    const body = await readJson(req);
    if (req.headers['x-api-token'] !== token) {
      return answer(res, 401, { code: 'UNAUTHORIZED', message: 'Invalid token' });
    }
    const request = parseSmsRequest(body);
    if (typeof request === 'string') return answer(res, 400, validationError(request));

    const first = request.externalId === undefined ? undefined : byExternalId.get(request.externalId);
    if (first) return answer(res, 200, present(first));

    const fault = faultFor(request.to);
    if (!fault) return answer(res, 200, present(accept(request)));
    if ('hang' in fault) {
      if (fault.hang === 'after') accept(request);
      return; // the connection stays open until the client gives up or the server closes
    }
    if ('oversize' in fault) {
      return answer(res, 200, { ...present(accept(request)), padding: 'x'.repeat(70 * 1024) });
    }
    const headers: Record<string, string> = fault.retryAfter ? { 'Retry-After': fault.retryAfter } : {};
    const code =
      fault.status === 429
        ? 'TOO_MANY_REQUESTS'
        : fault.status >= 500
          ? 'INTERNAL_ERROR'
          : 'VALIDATION_ERROR';
    return answer(res, fault.status, { code, message: `Simulated ${fault.status}` }, headers);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => answer(res, 500, { code: 'INTERNAL_ERROR', message: 'test server' }));
  });
  // a client killed mid-request (the dispatch kill test) resets its connection: not the server's error
  server.on('clientError', (_error, socket) => socket.destroy());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  /** Posts an event to the subscription's webhook as the provider does; the webhook's status. */
  async function postEvent(event: ProviderEvent | string, to: SubscriptionWebhook | undefined = webhook) {
    if (!to) throw new Error('sms-provider-server: no webhook subscribed');
    const response = await fetch(to.url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...to.headers },
      body: typeof event === 'string' ? event : JSON.stringify(event),
    });
    await response.arrayBuffer();
    return response.status;
  }

  return {
    url: `http://127.0.0.1:${port}`,
    token,
    /** each message the provider took, once per idempotency key */
    accepted,
    /** how many send calls arrived (retries and repeats included) */
    get requests() {
      return stats.requests;
    },
    /** the next `times` calls (any number) meet `fault` */
    failNext(fault: ProviderFault, times = 1) {
      for (let i = 0; i < times; i++) next.push(fault);
    },
    /** the next `times` calls to `to` meet `fault` (Infinity: every call) */
    failNumber(to: string, fault: ProviderFault, times = Number.POSITIVE_INFINITY) {
      byNumber.set(to, { fault, times });
    },
    /** forgets the faults still pending */
    clearFaults() {
      next.length = 0;
      byNumber.clear();
    },
    subscribe(to: SubscriptionWebhook) {
      webhook = to;
    },
    /** A MESSAGE_STATUS event of a message the server accepted (code: DELIVERED, NOT_DELIVERED, REJECTED, SENT…). */
    statusEvent(messageId: string, code: string, description?: string): ProviderEvent {
      const message = accepted.find((m) => m.id === messageId);
      const now = new Date().toISOString();
      return {
        id: randomUUID(),
        timestamp: now,
        type: 'MESSAGE_STATUS',
        subscriptionId,
        channel: 'sms',
        messageId,
        contentIndex: 0,
        message: {
          id: messageId,
          ...(message?.externalId === undefined ? {} : { externalId: message.externalId }),
          contentIndex: 0,
          direction: 'OUT',
          from: message?.from ?? 'unknown',
          to: message?.to ?? 'unknown',
        },
        messageStatus: {
          code,
          timestamp: now,
          channel: 'sms',
          direction: 'OUT',
          ...(description === undefined ? {} : { description }),
          ...(code === 'NOT_DELIVERED' || code === 'REJECTED'
            ? { causes: [{ channelErrorCode: '1', reason: description ?? code }] }
            : {}),
        },
      };
    },
    /** A MESSAGE event (direction IN): `from` (the person's number) wrote `text` to our sender. */
    inboundEvent(from: string, text: string, senderId = 'mandato'): ProviderEvent {
      const now = new Date().toISOString();
      return {
        id: randomUUID(),
        timestamp: now,
        type: 'MESSAGE',
        subscriptionId,
        channel: 'sms',
        direction: 'IN',
        message: {
          id: randomUUID(),
          from,
          to: senderId,
          direction: 'IN',
          channel: 'sms',
          contents: [{ type: 'text', text }],
          timestamp: now,
        },
      };
    },
    postEvent,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type SmsProviderServer = Awaited<ReturnType<typeof startSmsProviderServer>>;
