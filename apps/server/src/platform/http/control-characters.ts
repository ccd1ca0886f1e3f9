import { hasControlCharacters, MESSAGES } from '@mandato/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from './errors.ts';

/** Enough fields to show; a hostile body may hold thousands. */
const MAX_FIELDS = 20;

interface Node {
  value: unknown;
  key: string;
  parent?: Node;
}

const pathOf = (node: Node): string => {
  const keys: string[] = [];
  for (let n: Node | undefined = node; n?.parent; n = n.parent) keys.push(n.key);
  return keys.reverse().join('.');
};

/**
 * Paths ('address.street', 'expression.0.units.0.values.0') of the strings, or object keys, that
 * hold a control character. A loop rather than recursion: a deeply nested body must not overflow.
 */
export function controlCharacterPaths(value: unknown): string[] {
  const found: string[] = [];
  const stack: Node[] = [{ value, key: '' }];
  while (stack.length > 0 && found.length < MAX_FIELDS) {
    const node = stack.pop() as Node;
    if (typeof node.value === 'string') {
      if (hasControlCharacters(node.value)) found.push(pathOf(node) || '_');
    } else if (typeof node.value === 'object' && node.value !== null) {
      for (const [key, child] of Object.entries(node.value)) {
        const childNode = { value: child, key, parent: node };
        if (hasControlCharacters(key)) found.push(pathOf(childNode));
        else stack.push(childNode);
      }
    }
  }
  return found;
}

/** Where json-body.ts leaves, on the request, the parsed body whose text it found free of control characters. */
const SCANNED_CLEAN = Symbol('body scanned free of control characters');
type ScannedRequest = FastifyRequest & { [SCANNED_CLEAN]?: unknown };

/** Records on `request` that `value`, its parsed body, was scanned free of control characters. */
export function markFreeOfControlCharacters(request: FastifyRequest, value: unknown): void {
  (request as ScannedRequest)[SCANNED_CLEAN] = value;
}

/** The body, unless its text was scanned clean (a body replaced since is walked again). */
const bodyToWalk = (request: FastifyRequest) => {
  const clean = (request as ScannedRequest)[SCANNED_CLEAN];
  return clean !== undefined && clean === request.body ? undefined : request.body;
};

function assertNoControlCharacters(request: FastifyRequest) {
  const paths = [request.params, request.query, bodyToWalk(request)].flatMap(controlCharacterPaths);
  if (paths.length === 0) return;
  const errors = Object.fromEntries(paths.slice(0, MAX_FIELDS).map((p) => [p, [MESSAGES.controlCharacters]]));
  throw badRequest(MESSAGES.validation, errors);
}

/**
 * Every route, present and future: a control character (other than tab, newline and carriage
 * return) anywhere in the params, query string or body is a 400 before validation, never text
 * for PostgreSQL (which refuses NUL: error 22021).
 */
export function registerControlCharacterGuard(api: FastifyInstance) {
  api.addHook('preValidation', async (request) => assertNoControlCharacters(request));
}
