import {
  ListAnswerSchema,
  POLITICIAN_TEXTS,
  PoliticianSaveSchema,
  PoliticianSchema,
  PoliticiansQuerySchema,
} from '@mandato/domain';
import type { AppContext } from '../../platform/app-context.ts';
import { withAuth } from '../../platform/auth/guard.ts';
import { authenticated } from '../../platform/http/answers.ts';
import { idParams } from '../../platform/http/params.ts';
import type { Api } from '../../platform/http/types.ts';
import { strictInput } from '../../platform/http/validation.ts';
import { POLITICIANS_RULE } from './politicians.policy.ts';
import { createPolitician, listPoliticians, updatePolitician } from './politicians.service.ts';

const tags = ['sys-admin'];

/** sys-admin/politicians (spec 1 §7): list, create, update; ROLE_CONFIG. */
export function registerPoliticianRoutes(api: Api, app: AppContext) {
  api.get(
    '/api/sys-admin/politicians',
    {
      ...strictInput(),
      schema: {
        tags,
        summary: 'Lista os políticos da conta',
        querystring: PoliticiansQuerySchema,
        ...authenticated(ListAnswerSchema(PoliticianSchema)),
      },
    },
    async (request) => ({
      data: await withAuth(app, request, POLITICIANS_RULE, (ctx, auth) =>
        listPoliticians(ctx, auth, request.query),
      ),
    }),
  );

  api.post(
    '/api/sys-admin/politicians',
    {
      ...strictInput(POLITICIAN_TEXTS.saveError),
      schema: {
        tags,
        summary: 'Cadastra um político',
        body: PoliticianSaveSchema,
        ...authenticated(PoliticianSchema, [409]),
      },
    },
    async (request) => ({
      data: await withAuth(app, request, POLITICIANS_RULE, (ctx, auth) =>
        createPolitician(ctx, auth, request.body),
      ),
    }),
  );

  api.put(
    '/api/sys-admin/politicians/:id',
    {
      ...strictInput(POLITICIAN_TEXTS.saveError),
      schema: {
        tags,
        summary: 'Atualiza um político',
        params: idParams,
        body: PoliticianSaveSchema,
        ...authenticated(PoliticianSchema, [404, 409]),
      },
    },
    async (request) => ({
      data: await withAuth(app, request, POLITICIANS_RULE, (ctx, auth) =>
        updatePolitician(ctx, auth, request.params.id, request.body),
      ),
    }),
  );
}
