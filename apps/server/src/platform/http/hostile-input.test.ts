import { MESSAGES, PERSON_MESSAGES, QUERY_LIMITS, QUERY_MESSAGES, ROLES } from '@mandato/domain';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPerson, type Caller, call, signedIn } from '../../test/crm-factories.ts';
import { jsonBody, PROTOTYPE_KEYS, queryString, text, urlEncode } from '../../test/hostile-json.ts';
import {
  type BuiltTenant,
  buildTenant,
  buildUser,
  createTestApp,
  loginAs,
  type TestApp,
} from '../../test/test-app.ts';
import { testEngine } from '../../test/test-database.ts';
import { withTenant } from '../db/tenancy.ts';

/**
 * Keys named like Object.prototype members and control characters are 400s in pt-BR, and random
 * hostile requests (every route the OpenAPI document lists, random path params, query strings and
 * JSON bodies) never get a 500 nor pollute a prototype.
 */
const RUNS = Number(process.env.HOSTILE_INPUT_RUNS ?? 20);
const prototypeSnapshot = () =>
  Object.getOwnPropertyNames(Object.prototype).map((k) => [k, Reflect.get(Object.prototype, k)]);
const known = (errors: Record<string, string[]>) => JSON.stringify(Object.entries(errors));

describe(`hostile JSON input is a 400, never a 500 (${testEngine})`, () => {
  let t: TestApp;
  let tenant: BuiltTenant;
  let admin: Caller;
  const before = prototypeSnapshot();
  beforeAll(async () => {
    t = await createTestApp();
    tenant = await buildTenant(t);
    admin = await signedIn(t, tenant, [...ROLES]);
  });
  afterAll(() => t.close());

  const raw = (
    method: string,
    url: string,
    payload?: string,
    headers: Record<string, string> = admin.headers,
  ) =>
    t.api.inject({
      method: method as 'POST',
      url,
      headers: { ...headers, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
      payload,
    });
  const peopleCount = async () =>
    (await call(t, admin, 'POST', '/api/people/search', { itemsPerPage: 1 })).body.data.total as number;
  const expect400 = async (res: Awaited<ReturnType<typeof raw>>, message: string, errors: object) => {
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json();
    expect(body.message).toBe(message);
    expect(known(body.errors)).toBe(known(errors as Record<string, string[]>));
  };

  it('answers keys named like Object.prototype members as unknown fields, on every validation path', async () => {
    const count = await peopleCount();
    for (const key of PROTOTYPE_KEYS) {
      const unknown = Object.fromEntries([[key, [MESSAGES.unknownField]]]);
      const person = await raw('POST', '/api/people', `{"${key}":{"polluted":1},"name":"x"}`);
      await expect400(person, PERSON_MESSAGES.general, unknown);
      const nested = await raw('POST', '/api/people', `{"name":"x","address":{"${key}":1}}`);
      await expect400(nested, PERSON_MESSAGES.general, { [`address.${key}`]: [MESSAGES.unknownField] });
      const profile = `{"${key}":1,"name":"Ana","email":"ana@exemplo.com.br","cellphone":"81999998888"}`;
      await expect400(await raw('PUT', '/api/users/me', profile), MESSAGES.validation, unknown);
      const login = `{"${key}":1,"email":"ana@exemplo.com.br","password":"${'a'.repeat(64)}"}`;
      const anonymous = { 'x-schema': tenant.slug };
      await expect400(await raw('POST', '/api/auth/login', login, anonymous), MESSAGES.validation, unknown);
    }
    expect(await peopleCount()).toBe(count);
    expect(prototypeSnapshot()).toEqual(before);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses control characters in the body, its keys, the query string and the path', async () => {
    const count = await peopleCount();
    const refused = (field: string) => Object.fromEntries([[field, [MESSAGES.controlCharacters]]]);
    await expect400(
      await raw('POST', '/api/people', '{"name":"a\\u0000b"}'),
      MESSAGES.validation,
      refused('name'),
    );
    const key = await raw('POST', '/api/people', '{"name":"x","no\\u0001tes":"y"}');
    await expect400(key, MESSAGES.validation, refused('no\u0001tes'));
    for (const url of ['/api/users/names', '/api/people/names', '/api/companies/names', '/api/tags']) {
      await expect400(
        await raw('GET', `${url}?searchString=%00`),
        MESSAGES.validation,
        refused('searchString'),
      );
    }
    const search = JSON.stringify({
      expression: [{ units: [{ field: 'name', operator: 'CONTAINS', values: ['Ana\u0000'] }] }],
    });
    const filtered = await raw('POST', '/api/people/search', search);
    await expect400(filtered, MESSAGES.validation, refused('expression.0.units.0.values.0'));
    await expect400(await raw('GET', '/api/people/1%00'), MESSAGES.validation, refused('id'));
    const deep = `{"name":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    expect((await raw('POST', '/api/people', deep)).statusCode).toBe(400);
    const deepNul = `{"name":${'['.repeat(1000)}"\\u0000"${']'.repeat(1000)}}`;
    expect((await raw('POST', '/api/people', deepNul)).statusCode).toBe(400);
    expect(await peopleCount()).toBe(count);
    // tab, newline and carriage return are text
    await buildPerson(t, admin, { name: 'Ana\tMaria', notes: 'linha 1\r\nlinha 2\n' });
  });

  it('answers odd bytes in X-Schema and Authorization without a 500', async () => {
    const odd = ['a\u0000b', '\u00ff\u00fe', "t'; --", 'x'.repeat(10_000), '\u0001'];
    for (const value of odd) {
      const schema = await raw('GET', '/api/people/names', undefined, {
        ...admin.headers,
        'x-schema': value,
      });
      expect(schema.statusCode).toBe(403);
      const token = await raw('GET', '/api/people/names', undefined, {
        ...admin.headers,
        authorization: `Bearer ${value}`,
      });
      expect(token.statusCode).toBe(401);
    }
  });

  /** Rows of every table the app can read, as the tenant sees them (its rows and the global ones). */
  const rowsByTable = () =>
    withTenant(t.db, tenant.id, async (ctx) => {
      const { rows: tables } = await sql<{ name: string }>`
        SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')
          AND has_table_privilege(current_user, c.oid, 'SELECT')
        ORDER BY 1`.execute(ctx.trx);
      const { rows } = await sql<{ name: string; n: string }>`${sql.join(
        tables.map(
          (table) => sql`SELECT ${table.name} AS name, count(*)::text AS n FROM ${sql.table(table.name)}`,
        ),
        sql` UNION ALL `,
      )}`.execute(ctx.trx);
      return Object.fromEntries(rows.map((r) => [r.name, Number(r.n)]));
    });

  it('refuses prototype-named keys on every route that takes a JSON body, and writes nothing', async () => {
    const routes = Object.entries(
      (t.api.swagger() as { paths: Record<string, Record<string, { requestBody?: { content?: object } }>> })
        .paths,
    ).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, operation]) => 'application/json' in (operation.requestBody?.content ?? {}))
        .map(([method]) => ({ path: path.replace(/\{\w+\}/g, '1'), method: method.toUpperCase() })),
    );
    expect(routes.length).toBeGreaterThan(40);
    const rows = await rowsByTable();
    expect(rows.tenants).toBeGreaterThan(0);
    for (const { path, method } of routes) {
      for (const key of PROTOTYPE_KEYS) {
        for (const payload of [`{"${key}":{"polluted":1}}`, `{"${key}":1,"name":"Ana"}`]) {
          const res = await raw(method, path, payload);
          expect(res.statusCode, `${method} ${path} ${payload} → ${res.body}`).toBeGreaterThanOrEqual(400);
          expect(res.statusCode, `${method} ${path} ${payload} → ${res.body}`).toBeLessThan(500);
        }
      }
    }
    expect(await rowsByTable()).toEqual(rows);
    expect(prototypeSnapshot()).toEqual(before);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('answers every query shape on every GET route without a 500: lists taken, the rest a pt-BR 400', {
    timeout: 300_000,
  }, async () => {
    type Operation = { parameters?: { in: string; name: string }[] };
    const routes = Object.entries(
      (t.api.swagger() as { paths: Record<string, Record<string, Operation>> }).paths,
    ).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([method]) => method === 'get' && path.startsWith('/api/'))
        .map(([, operation]) => ({
          path: path.replace(/\{\w+\}/g, '1'),
          names: (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
        })),
    );
    expect(routes.length).toBeGreaterThan(60);
    expect(routes.filter((r) => r.names.length > 0).length).toBeGreaterThan(40);
    const many = (n: number, pair: (i: number) => string) =>
      Array.from({ length: n }, (_, i) => pair(i)).join('&');
    /** shapes a route may take or refuse with its own 400 (an unknown field, a value not allowed) */
    const taken = (n: string) => [
      `${n}=1&${n}=DRAFT`,
      `${n}[]=1&${n}[]=PERSON`,
      `${n}[0]=DRAFT&${n}[1]=SENT`,
      `${n}%5B1%5D=2&${n}%5B0%5D=1`,
      `${n}[7]=1&${n}[2]=2`,
      `${n}=1,2`,
      `${n}=`,
      `${n}[0]=`,
      `${n}=1&${n}[]=2&${n}[0]=3`,
      `${n}[title]=x`,
      `${n}[__proto__]=1`,
      `${n}[constructor]=1`,
      `${n}[01]=1`,
      many(QUERY_LIMITS.list, (i) => `${n}[${i}]=${i + 1}`),
      `__proto__[0]=1&${n}=1`,
      `constructor[0]=1`,
      `__proto__=1`,
      `toString[]=1&valueOf[x]=2`,
      `${n}=${'a'.repeat(QUERY_LIMITS.valueLength)}`,
    ];
    /** shapes every route refuses before it reads them, with the field and its text */
    const refused = (n: string): [string, Record<string, string[]>][] => [
      [`${n}[0][a]=1`, { [`${n}[0][a]`]: [QUERY_MESSAGES.unsupportedShape] }],
      [`${n}[a][b][c]=1`, { [`${n}[a][b][c]`]: [QUERY_MESSAGES.unsupportedShape] }],
      [`__proto__[a][b]=1`, { '__proto__[a][b]': [QUERY_MESSAGES.unsupportedShape] }],
      [`${n}[=1`, { [`${n}[`]: [QUERY_MESSAGES.unsupportedShape] }],
      [`${n}[0]=1&${n}[a]=2`, { [n]: [QUERY_MESSAGES.listAndObject] }],
      [`${n}=1&${n}[a]=2`, { [n]: [QUERY_MESSAGES.listAndObject] }],
      [many(QUERY_LIMITS.list + 1, (i) => `${n}[${i}]=1`), { [n]: [QUERY_MESSAGES.listTooLong] }],
      [many(QUERY_LIMITS.pairs + 1, (i) => `k${i}=1`), { _: [QUERY_MESSAGES.tooManyPairs] }],
      [
        `${'k'.repeat(QUERY_LIMITS.keyLength + 1)}=1`,
        { [`${'k'.repeat(60)}…`]: [QUERY_MESSAGES.keyTooLong] },
      ],
      [`${n}=${'a'.repeat(QUERY_LIMITS.valueLength + 1)}`, { [n]: [QUERY_MESSAGES.valueTooLong] }],
    ];
    for (const { path, names } of routes) {
      for (const n of names.length > 0 ? names : ['status']) {
        for (const query of taken(n)) {
          const res = await raw('GET', `${path}?${query}`);
          expect(res.statusCode, `GET ${path}?${query.slice(0, 200)} → ${res.body}`).toBeLessThan(500);
        }
      }
      for (const [query, errors] of refused(names[0] ?? 'status')) {
        await expect400(await raw('GET', `${path}?${query}`), MESSAGES.validation, errors);
      }
    }
    expect(prototypeSnapshot()).toEqual(before);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('never answers 500 to random hostile input on any route', { timeout: 180_000 }, async () => {
    const other = await buildUser(t, tenant, { permissions: ['ROLE_CRM'] });
    const person = await buildPerson(t, admin);
    const schedule = (await call(t, admin, 'POST', '/api/schedules', { name: 'Gabinete' })).body.data;
    const routes = Object.entries((t.api.swagger() as { paths: Record<string, object> }).paths)
      .flatMap(([path, methods]) => Object.keys(methods).map((m) => ({ path, method: m.toUpperCase() })))
      .filter((r) => r.path.startsWith('/api/') && r.method !== 'HEAD');
    expect(routes.length).toBeGreaterThan(40);
    const params: Record<string, fc.Arbitrary<string>> = {
      id: fc.oneof(fc.constant(String(person.code)), fc.constantFrom('1', '0', '9'.repeat(30)), text),
      code: fc.oneof(fc.constant(other.code), text),
      slug: fc.oneof(fc.constant(tenant.slug), text),
      file: text.map((s) => `${s}.ics`),
    };
    const samples: Record<string, Record<string, unknown>> = {
      '/api/people': { name: 'Ana', notes: 'nota' },
      '/api/people/search': {
        expression: [{ units: [{ field: 'name', operator: 'CONTAINS', values: ['a'] }] }],
      },
      '/api/companies': { name: 'Escola' },
      '/api/segments': { name: 'Lista', type: 'PERSON', expression: [] },
      '/api/schedules': { name: 'Gabinete' },
      '/api/events': {
        title: 'Reunião',
        beginDate: '2025-03-10',
        endDate: '2025-03-10',
        scheduleCode: schedule.code,
      },
      '/api/tags': { name: 'Saúde' },
      '/api/users/me': { name: 'Ana', email: admin.user.email, cellphone: '81999998888' },
      '/api/people/{id}/mark-as-influence': { influence: 3 },
      '/api/users/{code}/change-permissions': { active: true, permissions: ['ROLE_CRM'] },
      '/api/people-contacts': {
        source: 'WHATSAPP',
        description: 'Conversa',
        beginDate: '2030-05-10 09:00',
        endDate: '2030-05-10 09:05',
        userResponsibleCode: admin.user.code,
        personCode: person.code,
      },
    };
    for (const { path, method } of routes) {
      // a route may have ended the session (logout); the fuzzing comes from another address, so the
      // login throttle it may trip does not stop this sign-in
      if ((await raw('GET', '/api/auth/verify')).statusCode === 401) {
        admin.headers.authorization = `Bearer ${await loginAs(t, tenant, admin.user.email)}`;
      }
      const names = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);
      const sample = samples[path] ?? samples[path.replace(/\/\{\w+\}$/, '')] ?? {};
      const url = fc
        .tuple(fc.tuple(...names.map((n) => params[n] ?? text)), queryString)
        .map(([values, query]) => {
          let filled = path;
          names.forEach((n, i) => {
            filled = filled.replace(`{${n}}`, urlEncode(values[i] as string) || '0');
          });
          return query ? `${filled}?${query}` : filled;
        });
      const body = method === 'GET' ? fc.constant(undefined) : jsonBody(sample);
      await fc.assert(
        fc.asyncProperty(url, body, async (to, payload) => {
          const res = await t.api.inject({
            method: method as 'POST',
            url: to,
            headers: {
              ...admin.headers,
              ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
            },
            payload,
            remoteAddress: '203.0.113.7',
          });
          expect(res.statusCode, `${method} ${to} ${payload?.slice(0, 300)} → ${res.body}`).toBeLessThan(500);
        }),
        { numRuns: RUNS },
      );
      expect(prototypeSnapshot(), `${method} ${path}`).toEqual(before);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    }
  });
});
