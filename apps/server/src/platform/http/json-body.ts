import { MESSAGES } from '@mandato/domain';
import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.ts';

/**
 * JSON bodies by plain JSON.parse: a `__proto__` key becomes an own key (never a prototype), which
 * the strict schemas answer as an unknown field. An empty body is no body: PUT calls without one
 * (e.g. reset-password) still arrive as JSON from some clients.
 */
export function registerJsonBody(api: FastifyInstance) {
  api.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(badRequest(MESSAGES.malformedJson), undefined);
    }
  });
}
