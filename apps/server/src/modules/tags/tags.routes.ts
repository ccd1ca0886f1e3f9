import { CodeNameSchema, CRM_MESSAGES, ListAnswerSchema, TagCreateSchema } from '@mandato/domain';
import { z } from 'zod';
import type { AppContext } from '../../platform/app-context.ts';
import { withAuth } from '../../platform/auth/guard.ts';
import { authenticated } from '../../platform/http/answers.ts';
import { codesQuery, pageQuery, searchString } from '../../platform/http/params.ts';
import type { Api } from '../../platform/http/types.ts';
import { strictInput } from '../../platform/http/validation.ts';
import { TAGS_RULE } from './tags.policy.ts';
import { createTag, listTags, searchTags } from './tags.service.ts';

const tags = ['tags'];

export function registerTagRoutes(api: Api, app: AppContext) {
  api.get(
    '/api/tags',
    {
      ...strictInput(),
      schema: {
        tags,
        summary: 'Busca tags por nome',
        querystring: z.object({ searchString, ...pageQuery(20) }),
        ...authenticated(ListAnswerSchema(CodeNameSchema)),
      },
    },
    async (request) => {
      return {
        data: await withAuth(app, request, TAGS_RULE, (ctx, auth) => searchTags(ctx, auth, request.query)),
      };
    },
  );

  api.get(
    '/api/tags/list',
    {
      ...strictInput(),
      schema: {
        tags,
        summary: 'Tags pelos códigos',
        querystring: z.object({ codes: codesQuery }),
        ...authenticated(z.array(CodeNameSchema)),
      },
    },
    async (request) => {
      return {
        data: await withAuth(app, request, TAGS_RULE, (ctx, auth) =>
          listTags(ctx, auth, request.query.codes),
        ),
      };
    },
  );

  api.post(
    '/api/tags',
    {
      ...strictInput(CRM_MESSAGES.tagSaveError),
      schema: {
        tags,
        summary: 'Cria uma tag (ou devolve a de mesmo nome)',
        body: TagCreateSchema,
        ...authenticated(CodeNameSchema),
      },
    },
    async (request) => {
      return {
        data: await withAuth(app, request, TAGS_RULE, (ctx, auth) => createTag(ctx, auth, request.body.name)),
      };
    },
  );
}
