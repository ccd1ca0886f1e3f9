import {
  ChangePasswordBodySchema,
  ForgotPasswordBodySchema,
  LOGIN_LIMITS,
  LoggedOutSchema,
  LoginAnswerSchema,
  LoginBodySchema,
  PasswordChangedSchema,
  PasswordSentSchema,
  SessionAnswerSchema,
} from '@mandato/domain';
import { z } from 'zod';
import type { AppContext } from '../../platform/app-context.ts';
import { requireTenant, withAuth } from '../../platform/auth/guard.ts';
import { anonymous, authenticated } from '../../platform/http/answers.ts';
import { type RateLimit, rateLimitOf } from '../../platform/http/rate-limit.ts';
import type { Api } from '../../platform/http/types.ts';
import { deviceCookie, signInDevice } from '../privacy/audit-device.service.ts';
import { presentUser } from '../users/users.service.ts';
import { changeOwnPassword, forgotPassword, login } from './auth.service.ts';
import { endSession } from './sessions.service.ts';

const schemaHeader = z.object({ 'x-schema': z.string().optional() });
const codeParams = z.object({ code: z.string().max(64) });

/**
 * Failed sign-ins (LOGIN_LIMITS): an account from one client is locked; a client across accounts
 * too; an account from anywhere only slows down. Shared by the login (the account of the body) and
 * the own password change (the signed-in user's, taken by the service once it knows it).
 */
const loginLimit = (enforcedBy: 'request' | 'session'): RateLimit => {
  const windowSeconds = LOGIN_LIMITS.windowSeconds;
  return {
    name: 'login',
    enforcedBy,
    rules: [
      { per: ['account', 'ip'], windowSeconds, max: LOGIN_LIMITS.perAccountClient },
      { per: 'ip', windowSeconds, max: LOGIN_LIMITS.perClient },
      {
        per: 'account',
        windowSeconds,
        max: LOGIN_LIMITS.perAccount,
        delayFrom: LOGIN_LIMITS.accountDelayFrom,
        maxDelaySeconds: LOGIN_LIMITS.accountMaxDelaySeconds,
      },
    ],
  };
};
const FORGOT_LIMIT: RateLimit = {
  name: 'forgot',
  rules: [
    { per: 'account', windowSeconds: LOGIN_LIMITS.forgotWindowSeconds, max: LOGIN_LIMITS.forgotPerAccount },
    { per: 'ip', windowSeconds: LOGIN_LIMITS.forgotWindowSeconds, max: LOGIN_LIMITS.forgotPerClient },
  ],
};

export function registerAuthRoutes(api: Api, app: AppContext) {
  api.post(
    '/api/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Login (senha = SHA-256 hex)',
        ...anonymous(LoginAnswerSchema, [400, 401, 403, 429], 'required'),
        headers: schemaHeader,
        body: LoginBodySchema,
      },
      config: { rateLimit: loginLimit('request') },
    },
    async (request, reply) => {
      const tenant = await requireTenant(app, request);
      const device = signInDevice(request.headers);
      const answer = await login(app, tenant, request.body, rateLimitOf(request), device);
      reply.header('Set-Cookie', deviceCookie(device));
      return { data: answer };
    },
  );

  api.get(
    '/api/auth/verify',
    { schema: { tags: ['auth'], summary: 'Verifica a sessão', ...authenticated(SessionAnswerSchema) } },
    async (request) => ({
      data: await withAuth(app, request, {}, async (_ctx, auth) => ({ user: presentUser(auth.user) })),
    }),
  );

  api.post(
    '/api/auth/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'Encerra a sessão do token (o token deixa de valer; repetir responde o mesmo)',
        ...authenticated(LoggedOutSchema),
        // no body; one sent with any key is refused like every unknown field
        body: z.strictObject({}).nullish(),
      },
    },
    async (request) => ({ data: await endSession(app, request) }),
  );

  api.put(
    '/api/auth/forgot-password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Envia nova senha por e-mail',
        ...anonymous(PasswordSentSchema, [400, 403, 404, 429], 'required'),
        headers: schemaHeader,
        body: ForgotPasswordBodySchema,
      },
      config: { rateLimit: FORGOT_LIMIT },
    },
    async (request) => {
      const tenant = await requireTenant(app, request);
      return { data: await forgotPassword(app, tenant, request.body.email) };
    },
  );

  api.put(
    '/api/users/:code/change-password',
    {
      schema: {
        tags: ['users'],
        summary:
          'Altera a própria senha (encerra as outras sessões; tentativas erradas contam no limite do login)',
        ...authenticated(PasswordChangedSchema, [429]),
        params: codeParams,
        body: ChangePasswordBodySchema,
      },
      config: { rateLimit: loginLimit('session') },
    },
    async (request) => ({
      data: await changeOwnPassword(app, request, request.params.code, request.body),
    }),
  );
}
