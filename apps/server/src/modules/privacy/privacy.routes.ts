import {
  DataAnswerSchema,
  ErrorAnswerSchema,
  MESSAGES,
  PersonConsentCreateSchema,
  PersonPrivacySchema,
  PRIVACY_TEXTS,
  PrivacyFulfilQuerySchema,
  PrivacyRequestCreateSchema,
  PrivacyRequestPageSchema,
  PrivacyRequestSchema,
  PrivacyRequestsQuerySchema,
} from '@mandato/domain';
import { z } from 'zod';
import type { AppContext } from '../../platform/app-context.ts';
import { withAuth } from '../../platform/auth/guard.ts';
import { attachment } from '../../platform/export/csv.ts';
import { authenticated } from '../../platform/http/answers.ts';
import type { Api } from '../../platform/http/types.ts';
import { strictInput } from '../../platform/http/validation.ts';
import { PERSON_PRIVACY_RULE, PRIVACY_REQUESTS_RULE } from './privacy.policy.ts';
import {
  addPersonConsent,
  createRequest,
  fulfilRequest,
  listRequests,
  personPrivacy,
  removeStoredFiles,
} from './privacy.service.ts';

const tags = ['privacy'];
const codeParams = z.object({ code: z.uuid({ error: PRIVACY_TEXTS.requestNotFound }) });
/** A person's code (people.id), named as in the contract of issue 31. */
const personParams = z.object({ code: z.string().regex(/^[1-9]\d{0,14}$/, MESSAGES.invalidCode) });

/** The access file as JSON (its shape: modules/privacy/access-file.ts). */
const AccessFileSchema = z.object({
  generatedAt: z.string(),
  request: z.string(),
  personCode: z.string(),
  sections: z.array(z.object({ module: z.string(), data: z.record(z.string(), z.unknown()) })),
});

/**
 * The privacy centre's core (issue 31): data-subject requests (ROLE_CONFIG) and a person's consents
 * and opt-outs (ROLE_CRM, people the user sees).
 */
export function registerPrivacyRoutes(api: Api, app: AppContext) {
  api.post(
    '/api/privacy/requests',
    {
      ...strictInput(),
      schema: {
        tags,
        summary: 'Registra uma solicitação do titular (prazo de 15 dias)',
        body: PrivacyRequestCreateSchema,
        ...authenticated(PrivacyRequestSchema, [404]),
      },
    },
    async (request) => ({
      data: await withAuth(app, request, PRIVACY_REQUESTS_RULE, (ctx, auth) =>
        createRequest(ctx, auth, request.body),
      ),
    }),
  );

  api.get(
    '/api/privacy/requests',
    {
      ...strictInput(),
      schema: {
        tags,
        summary: 'Lista as solicitações dos titulares (atrasadas primeiro, depois pelo prazo)',
        querystring: PrivacyRequestsQuerySchema,
        ...authenticated(PrivacyRequestPageSchema),
      },
    },
    async (request) => ({
      data: await withAuth(app, request, PRIVACY_REQUESTS_RULE, (ctx, auth) =>
        listRequests(ctx, auth, request.query),
      ),
    }),
  );

  api.post(
    '/api/privacy/requests/:code/fulfil',
    {
      ...strictInput(),
      schema: {
        tags,
        summary:
          'Atende a solicitação: acesso e portabilidade respondem o arquivo (format=json|html); anonimização e eliminação são executadas',
        params: codeParams,
        querystring: PrivacyFulfilQuerySchema,
        security: [{ bearer: [] }],
        tenantHeader: 'required',
        response: {
          200: {
            description: 'O arquivo do titular (acesso, portabilidade) ou a solicitação atendida ({ data })',
            content: {
              'application/json': {
                schema: z.union([DataAnswerSchema(PrivacyRequestSchema), AccessFileSchema]),
              },
              'text/html': { schema: z.string() },
            },
          },
          400: ErrorAnswerSchema,
          401: ErrorAnswerSchema,
          403: ErrorAnswerSchema,
          404: ErrorAnswerSchema,
          409: ErrorAnswerSchema,
        },
      },
    },
    async (request, reply) => {
      const answer = await withAuth(app, request, PRIVACY_REQUESTS_RULE, (ctx, auth) =>
        fulfilRequest(ctx, auth, request.params.code, request.query.format),
      );
      reply.header('Cache-Control', 'no-store');
      if (answer.kind === 'done') {
        await removeStoredFiles(app, answer.filesToRemove);
        return reply.type('application/json; charset=utf-8').send(JSON.stringify({ data: answer.request }));
      }
      return reply
        .header('Content-Disposition', attachment(answer.fileName))
        .type(answer.format === 'html' ? 'text/html; charset=utf-8' : 'application/json; charset=utf-8')
        .send(answer.body);
    },
  );

  api.get(
    '/api/people/:code/privacy',
    {
      ...strictInput(),
      schema: {
        tags,
        summary: 'Consentimentos e descadastros de uma pessoa',
        params: personParams,
        ...authenticated(PersonPrivacySchema, [404]),
      },
    },
    async (request) => ({
      data: await withAuth(app, request, PERSON_PRIVACY_RULE, (ctx, auth) =>
        personPrivacy(ctx, auth, request.params.code),
      ),
    }),
  );

  api.post(
    '/api/people/:code/consents',
    {
      ...strictInput(),
      schema: {
        tags,
        summary: 'Registra um consentimento (base legal e finalidade) de uma pessoa',
        params: personParams,
        body: PersonConsentCreateSchema,
        ...authenticated(PersonPrivacySchema, [404]),
      },
    },
    async (request) => ({
      data: await withAuth(app, request, PERSON_PRIVACY_RULE, (ctx, auth) =>
        addPersonConsent(ctx, auth, request.params.code, request.body),
      ),
    }),
  );
}
