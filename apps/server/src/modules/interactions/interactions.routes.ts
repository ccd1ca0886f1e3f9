import {
  INTERACTION_EXPORT_FILE,
  INTERACTION_MESSAGES,
  InteractionSaveSchema,
  InteractionSchema,
  InteractionSearchSchema,
  ListAnswerSchema,
  MESSAGES,
  RemovedSchema,
} from '@mandato/domain';
import { z } from 'zod';
import type { AppContext } from '../../platform/app-context.ts';
import { withAuth } from '../../platform/auth/guard.ts';
import { attachment } from '../../platform/export/csv.ts';
import { authenticated, download } from '../../platform/http/answers.ts';
import { pageQuery } from '../../platform/http/params.ts';
import type { Api } from '../../platform/http/types.ts';
import { strictInput } from '../../platform/http/validation.ts';
import { INTERACTIONS_RULE } from './interactions.policy.ts';
import {
  createInteraction,
  deleteInteraction,
  exportInteractions,
  listByPerson,
  markAsDone,
  searchInteractions,
  updateInteraction,
} from './interactions.service.ts';

const tags = ['interactions'];
const codeParams = z.object({ code: z.string().regex(/^[1-9]\d{0,14}$/, MESSAGES.invalidCode) });
const byPersonQuery = z.object({
  personCode: z.coerce
    .number({ error: MESSAGES.integer })
    .int(MESSAGES.integer)
    .positive(MESSAGES.integer)
    .max(Number.MAX_SAFE_INTEGER, MESSAGES.integer),
  ...pageQuery(100, 500),
});
const saving = strictInput(INTERACTION_MESSAGES.saveError);

export function registerInteractionRoutes(api: Api, app: AppContext) {
  api.get(
    '/api/people-contacts',
    {
      ...strictInput(),
      schema: {
        tags,
        summary: 'Interações de uma pessoa',
        ...authenticated(ListAnswerSchema(InteractionSchema), [404]),
        querystring: byPersonQuery,
      },
    },
    async (request) => {
      return {
        data: await withAuth(app, request, INTERACTIONS_RULE, (ctx, auth) =>
          listByPerson(ctx, auth, request.query),
        ),
      };
    },
  );

  api.get(
    '/api/people-contacts/search',
    {
      ...strictInput(),
      schema: {
        tags,
        summary: 'Relatório de interações (filtros)',
        ...authenticated(ListAnswerSchema(InteractionSchema)),
        querystring: InteractionSearchSchema,
      },
    },
    async (request) => {
      return {
        data: await withAuth(app, request, INTERACTIONS_RULE, (ctx, auth) =>
          searchInteractions(ctx, auth, request.query),
        ),
      };
    },
  );

  api.get(
    '/api/people-contacts/search/export',
    {
      ...strictInput(),
      schema: {
        tags,
        summary: 'Exporta o relatório de interações (CSV)',
        security: [{ bearer: [] }],
        tenantHeader: 'required',
        response: download('text/csv', z.string(), [400, 401, 403]),
        querystring: InteractionSearchSchema,
      },
    },
    async (request, reply) => {
      const { csv, rows } = await withAuth(app, request, INTERACTIONS_RULE, (ctx, auth) =>
        exportInteractions(ctx, auth, request.query),
      );
      return reply
        .header('Content-Disposition', attachment(INTERACTION_EXPORT_FILE))
        .header('Cache-Control', 'no-store')
        .header('X-Total-Count', String(rows))
        .type('text/csv; charset=utf-8')
        .send(csv);
    },
  );

  api.post(
    '/api/people-contacts',
    {
      ...saving,
      schema: {
        tags,
        summary: 'Registra interação',
        ...authenticated(InteractionSchema, [404]),
        body: InteractionSaveSchema,
      },
    },
    async (request) => {
      return {
        data: await withAuth(app, request, INTERACTIONS_RULE, (ctx, auth) =>
          createInteraction(ctx, auth, request.body),
        ),
      };
    },
  );

  api.put(
    '/api/people-contacts/:code',
    {
      ...saving,
      schema: {
        tags,
        summary: 'Altera interação',
        ...authenticated(InteractionSchema, [404]),
        params: codeParams,
        body: InteractionSaveSchema,
      },
    },
    async (request) => {
      return {
        data: await withAuth(app, request, INTERACTIONS_RULE, (ctx, auth) =>
          updateInteraction(ctx, auth, request.params.code, request.body),
        ),
      };
    },
  );

  api.put(
    '/api/people-contacts/:code/mark-as-done',
    {
      ...strictInput(),
      schema: {
        tags,
        summary: 'Conclui interação',
        ...authenticated(InteractionSchema, [404]),
        params: codeParams,
      },
    },
    async (request) => {
      return {
        data: await withAuth(app, request, INTERACTIONS_RULE, (ctx, auth) =>
          markAsDone(ctx, auth, request.params.code),
        ),
      };
    },
  );

  api.delete(
    '/api/people-contacts/:code',
    {
      ...strictInput(),
      schema: {
        tags,
        summary: 'Remove interação',
        ...authenticated(RemovedSchema, [404]),
        params: codeParams,
      },
    },
    async (request) => {
      return {
        data: await withAuth(app, request, INTERACTIONS_RULE, (ctx, auth) =>
          deleteInteraction(ctx, auth, request.params.code),
        ),
      };
    },
  );
}
