import type { TestApp } from './test-app.ts';

/** The marketing token (POST /api/mkt/auth/login) of a signed-in user's session headers. */
export async function marketingToken(
  t: TestApp,
  sessionHeaders: Record<string, string>,
  slug: string,
): Promise<string> {
  const res = await t.api.inject({
    method: 'POST',
    url: '/api/mkt/auth/login',
    headers: sessionHeaders,
    payload: { slug },
  });
  if (res.statusCode !== 200) throw new Error(`login de marketing: ${res.statusCode} ${res.body}`);
  return res.json().data.data.token;
}
