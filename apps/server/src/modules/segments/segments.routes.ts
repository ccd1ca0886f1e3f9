import { SEGMENTS_PAGE_SIZE, SegmentSaveSchema, SegmentTypeSchema } from '@mandato/domain';
import { z } from 'zod';
import type { AppContext } from '../../platform/app-context.ts';
import { idParams, pageQuery } from '../../platform/http/params.ts';
import type { Api } from '../../platform/http/types.ts';
import { strictInput } from '../../platform/http/validation.ts';
import { authenticate } from '../auth/auth.guard.ts';
import { SEGMENTS_RULE } from './segments.policy.ts';
import {
  createSegment,
  getSegment,
  listSegments,
  segmentNames,
  toggleSegment,
  updateSegment,
} from './segments.service.ts';

const tags = ['segments'];
const typesQuery = z.preprocess(
  (v) =>
    v === undefined ? [] : (Array.isArray(v) ? v : [v]).flatMap((s) => String(s).split(',')).filter(Boolean),
  z.array(SegmentTypeSchema).max(3),
);

export function registerSegmentRoutes(api: Api, app: AppContext) {
  api.get(
    '/api/segments',
    {
      ...strictInput(),
      schema: {
        tags,
        summary: 'Listas de segmentação de um tipo (a lista padrão primeiro)',
        querystring: z.object({ type: SegmentTypeSchema, ...pageQuery(SEGMENTS_PAGE_SIZE, 100) }),
      },
    },
    async (request) => {
      const auth = await authenticate(app, request, SEGMENTS_RULE);
      return { data: await listSegments(app, auth, request.query) };
    },
  );

  api.get(
    '/api/segments/names',
    {
      ...strictInput(),
      schema: { tags, summary: 'Nomes das listas', querystring: z.object({ types: typesQuery }) },
    },
    async (request) => {
      const auth = await authenticate(app, request, SEGMENTS_RULE);
      return { data: await segmentNames(app, auth, request.query.types) };
    },
  );

  api.get(
    '/api/segments/:id',
    { ...strictInput(), schema: { tags, summary: 'Uma lista com o total', params: idParams } },
    async (request) => {
      const auth = await authenticate(app, request, SEGMENTS_RULE);
      return { data: await getSegment(app, auth, request.params.id) };
    },
  );

  api.post(
    '/api/segments',
    { ...strictInput(), schema: { tags, summary: 'Cria uma lista', body: SegmentSaveSchema } },
    async (request) => {
      const auth = await authenticate(app, request, SEGMENTS_RULE);
      return { data: await createSegment(app, auth, request.body) };
    },
  );

  api.put(
    '/api/segments/:id',
    {
      ...strictInput(),
      schema: { tags, summary: 'Atualiza uma lista', params: idParams, body: SegmentSaveSchema },
    },
    async (request) => {
      const auth = await authenticate(app, request, SEGMENTS_RULE);
      return { data: await updateSegment(app, auth, request.params.id, request.body) };
    },
  );

  api.put(
    '/api/segments/:id/toogle-active',
    {
      ...strictInput(),
      schema: { tags, summary: 'Remove (desativa) ou restaura uma lista', params: idParams },
    },
    async (request) => {
      const auth = await authenticate(app, request, SEGMENTS_RULE);
      return { data: await toggleSegment(app, auth, request.params.id) };
    },
  );
}
