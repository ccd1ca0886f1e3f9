import { parse } from 'node:querystring';
import { MESSAGES, QUERY_LIMITS, QUERY_MESSAGES } from '@mandato/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from './errors.ts';

type Query = Record<string, unknown>;
type Problems = Record<string, string[]>;

/** `name[]`, `name[0]` or `name[field]`: one level of brackets, as HTTP clients (axios, qs) write a list or object. */
const BRACKETED = /^([^[\]]+)\[([^[\]]*)\]$/;
const PLAIN = /^[^[\]]+$/;
/** an index as qs writes it: no sign, no leading zero */
const INDEX = /^(0|[1-9]\d{0,5})$/;
/** the query's problems ride on it, unseen by the schemas (not enumerable, a symbol key) */
const PROBLEMS = Symbol('query-string problems');
/** enough fields to show; a hostile query may hold a thousand */
const MAX_SHOWN = 20;

const emptyQuery = (): Query => Object.create(null) as Query;

/** What one parameter name was given as, in each form. */
interface Forms {
  /** `name=…` values, in order */
  plain: string[];
  /** `name[]=…` values, in order */
  appended: string[];
  /** `name[3]=…` values by index */
  indexed: [number, string[]][];
  /** `name[field]=…` */
  object?: Query;
}

const shown = (key: string) => (key.length > 60 ? `${key.slice(0, 60)}…` : key || '_');

/**
 * The query string as the routes read it, one parser for the whole API (Fastify's
 * `querystringParser`): Node's decoding, then every list form clients write —
 * `codes=1&codes=2` (repeated), `codes[]=1&codes[]=2`, `codes[0]=1&codes[1]=2` (qs's default; any
 * order, sparse indexes compacted) — becomes one list, and `filters[title]=x&filters[year]=2024`
 * becomes `{ filters: { title: 'x', year: '2024' } }` (one level: the spec client's filters). A
 * lone `name=value` stays a text (the comma form `codes=1,2` is the schema's: `queryList` of the
 * domain). What is not taken — more pairs, list values or characters than `QUERY_LIMITS`, deeper
 * or broken brackets (`a[b][c]`, `a[`), a name given both as a list and as an object — is recorded
 * on the result and answered 400 in pt-BR by `registerQueryStringGuard`, since the parser runs in
 * the router, where a throw is no answer. Objects have no prototype, so `__proto__` or
 * `constructor[0]` are keys like any other: an unknown field to a strict schema, dropped by the others.
 */
export function parseQueryString(text: string): Query {
  const query = emptyQuery();
  const problems: Problems = emptyQuery() as Problems;
  const refuse = (key: string, message: string) => {
    if (Object.keys(problems).length < MAX_SHOWN) problems[shown(key)] = [message];
  };
  let pairs = 0;
  for (let at = text.indexOf('&'); at !== -1 && pairs <= QUERY_LIMITS.pairs; at = text.indexOf('&', at + 1))
    pairs += 1;
  if (pairs >= QUERY_LIMITS.pairs) {
    refuse('_', QUERY_MESSAGES.tooManyPairs);
    return withProblems(query, problems);
  }
  const flat = parse(text, '&', '=', { maxKeys: 0 }) as Record<string, string | string[]>;
  const forms = new Map<string, Forms>();
  const formsOf = (name: string) => {
    let found = forms.get(name);
    if (!found) {
      found = { plain: [], appended: [], indexed: [] };
      forms.set(name, found);
    }
    return found;
  };
  for (const [key, value] of Object.entries(flat)) {
    const values = Array.isArray(value) ? value : [value];
    if (key.length > QUERY_LIMITS.keyLength) {
      refuse(key, QUERY_MESSAGES.keyTooLong);
      continue;
    }
    if (values.some((v) => v.length > QUERY_LIMITS.valueLength)) {
      refuse(key, QUERY_MESSAGES.valueTooLong);
      continue;
    }
    if (PLAIN.test(key)) {
      formsOf(key).plain.push(...values);
      continue;
    }
    const match = BRACKETED.exec(key);
    if (!match) {
      refuse(key, QUERY_MESSAGES.unsupportedShape);
      continue;
    }
    const [, name = '', inner = ''] = match;
    const named = formsOf(name);
    if (inner === '') named.appended.push(...values);
    else if (INDEX.test(inner)) named.indexed.push([Number(inner), values]);
    else {
      named.object ??= emptyQuery();
      named.object[inner] = value;
    }
  }
  for (const [name, { plain, appended, indexed, object }] of forms) {
    const listed = appended.length > 0 || indexed.length > 0;
    if (object && (listed || plain.length > 0)) {
      refuse(name, QUERY_MESSAGES.listAndObject);
      continue;
    }
    if (object) {
      query[name] = object;
      continue;
    }
    const list = [
      ...plain,
      ...appended,
      ...indexed.sort(([a], [b]) => a - b).flatMap(([, values]) => values),
    ];
    if (list.length > QUERY_LIMITS.list) refuse(name, QUERY_MESSAGES.listTooLong);
    else query[name] = !listed && list.length === 1 ? list[0] : list;
  }
  return withProblems(query, problems);
}

function withProblems(query: Query, problems: Problems): Query {
  if (Object.keys(problems).length > 0)
    Object.defineProperty(query, PROBLEMS, { value: problems, enumerable: false });
  return query;
}

/** The pt-BR 400 of a query string `parseQueryString` did not take, if any. */
function assertQueryTaken(request: FastifyRequest) {
  const problems = (request.query as Record<symbol, Problems | undefined> | undefined)?.[PROBLEMS];
  if (problems) throw badRequest(MESSAGES.validation, problems);
}

/** Every route: a query string out of bounds or of a shape not taken is a 400 before validation. */
export function registerQueryStringGuard(api: FastifyInstance) {
  api.addHook('preValidation', async (request) => assertQueryTaken(request));
}
