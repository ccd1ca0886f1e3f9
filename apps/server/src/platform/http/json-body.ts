import { JSON_MAX_DEPTH, JSON_MAX_NODES, MESSAGES } from '@mandato/domain';
import type { FastifyInstance } from 'fastify';
import { markFreeOfControlCharacters } from './control-characters.ts';
import { badRequest } from './errors.ts';
import { scanJsonText } from './json-text-scan.ts';

/**
 * JSON bodies by plain JSON.parse: a `__proto__` key becomes an own key (never a prototype), which
 * the strict schemas answer as an unknown field. An empty body is no body: PUT calls without one
 * (e.g. reset-password) still arrive as JSON from some clients. A body nested deeper than
 * JSON_MAX_DEPTH is a 400 here, for every route: JSON.parse copes with it, but what runs after it
 * (schemas, JSON.stringify, serializers, jsonb) recurses once per level and would overflow (500).
 * Depth, the count of objects, arrays and strings (JSON_MAX_NODES: parsing allocates each on the main
 * thread) and control characters are read from the text in one pass before parsing
 * (json-text-scan.ts): a body found free of control characters is not walked again by the guard.
 */
export function registerJsonBody(api: FastifyInstance) {
  api.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    const scan = scanJsonText(text, { maxDepth: JSON_MAX_DEPTH, maxNodes: JSON_MAX_NODES });
    if (scan.tooDeep) return done(badRequest(MESSAGES.jsonTooDeep), undefined);
    if (scan.tooManyNodes) return done(badRequest(MESSAGES.jsonTooManyNodes), undefined);
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return done(badRequest(MESSAGES.malformedJson), undefined);
    }
    if (!scan.controlCharacters) markFreeOfControlCharacters(request, value);
    done(null, value);
  });
}
