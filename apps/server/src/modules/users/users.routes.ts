import {
  ChangePasswordBodySchema,
  ChangePermissionsBodySchema,
  ProfileUpdateBodySchema,
} from '@mandato/domain';
import { z } from 'zod';
import type { AppContext } from '../../platform/app-context.ts';
import type { Api } from '../../platform/http/types.ts';
import { authenticate } from '../auth/auth.guard.ts';
import {
  changePassword,
  changePermissions,
  getAccess,
  presentUser,
  resetPassword,
  updateProfile,
} from './users.service.ts';

const codeParams = z.object({ code: z.string().max(64) });
const TEAM = { roles: ['ROLE_TEAM' as const] };

export function registerUserRoutes(api: Api, app: AppContext) {
  api.get('/api/users/me', { schema: { tags: ['users'], summary: 'Meu perfil' } }, async (request) => {
    const auth = await authenticate(app, request);
    return { data: presentUser(auth.user) };
  });

  api.put(
    '/api/users/me',
    { schema: { tags: ['users'], summary: 'Atualiza meu perfil', body: ProfileUpdateBodySchema } },
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
