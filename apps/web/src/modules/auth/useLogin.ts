import type { LoginAnswer, TenantSchema } from '@mandato/domain';
import { forgetRememberedLogin, saveRememberedLogin } from '../../platform/session/rememberMe.ts';
import { sessionStore } from '../../platform/session/sessionStore.ts';
import { fetchTenantSchema } from '../../platform/tenant/tenantApi.ts';
import { normaliseSlug, requestLogin } from './api.ts';
import { hashPassword } from './hashPassword.ts';

export interface LoginValues {
  schema: string;
  email: string;
  password: string;
  remember: boolean;
}

/**
 * The login use case: hash the password, POST /auth/login, look the tenant schema up with the new
 * token, then store session + schema (spec 1 §4). Returns the tenant slug.
 */
export async function performLogin(values: LoginValues, signal?: AbortSignal): Promise<string> {
  const slug = normaliseSlug(values.schema);
  const email = values.email.trim();
  const answer: LoginAnswer = await requestLogin(slug, email, await hashPassword(values.password), signal);
  let schema: TenantSchema | null = null;
  try {
    schema = await fetchTenantSchema(slug, { auth: true, token: answer.token, signal });
  } catch {
    schema = null; // the tenant gate looks it up again
  }
  if (values.remember) saveRememberedLogin({ domain: slug, email });
  else forgetRememberedLogin();
  sessionStore.signIn(answer, slug);
  if (schema) sessionStore.setSchema(schema);
  return slug;
}
