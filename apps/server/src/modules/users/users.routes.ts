import { ChangePasswordBodySchema, ChangePermissionsBodySchema, ProfileSaveSchema } from '@mandato/domain';
import { z } from 'zod';
import type { AppContext } from '../../platform/app-context.ts';
import { pageQuery, searchString } from '../../platform/http/params.ts';
import type { Api } from '../../platform/http/types.ts';
import { strictInput } from '../../platform/http/validation.ts';
import { authenticate } from '../auth/auth.guard.ts';
import {
  changePassword,
  changePermissions,
  getAccess,
  getProfile,
  resetPassword,
  updateProfile,
  userNames,
} from './users.service.ts';

const codeParams = z.object({ code: z.string().max(64) });
const TEAM = { roles: ['ROLE_TEAM' as const] };
const namesQuery = z.object({ searchString, ...pageQuery(20, 200) });

export function registerUserRoutes(api: Api, app: AppContext) {
  api.get('/api/users/me', { schema: { tags: ['users'], summary: 'Meu perfil' } }, async (request) => {
    const auth = await authenticate(app, request);
    return { data: await getProfile(app, auth) };
  });

  // guests of schedules and responsibles of interactions are chosen from the active users
  api.get(
    '/api/users/names',
    {
      ...strictInput(),
      schema: { tags: ['users'], summary: 'Usuários ativos (autocomplete)', querystring: namesQuery },
    },
    async (request) => {
      const auth = await authenticate(app, request);
      return { data: await userNames(app, auth, request.query) };
    },
  );

  api.put(
    '/api/users/me',
    { schema: { tags: ['users'], summary: 'Atualiza meu perfil', body: ProfileSaveSchema } },
    async (request) => {
      const auth = await authenticate(app, request);
      return { data: await updateProfile(app, auth, request.body) };
    },
  );

  api.get(
    '/api/users/:code',
    { schema: { tags: ['users'], summary: 'Acesso de um usuário', params: codeParams } },
    async (request) => {
      const auth = await authenticate(app, request);
      return { data: await getAccess(app, auth, request.params.code) };
    },
  );

  api.put(
    '/api/users/:code/change-permissions',
    {
      schema: {
        tags: ['users'],
        summary: 'Altera acesso e permissões',
        params: codeParams,
        body: ChangePermissionsBodySchema,
      },
    },
    async (request) => {
      const auth = await authenticate(app, request, TEAM);
      return { data: await changePermissions(app, auth, request.params.code, request.body) };
    },
  );

  api.put(
    '/api/users/:code/reset-password',
    { schema: { tags: ['users'], summary: 'Redefine a senha e envia por e-mail', params: codeParams } },
    async (request) => {
      const auth = await authenticate(app, request, TEAM);
      return { data: await resetPassword(app, auth, request.params.code) };
    },
  );

  api.put(
    '/api/users/:code/change-password',
    {
      schema: {
        tags: ['users'],
        summary: 'Altera a própria senha',
        params: codeParams,
        body: ChangePasswordBodySchema,
      },
    },
    async (request) => {
      const auth = await authenticate(app, request);
      return { data: await changePassword(app, auth, request.params.code, request.body) };
    },
  );
}
