import {
  MAP_MESSAGES,
  MapCoordinatesQuerySchema,
  MapCoordinatesSchema,
  MapFindByLocationSchema,
  MapMovedSchema,
  MapUpdateCoordinatesSchema,
  MapVoteSummarySchema,
  PersonSchema,
} from '@mandato/domain';
import { z } from 'zod';
import type { AppContext } from '../../platform/app-context.ts';
import { withAuth } from '../../platform/auth/guard.ts';
import { authenticated } from '../../platform/http/answers.ts';
import type { Api } from '../../platform/http/types.ts';
import { strictInput } from '../../platform/http/validation.ts';
import { PEOPLE_MAP_RULE } from './people-map.policy.ts';
import { findByLocation, listCoordinates, updateCoordinates } from './people-map.service.ts';

const tags = ['people'];

export function registerPeopleMapRoutes(api: Api, app: AppContext) {
  api.post(
    '/api/people/list-coordinates',
    {
      ...strictInput(MAP_MESSAGES.listFailed),
      schema: {
        tags,
        summary: 'Indicadores do mapa: pessoas por célula da grade do zoom na área visível',
        ...authenticated(MapCoordinatesSchema),
        body: MapCoordinatesQuerySchema,
      },
    },
    async (request) => ({
      data: await withAuth(app, request, PEOPLE_MAP_RULE, (ctx, auth) =>
        listCoordinates(ctx, auth, request.body),
      ),
    }),
  );

  api.post(
    '/api/people/find-by-location',
    {
      ...strictInput(MAP_MESSAGES.listPeopleFailed),
      schema: {
        tags,
        summary: 'Pessoas de um indicador do mapa, paginadas, com o resumo de votos',
        ...authenticated(
          z.object({ list: z.array(PersonSchema), total: z.number(), summary: MapVoteSummarySchema }),
        ),
        body: MapFindByLocationSchema,
      },
    },
    async (request) => ({
      data: await withAuth(app, request, PEOPLE_MAP_RULE, (ctx, auth) =>
        findByLocation(ctx, auth, request.body),
      ),
    }),
  );

  api.put(
    '/api/people/update-coordinates',
    {
      ...strictInput(MAP_MESSAGES.updateFailed),
      schema: {
        tags,
        summary: 'Move as pessoas de um indicador para um ponto no Brasil',
        ...authenticated(MapMovedSchema),
        body: MapUpdateCoordinatesSchema,
      },
    },
    async (request) => ({
      data: await withAuth(app, request, PEOPLE_MAP_RULE, (ctx, auth) =>
        updateCoordinates(ctx, auth, request.body),
      ),
    }),
  );
}
