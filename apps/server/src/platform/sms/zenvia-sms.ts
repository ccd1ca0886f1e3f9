import {
  type SmsConfig,
  type SmsMessage,
  SmsSendError,
  type SmsSendResult,
  type SmsTransport,
} from './sms-transport.ts';

/** The most of the provider's answer that is read: a bigger one is refused, not buffered. */
export const PROVIDER_ANSWER_MAX_BYTES = 64 * 1024;

/**
 * The provider's Retry-After in ms: delay-seconds or an HTTP date (RFC 9110 §10.2.3); undefined when
 * absent or unreadable.
 */
export function retryAfterMs(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  // an IMF-fixdate (or the obsolete forms): it starts with the day's name, not a bare number
  const at = /^[A-Za-z]{3}/.test(trimmed) ? Date.parse(trimmed) : Number.NaN;
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

class OversizeAnswer extends Error {}

/** The answer's body as text, refusing (and cancelling) one over PROVIDER_ANSWER_MAX_BYTES. */
async function readBounded(response: Response): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  if (declared > PROVIDER_ANSWER_MAX_BYTES) {
    await response.body?.cancel();
    throw new OversizeAnswer();
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > PROVIDER_ANSWER_MAX_BYTES) {
      await reader.cancel();
      throw new OversizeAnswer();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The `message` of the provider's error object ({code, message}), cut short for the report. */
function providerMessage(body: unknown): string {
  if (typeof body !== 'object' || body === null) return '';
  const { code, message } = body as Record<string, unknown>;
  const parts = [code, message].filter((p): p is string => typeof p === 'string' && p !== '');
  return parts.join(': ').slice(0, 200);
}

const isTemporary = (status: number) => status === 408 || status === 429 || status >= 500;

/**
 * Zenvia's v2 SMS API (public OpenAPI contract): POST {base}/v2/channels/sms/messages with
 * X-API-TOKEN and `{from, to, externalId, contents: [{type: 'text', text}]}`; 200 answers the message
 * with its `id`. The recipient's idempotency key goes as `externalId` (the contract's own field for
 * our id of the dispatch). No retries here: a temporary SmsSendError goes back to the dispatch, which
 * retries no sooner than its `retryAfterMs`.
 */
export function createZenviaSmsTransport(config: SmsConfig & { providerUrl: string }): SmsTransport {
  const endpoint = `${config.providerUrl.replace(/\/+$/, '')}/v2/channels/sms/messages`;

  async function send(message: SmsMessage): Promise<SmsSendResult> {
    let response: Response;
    try {
      response = await fetch(endpoint, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json',
          'X-API-TOKEN': config.token ?? '',
        },
        body: JSON.stringify({
          from: config.senderId,
          to: message.to,
          externalId: message.idempotencyKey,
          contents: [{ type: 'text', text: message.text }],
        }),
        redirect: 'manual',
        signal: AbortSignal.timeout(config.timeoutMs),
      });
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      throw new SmsSendError(
        timedOut
          ? `Provedor de SMS não respondeu em ${config.timeoutMs} ms`
          : `Provedor de SMS inacessível: ${error instanceof Error ? error.message : String(error)}`,
        false,
        undefined,
        undefined,
      );
    }

    const status = response.status;
    const retryAfter = retryAfterMs(response.headers.get('retry-after'));
    let text: string;
    try {
      text = await readBounded(response);
    } catch (error) {
      const reason =
        error instanceof OversizeAnswer
          ? `resposta maior que ${PROVIDER_ANSWER_MAX_BYTES / 1024} KB`
          : `resposta interrompida (${error instanceof Error ? error.name : 'erro'})`;
      // a 4xx stays refused; otherwise the key makes a retry safe whatever the provider did
      const permanent = !isTemporary(status) && (status < 200 || status >= 300);
      throw new SmsSendError(`Provedor de SMS (${status}): ${reason}`, permanent, status, retryAfter);
    }
    const body = parseJson(text);

    if (status >= 200 && status < 300) {
      const id = (body as { id?: unknown } | undefined)?.id;
      if (typeof id !== 'string' || id === '' || id.length > 100) {
        throw new SmsSendError(
          `Provedor de SMS (${status}): resposta sem o id da mensagem`,
          false,
          status,
          retryAfter,
        );
      }
      return {
        providerMessageId: id,
        response: `${status} ${response.statusText || 'OK'}`.trim(),
        delivered: false,
      };
    }
    const detail = providerMessage(body);
    throw new SmsSendError(
      `Provedor de SMS recusou (${status})${detail ? `: ${detail}` : ''}`,
      !isTemporary(status),
      status,
      retryAfter,
    );
  }

  return { kind: 'provider', send, close() {} };
}
