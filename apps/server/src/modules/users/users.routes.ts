import {
  ChangePermissionsBodySchema,
  ListAnswerSchema,
  PasswordSentSchema,
  UserAccessAnswerSchema,
  UserNameSchema,
} from '@mandato/domain';
import { z } from 'zod';
import type { AppContext } from '../../platform/app-context.ts';
import { withAuth } from '../../platform/auth/guard.ts';
import { authenticated } from '../../platform/http/answers.ts';
import { pageQuery, searchString } from '../../platform/http/params.ts';
import type { Api } from '../../platform/http/types.ts';
import { strictInput } from '../../platform/http/validation.ts';
import { changePermissions, getAccess, resetPassword, userNames } from './users.service.ts';

const codeParams = z.object({ code: z.string().max(64) });
const TEAM = { roles: ['ROLE_TEAM' as const] };
const ANY_USER = {};
const namesQuery = z.object({ searchString, ...pageQuery(20, 200) });

export function registerUserRoutes(api: Api, app: AppContext) {
  // guests of schedules and responsibles of interactions are chosen from the active users
  api.get(
    '/api/users/names',
    {
      ...strictInput(),
      schema: {
        tags: ['users'],
        summary: 'Usuários ativos (autocomplete)',
        ...authenticated(ListAnswerSchema(UserNameSchema)),
        querystring: namesQuery,
      },
    },
    async (request) => {
      return {
        data: await withAuth(app, request, ANY_USER, (ctx, auth) => userNames(ctx, auth, request.query)),
      };
    },
  );

  api.get(
    '/api/users/:code',
    {
      schema: {
        tags: ['users'],
        summary: 'Acesso de um usuário',
        ...authenticated(UserAccessAnswerSchema, [404]),
        params: codeParams,
      },
    },
    async (request) => {
      return {
        data: await withAuth(app, request, ANY_USER, (ctx, auth) =>
          getAccess(ctx, auth, request.params.code),
        ),
      };
    },
  );

  api.put(
    '/api/users/:code/change-permissions',
    {
      schema: {
        tags: ['users'],
        summary: 'Altera acesso e permissões',
        ...authenticated(UserAccessAnswerSchema, [404, 409]),
        params: codeParams,
        body: ChangePermissionsBodySchema,
      },
    },
    async (request) => {
      return {
        data: await withAuth(app, request, TEAM, (ctx, auth) =>
          changePermissions(ctx, auth, request.params.code, request.body),
        ),
      };
    },
  );

  api.put(
    '/api/users/:code/reset-password',
    {
      schema: {
        tags: ['users'],
        summary: 'Redefine a senha e envia por e-mail',
        ...authenticated(PasswordSentSchema, [404]),
        params: codeParams,
      },
    },
    async (request) => {
      return {
        data: await withAuth(app, request, TEAM, (ctx, auth) =>
          resetPassword(ctx, auth, request.params.code),
        ),
      };
    },
  );
}
