import { ProfileSaveSchema, ProfileSchema } from '@mandato/domain';
import type { AppContext } from '../../platform/app-context.ts';
import { withAuth } from '../../platform/auth/guard.ts';
import { authenticated } from '../../platform/http/answers.ts';
import type { Api } from '../../platform/http/types.ts';
import { getProfile, updateProfile } from './team.service.ts';

const tags = ['users'];
const ANY_USER = {};

export function registerTeamRoutes(api: Api, app: AppContext) {
  api.get(
    '/api/users/me',
    { schema: { tags, summary: 'Meu perfil', ...authenticated(ProfileSchema) } },
    async (request) => ({
      data: await withAuth(app, request, ANY_USER, (ctx, auth) => getProfile(ctx, auth)),
    }),
  );

  api.put(
    '/api/users/me',
    {
      schema: {
        tags,
        summary: 'Atualiza meu perfil',
        ...authenticated(ProfileSchema, [409]),
        body: ProfileSaveSchema,
      },
    },
    async (request) => ({
      data: await withAuth(app, request, ANY_USER, (ctx, auth) => updateProfile(ctx, auth, request.body)),
    }),
  );
}
