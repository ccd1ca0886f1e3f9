import type { FastifyRequest } from 'fastify';

/** A provider token: the sandbox opens an account for any token of this form. */
const TOKEN = /^[A-Za-z0-9._~-]{8,200}$/;

/**
 * The token of `Authorization: Basic base64(<token>:)`, or undefined when the header is missing,
 * malformed, the token is not one, or (with `accepted`) it is not among the accepted tokens.
 */
export function providerToken(
  request: FastifyRequest,
  accepted: ReadonlySet<string> | undefined,
): string | undefined {
  const header = request.headers.authorization;
  const m = typeof header === 'string' ? /^Basic ([A-Za-z0-9+/]+={0,2})$/.exec(header.trim()) : null;
  if (!m) return undefined;
  const decoded = Buffer.from(m[1] as string, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  const token = colon === -1 ? decoded : decoded.slice(0, colon);
  if (!TOKEN.test(token)) return undefined;
  if (accepted && !accepted.has(token)) return undefined;
  return token;
}
