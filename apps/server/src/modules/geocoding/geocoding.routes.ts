import {
  RevalidateCoordinatesSchema,
  RevalidationProgressSchema,
  RevalidationStartedSchema,
} from '@mandato/domain';
import { z } from 'zod';
import type { AppContext } from '../../platform/app-context.ts';
import { withAuth } from '../../platform/auth/guard.ts';
import { authenticated } from '../../platform/http/answers.ts';
import { idParams } from '../../platform/http/params.ts';
import type { Api } from '../../platform/http/types.ts';
import { strictInput } from '../../platform/http/validation.ts';
import { REVALIDATE_RULE } from './geocoding.policy.ts';
import { revalidationProgress, startRevalidation } from './geocoding.service.ts';

const tags = ['people'];
const codeParams = z.object({ code: idParams.shape.id });

/** 'Revalidar pontos' of the map (spec 2 §2): start a recheck of the expression's people, follow it. */
export function registerGeocodingRoutes(api: Api, app: AppContext) {
  api.post(
    '/api/people/revalidate-coordinates',
    {
      ...strictInput(),
      schema: {
        tags,
        summary: 'Revalidar pontos: recheca as coordenadas das pessoas da expressão',
        ...authenticated(RevalidationStartedSchema),
        body: RevalidateCoordinatesSchema,
      },
    },
    async (request) => ({
      data: await withAuth(app, request, REVALIDATE_RULE, (ctx, auth) =>
        startRevalidation(ctx, auth, request.body),
      ),
    }),
  );

  api.get(
    '/api/people/revalidate-coordinates/:code',
    {
      ...strictInput(),
      schema: {
        tags,
        summary: 'Progresso de uma revalidação de pontos',
        ...authenticated(RevalidationProgressSchema, [404]),
        params: codeParams,
      },
    },
    async (request) => ({
      data: await withAuth(app, request, REVALIDATE_RULE, (ctx, auth) =>
        revalidationProgress(ctx, auth, request.params.code),
      ),
    }),
  );
}
