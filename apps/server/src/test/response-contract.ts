import { isDeepStrictEqual } from 'node:util';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodType } from 'zod';

/**
 * In tests, every JSON answer of an API route is checked against the response schema the route
 * declares (the one the OpenAPI document shows and the serializer encodes with):
 * - the status must be documented (a 2xx or 4xx the route did not declare is a drift);
 * - the body the client gets must parse with that schema;
 * - the serializer must not have dropped anything the handler answered: a field missing from the
 *   schema would silently vanish from the answer (and from the web app), so it is a drift too.
 * Drifts are collected and `TestApp.close()` fails the test file with them.
 */
export function checkResponseContract(api: FastifyInstance): string[] {
  const drifts: string[] = [];
  const answered = new WeakMap<FastifyRequest, unknown>();

  api.addHook('preSerialization', async (request, _reply, payload) => {
    answered.set(request, JSON.parse(JSON.stringify(payload ?? null)));
    return payload;
  });

  api.addHook('onSend', async (request, reply, payload) => {
    const route = request.routeOptions.url;
    if (!route?.startsWith('/api/') || route.startsWith('/api/docs')) return payload;
    const status = reply.statusCode;
    if (status >= 500 || status === 304 || status === 413) return payload;
    const where = `${request.method} ${route} → ${status}`;
    const responses = request.routeOptions.schema?.response as Record<string, unknown> | undefined;
    // a route without any response schema is reported by the OpenAPI test (api-contract.test.ts)
    if (!responses) return payload;
    const declared = responses[String(status)] ?? responses[`${String(status)[0]}xx`];
    if (!declared) {
      drifts.push(`${where}: status not documented`);
      return payload;
    }
    const type = String(reply.getHeader('content-type') ?? '');
    if (!type.includes('json') || typeof payload !== 'string') return payload;
    const sent: unknown = JSON.parse(payload);
    const schema = declared as ZodType;
    if (typeof schema.safeParse === 'function') {
      const parsed = schema.safeParse(sent);
      if (!parsed.success) drifts.push(`${where}: answer does not match its schema: ${parsed.error.message}`);
    }
    if (answered.has(request) && !isDeepStrictEqual(answered.get(request), sent)) {
      drifts.push(
        `${where}: the schema dropped part of the answer: ${JSON.stringify(answered.get(request)).slice(0, 600)}`,
      );
    }
    return payload;
  });

  return drifts;
}
