import { TagCreateSchema } from '@mandato/domain';
import { z } from 'zod';
import type { AppContext } from '../../platform/app-context.ts';
import { codesQuery, pageQuery, searchString } from '../../platform/http/params.ts';
import type { Api } from '../../platform/http/types.ts';
import { strictInput } from '../../platform/http/validation.ts';
import { authenticate } from '../auth/auth.guard.ts';
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
      },
    },
    async (request) => {
      const auth = await authenticate(app, request, TAGS_RULE);
      return { data: await searchTags(app, auth, request.query) };
    },
  );

  api.get(
    '/api/tags/list',
    {
      ...strictInput(),
      schema: { tags, summary: 'Tags pelos códigos', querystring: z.object({ codes: codesQuery }) },
    },
    async (request) => {
      const auth = await authenticate(app, request, TAGS_RULE);
      return { data: await listTags(app, auth, request.query.codes) };
    },
  );

  api.post(
    '/api/tags',
    {
      ...strictInput('Falha ao tentar salvar tag'),
      schema: { tags, summary: 'Cria uma tag (ou devolve a de mesmo nome)', body: TagCreateSchema },
    },
    async (request) => {
      const auth = await authenticate(app, request, TAGS_RULE);
      return { data: await createTag(app, auth, request.body.name) };
    },
  );
}
