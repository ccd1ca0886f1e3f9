import { parse } from 'node:querystring';

type Query = Record<string, unknown>;

/** `name[key]` or `name[]`: one level of brackets, as HTTP clients (axios, qs) write an object or list. */
const BRACKETED = /^([^[\]]+)\[([^[\]]*)\]$/;

const emptyQuery = (): Query => Object.create(null) as Query;

/**
 * The query string as the routes read it: Node's parser (repeated keys become a list, as with Fastify's), plus
 * the bracket form of spec clients, one level deep: `filters[title]=x&filters[year]=2024` →
 * `{ filters: { title: 'x', year: '2024' } }`, `status[]=A&status[]=B` → `{ status: ['A', 'B'] }`.
 * Anything else keeps its raw key, so the route's strict schema answers it as an unknown field (400):
 * deeper or broken brackets, a bracketed key beside the same plain key, an empty name. Objects have
 * no prototype, so `filters[__proto__]` is a key like any other (and unknown to every schema).
 */
export function parseQueryString(text: string): Query {
  // no key limit: the request line's size (16 KB) already bounds it, and no key is dropped unseen
  const flat = parse(text, '&', '=', { maxKeys: 0 }) as Query;
  const query = emptyQuery();
  const raw: [string, unknown][] = [];
  for (const [key, value] of Object.entries(flat)) {
    const match = BRACKETED.exec(key);
    if (!match) {
      query[key] = value;
      continue;
    }
    const [, name = '', inner = ''] = match;
    const values = Array.isArray(value) ? value : [value];
    if (Object.hasOwn(flat, name)) raw.push([key, value]);
    else if (inner === '') {
      const list = query[name];
      if (list === undefined) query[name] = [...values];
      else if (Array.isArray(list)) list.push(...values);
      else raw.push([key, value]);
    } else {
      const object = query[name] ?? emptyQuery();
      if (Array.isArray(object) || Object.hasOwn(object, inner)) raw.push([key, value]);
      else {
        (object as Query)[inner] = value;
        query[name] = object;
      }
    }
  }
  for (const [key, value] of raw) query[key] = value;
  return query;
}
