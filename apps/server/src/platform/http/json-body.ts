import { JSON_MAX_DEPTH, jsonDeeperThan, MESSAGES } from '@mandato/domain';
import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.ts';

/**
 * JSON bodies by plain JSON.parse: a `__proto__` key becomes an own key (never a prototype), which
 * the strict schemas answer as an unknown field. An empty body is no body: PUT calls without one
 * (e.g. reset-password) still arrive as JSON from some clients. A body nested deeper than
 * JSON_MAX_DEPTH is a 400 here, for every route: JSON.parse copes with it, but what runs after it
 * (schemas, JSON.stringify, serializers, jsonb) recurses once per level and would overflow (500).
 */
export function registerJsonBody(api: FastifyInstance) {
  api.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return done(badRequest(MESSAGES.malformedJson), undefined);
    }
    if (jsonDeeperThan(value, JSON_MAX_DEPTH)) return done(badRequest(MESSAGES.jsonTooDeep), undefined);
    done(null, value);
  });
}
