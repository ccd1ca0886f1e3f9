import {
  ListAnswerSchema,
  PeopleListQuerySchema,
  PersonSchema,
  queryList,
  SEGMENTS_PAGE_SIZE,
  SegmentNameSchema,
  SegmentSaveSchema,
  SegmentSchema,
  SegmentToggledSchema,
  SegmentTypeSchema,
} from '@mandato/domain';
import { z } from 'zod';
import type { AppContext } from '../../platform/app-context.ts';
import { withAuth } from '../../platform/auth/guard.ts';
import { authenticated } from '../../platform/http/answers.ts';
import { idParams, pageQuery } from '../../platform/http/params.ts';
import type { Api } from '../../platform/http/types.ts';
import { strictInput } from '../../platform/http/validation.ts';
import { PEOPLE_RULE } from '../people/people.policy.ts';
import { SEGMENTS_RULE } from './segments.policy.ts';
import {
  createSegment,
  getSegment,
  listSegmentPeople,
  listSegments,
  segmentNames,
  toggleSegment,
  updateSegment,
} from './segments.service.ts';

const tags = ['segments'];
const typesQuery = z.preprocess((v) => queryList(v) ?? [], z.array(SegmentTypeSchema).max(3));

export function registerSegmentRoutes(api: Api, app: AppContext) {
  // the people of a list: under /people for the clients, here because it opens a segment
  api.get(
    '/api/people',
    {
      ...strictInput(),
      schema: {
        tags: ['people'],
        summary: 'Pessoas de uma lista (segmentCode); validEmail/validSMS; itemsPerPage=0: só o total',
        ...authenticated(ListAnswerSchema(PersonSchema), [404]),
        querystring: PeopleListQuerySchema,
      },
    },
    async (request) => ({
      data: await withAuth(app, request, PEOPLE_RULE, (ctx, auth) =>
        listSegmentPeople(ctx, auth, request.query),
      ),
    }),
  );

  api.get(
    '/api/segments',
    {
      ...strictInput(),
      schema: {
        tags,
        summary: 'Listas de segmentação de um tipo (a lista padrão primeiro)',
        ...authenticated(ListAnswerSchema(SegmentSchema)),
        querystring: z.object({ type: SegmentTypeSchema, ...pageQuery(SEGMENTS_PAGE_SIZE, 100) }),
      },
    },
    async (request) => {
      return {
        data: await withAuth(app, request, SEGMENTS_RULE, (ctx, auth) =>
          listSegments(ctx, auth, request.query),
        ),
      };
    },
  );

  api.get(
    '/api/segments/names',
    {
      ...strictInput(),
      schema: {
        tags,
        summary: 'Nomes das listas',
        ...authenticated(z.array(SegmentNameSchema)),
        querystring: z.object({ types: typesQuery }),
      },
    },
    async (request) => {
      return {
        data: await withAuth(app, request, SEGMENTS_RULE, (ctx, auth) =>
          segmentNames(ctx, auth, request.query.types),
        ),
      };
    },
  );

  api.get(
    '/api/segments/:id',
    {
      ...strictInput(),
      schema: {
        tags,
        summary: 'Uma lista com o total',
        ...authenticated(SegmentSchema, [404]),
        params: idParams,
      },
    },
    async (request) => {
      return {
        data: await withAuth(app, request, SEGMENTS_RULE, (ctx, auth) =>
          getSegment(ctx, auth, request.params.id),
        ),
      };
    },
  );

  api.post(
    '/api/segments',
    {
      ...strictInput(),
      schema: { tags, summary: 'Cria uma lista', ...authenticated(SegmentSchema), body: SegmentSaveSchema },
    },
    async (request) => {
      return {
        data: await withAuth(app, request, SEGMENTS_RULE, (ctx, auth) =>
          createSegment(ctx, auth, request.body),
        ),
      };
    },
  );

  api.put(
    '/api/segments/:id',
    {
      ...strictInput(),
      schema: {
        tags,
        summary: 'Atualiza uma lista',
        ...authenticated(SegmentSchema, [404]),
        params: idParams,
        body: SegmentSaveSchema,
      },
    },
    async (request) => {
      return {
        data: await withAuth(app, request, SEGMENTS_RULE, (ctx, auth) =>
          updateSegment(ctx, auth, request.params.id, request.body),
        ),
      };
    },
  );

  api.put(
    '/api/segments/:id/toogle-active',
    {
      ...strictInput(),
      schema: {
        tags,
        summary: 'Remove (desativa) ou restaura uma lista',
        ...authenticated(SegmentToggledSchema, [404]),
        params: idParams,
      },
    },
    async (request) => {
      return {
        data: await withAuth(app, request, SEGMENTS_RULE, (ctx, auth) =>
          toggleSegment(ctx, auth, request.params.id),
        ),
      };
    },
  );
}
