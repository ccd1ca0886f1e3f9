import { DEMO } from '@mandato/domain';
import { clientHash } from '../platform/auth/password.ts';
import type { TestApp } from './test-app.ts';

/** Request headers of the demo's admin, signed in (demo tests). */
export async function demoAdminHeaders(t: TestApp): Promise<Record<string, string>> {
  const login = await t.api.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { 'x-schema': DEMO.slug },
    payload: { email: DEMO.adminEmail, password: clientHash(DEMO.password) },
  });
  if (login.statusCode !== 200) throw new Error(`login do demo: ${login.statusCode} ${login.body}`);
  return { 'x-schema': DEMO.slug, authorization: `Bearer ${login.json().data.token}` };
}
