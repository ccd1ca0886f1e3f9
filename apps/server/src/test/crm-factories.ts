import type { Role } from '@mandato/domain';
import { expect } from 'vitest';
import { as, type BuiltTenant, buildUser, loginAs, type TestApp } from './test-app.ts';

/** A signed-in user of the tenant with the given permissions: its record, token and headers. */
export async function signedIn(t: TestApp, tenant: BuiltTenant, permissions: Role[], name = 'Usuária Teste') {
  const user = await buildUser(t, tenant, { permissions, name });
  const token = await loginAs(t, tenant, user.email);
  return { user, token, headers: as(tenant, token) };
}

export type Caller = Awaited<ReturnType<typeof signedIn>>;

/** A JSON call of a signed-in user; answers status and parsed body. */
export async function call(t: TestApp, who: Caller, method: string, url: string, payload?: unknown) {
  const res = await t.api.inject({
    method: method as 'GET',
    url,
    headers: who.headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return { status: res.statusCode, body: res.body ? res.json() : undefined };
}

/** POST /api/people with defaults; fails the test unless created. */
export async function buildPerson(t: TestApp, who: Caller, overrides: Record<string, unknown> = {}) {
  const res = await call(t, who, 'POST', '/api/people', { name: 'Maria da Silva', ...overrides });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { code: number; name: string | null; [key: string]: unknown };
}

export async function buildCompany(t: TestApp, who: Caller, overrides: Record<string, unknown> = {}) {
  const res = await call(t, who, 'POST', '/api/companies', { name: 'Escola Estadual Central', ...overrides });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { code: number; name: string; [key: string]: unknown };
}

export async function buildTag(t: TestApp, who: Caller, name: string) {
  const res = await call(t, who, 'POST', '/api/tags', { name });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { code: number; name: string };
}

export async function buildSegment(t: TestApp, who: Caller, body: Record<string, unknown>) {
  const res = await call(t, who, 'POST', '/api/segments', {
    name: 'Lista',
    type: 'PERSON',
    expression: [],
    ...body,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { code: number; name: string; total: number };
}

/** Valid documents for tests. */
export const VALID_CPF = '52998224725';
export const VALID_CNPJ = '11222333000181';
