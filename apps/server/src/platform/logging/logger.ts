import pino, { type DestinationStream, type LoggerOptions } from 'pino';
import { redactLine, redactUrl } from './redact.ts';

/** What the `req` serializer reads of a Fastify request (or a bare IncomingMessage). */
interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number } | null;
  routeOptions?: { url?: string };
}

/**
 * Fastify's own `req` fields with the URL redacted and the route pattern beside it (what an operator
 * reads when the path's values are labels). No headers: authorization, cookies and the rest stay out.
 */
export function serializeRequest(req: LoggedRequest) {
  return {
    method: req.method,
    url: typeof req.url === 'string' ? redactUrl(req.url) : req.url,
    route: req.routeOptions?.url,
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

/**
 * The server's logger options: `options` plus the redaction of personal data (redact.ts) — the
 * `req` serializer and a last pass over every written line (pino's streamWrite hook, before any
 * transport), so a message or an error carrying an e-mail, phone, CPF or token is redacted too.
 */
export function redactingLoggerOptions(options: LoggerOptions = {}): LoggerOptions {
  return {
    ...options,
    serializers: { ...options.serializers, req: serializeRequest },
    hooks: { ...options.hooks, streamWrite: redactLine },
  };
}

/** The server's logger (main.ts; tests hand their own destination). */
export function createLogger(options: LoggerOptions = {}, destination?: DestinationStream) {
  const redacting = redactingLoggerOptions(options);
  return destination ? pino(redacting, destination) : pino(redacting);
}
