import fastifyMultipart from '@fastify/multipart';
import {
  isSponsorLinkId,
  ListAnswerSchema,
  PersonSponsorSchema,
  PUBLIC_ROUTE_LIMITS,
  SPONSOR_LIMITS,
  SPONSOR_MESSAGES,
  SponsorFaviconAnswerSchema,
  SponsorFormConfigSchema,
  SponsorFormSaveSchema,
  SponsorLinkSchema,
  SponsorPendingConfirmAnswerSchema,
  SponsorPendingSignUpSchema,
  SponsorPublicFormSchema,
  SponsorSignUpAnswerSchema,
  SponsorSignUpBodySchema,
} from '@mandato/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../platform/app-context.ts';
import { withAuth } from '../../platform/auth/guard.ts';
import { sanitizeRichTextIsolated } from '../../platform/html/sanitize-html.ts';
import { anonymous, authenticated, download } from '../../platform/http/answers.ts';
import { idParams, pageQuery } from '../../platform/http/params.ts';
import type { RateLimit } from '../../platform/http/rate-limit.ts';
import type { Api } from '../../platform/http/types.ts';
import { strictInput } from '../../platform/http/validation.ts';
import {
  SPONSOR_ADMIN_RULE,
  SPONSOR_LINK_RULE,
  SPONSOR_PERSON_RULE,
  SPONSOR_REVIEW_RULE,
} from './sponsor.policy.ts';
import {
  confirmPendingSignUp,
  createPersonLink,
  discardPendingSignUp,
  listPendingSignUps,
  personSponsor,
  publicForm,
  publicSignUp,
  readFavicon,
  readFormConfig,
  saveFormConfig,
  type Visitor,
} from './sponsor.service.ts';
import { removeFavicon, uploadFavicon } from './sponsor-favicon.ts';

const FORM_PATH = '/api/sys-admin/parameter/godfather-form';
const PENDING_PATH = '/api/people/sponsor-sign-ups';
/** the link id of the public page; a malformed one is the page's 404, not a 400 */
const linkParams = z.strictObject({ id: z.string().max(100) });
const slugOf = (request: FastifyRequest) => {
  const header = request.headers['x-schema'];
  return (Array.isArray(header) ? header[0] : header) ?? '';
};
const READ_LIMIT: RateLimit = {
  name: 'sponsor-read',
  message: SPONSOR_MESSAGES.tooMany,
  linkIs: isSponsorLinkId,
  rules: [{ per: 'ip', ...SPONSOR_LIMITS.readPerIp }],
};
const SIGN_UP_LIMIT: RateLimit = {
  name: 'sponsor-signup',
  message: SPONSOR_MESSAGES.tooMany,
  linkIs: isSponsorLinkId,
  rules: [
    { per: 'ip', ...SPONSOR_LIMITS.signUpPerIp },
    { per: ['tenant', 'link'], ...SPONSOR_LIMITS.signUpPerLink },
  ],
};
const visitor = (request: FastifyRequest): Visitor => ({
  ip: request.ip,
  userAgent: String(request.headers['user-agent'] ?? ''),
});

export function registerSponsorRoutes(api: Api, app: AppContext) {
  api.get(
    FORM_PATH,
    {
      schema: {
        tags: ['sys-admin'],
        summary: 'Configuração do formulário de apadrinhamento',
        ...authenticated(SponsorFormConfigSchema),
      },
    },
    async (request) => ({
      data: await withAuth(app, request, SPONSOR_ADMIN_RULE, (ctx, auth) => readFormConfig(ctx, auth)),
    }),
  );

  api.put(
    FORM_PATH,
    {
      ...strictInput(SPONSOR_MESSAGES.configRequired),
      schema: {
        tags: ['sys-admin'],
        summary: 'Salva título, descrição, política de privacidade (HTML sanitizado) e campos',
        body: SponsorFormSaveSchema,
        ...authenticated(SponsorFormConfigSchema),
      },
    },
    async (request) => {
      // the right first, then the terms sanitised in the untrusted pool with no transaction open
      const tenantId = await withAuth(app, request, SPONSOR_ADMIN_RULE, async (ctx) => ctx.tenantId);
      const terms = await sanitizeRichTextIsolated(app, tenantId, request.body.terms);
      return {
        data: await withAuth(app, request, SPONSOR_ADMIN_RULE, (ctx, auth) =>
          saveFormConfig(ctx, auth, { ...request.body, terms }),
        ),
      };
    },
  );

  api.register(async (plain) => {
    const scope = plain as unknown as Api;
    await scope.register(fastifyMultipart, { throwFileSizeLimit: false });
    scope.post(
      `${FORM_PATH}/favicon`,
      {
        schema: {
          tags: ['sys-admin'],
          summary: 'Envia o favicon do formulário (multipart: file; PNG, ICO, JPEG ou WebP pelos bytes)',
          consumes: ['multipart/form-data'],
          ...authenticated(SponsorFaviconAnswerSchema, [413]),
        },
      },
      async (request) => ({ data: await uploadFavicon(app, request) }),
    );
  });

  api.delete(
    `${FORM_PATH}/favicon`,
    {
      schema: {
        tags: ['sys-admin'],
        summary: 'Remove o favicon do formulário',
        ...authenticated(SponsorFaviconAnswerSchema),
      },
    },
    async (request) => ({ data: await removeFavicon(app, request) }),
  );

  api.get(
    '/api/sys-admin/schemas/:slug/sponsor-favicon',
    {
      schema: {
        tags: ['sys-admin'],
        summary: 'O favicon do formulário de apadrinhamento (público)',
        security: [{}],
        params: z.strictObject({ slug: z.string().max(63) }),
        querystring: z.strictObject({ v: z.string().max(20).optional() }),
        response: download('image/*', z.string(), [400, 404, 429]),
      },
      config: {
        rateLimit: { name: 'sponsor-favicon', rules: [{ per: 'ip', ...PUBLIC_ROUTE_LIMITS.readPerIp }] },
      },
    },
    async (request, reply) => {
      const icon = await readFavicon(app, request.params.slug);
      return reply
        .header('Content-Type', icon.contentType)
        .header('Content-Length', String(icon.size))
        .header('Content-Disposition', `inline; filename="favicon.${icon.extension}"`)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'; sandbox")
        .header('Cache-Control', 'public, max-age=300')
        .send(icon.body as never);
    },
  );

  api.post(
    '/api/people/godfather/:id/invite',
    {
      schema: {
        tags: ['people'],
        summary: 'Link de apadrinhamento da pessoa (cria na primeira vez)',
        params: idParams,
        ...authenticated(SponsorLinkSchema, [404]),
      },
    },
    async (request) => ({
      data: await withAuth(app, request, SPONSOR_LINK_RULE, (ctx, auth) =>
        createPersonLink(ctx, auth, request.params.id),
      ),
    }),
  );

  api.get(
    '/api/people/:id/sponsor',
    {
      schema: {
        tags: ['people'],
        summary: 'Link de apadrinhamento e consentimentos da pessoa',
        params: idParams,
        ...authenticated(PersonSponsorSchema, [404]),
      },
    },
    async (request) => ({
      data: await withAuth(app, request, SPONSOR_PERSON_RULE, (ctx, auth) =>
        personSponsor(ctx, auth, request.params.id),
      ),
    }),
  );

  api.get(
    PENDING_PATH,
    {
      schema: {
        tags: ['people'],
        summary: 'Cadastros públicos com o e-mail ou CPF de um contato visível, esperando confirmação',
        querystring: z.object({ ...pageQuery(50) }),
        ...authenticated(ListAnswerSchema(SponsorPendingSignUpSchema)),
      },
    },
    async (request) => ({
      data: await withAuth(app, request, SPONSOR_REVIEW_RULE, (ctx, auth) =>
        listPendingSignUps(ctx, auth, request.query),
      ),
    }),
  );

  api.post(
    `${PENDING_PATH}/:id/confirm`,
    {
      schema: {
        tags: ['people'],
        summary:
          'Confirma o cadastro pendente: completa os campos vazios do contato, padrinho e consentimento',
        params: idParams,
        ...authenticated(SponsorPendingConfirmAnswerSchema, [404]),
      },
    },
    async (request) => ({
      data: await withAuth(app, request, SPONSOR_REVIEW_RULE, (ctx, auth) =>
        confirmPendingSignUp(ctx, auth, request.params.id),
      ),
    }),
  );

  api.post(
    `${PENDING_PATH}/:id/discard`,
    {
      schema: {
        tags: ['people'],
        summary: 'Descarta o cadastro pendente (o contato não muda)',
        params: idParams,
        ...authenticated(z.object({ id: z.number() }), [404]),
      },
    },
    async (request) => ({
      data: await withAuth(app, request, SPONSOR_REVIEW_RULE, (ctx, auth) =>
        discardPendingSignUp(ctx, auth, request.params.id),
      ),
    }),
  );

  api.get(
    '/api/people/godfather-form/:id',
    {
      schema: {
        tags: ['sponsor'],
        summary: 'Formulário público de apadrinhamento do link (sem login; X-Schema: o tenant)',
        params: linkParams,
        ...anonymous(SponsorPublicFormSchema, [400, 404, 429], 'required'),
      },
      config: { rateLimit: READ_LIMIT },
    },
    async (request) => ({
      data: await publicForm(app, slugOf(request), request.params.id),
    }),
  );

  api.post(
    '/api/people/godfather-form/:id',
    {
      ...strictInput(SPONSOR_MESSAGES.fillRequired),
      bodyLimit: 16 * 1024,
      schema: {
        tags: ['sponsor'],
        summary: 'Cadastro público pelo link de apadrinhamento (sem login; X-Schema: o tenant)',
        params: linkParams,
        body: SponsorSignUpBodySchema,
        ...anonymous(SponsorSignUpAnswerSchema, [400, 404, 409, 413, 429], 'required'),
      },
      config: { rateLimit: SIGN_UP_LIMIT },
    },
    async (request) => ({
      data: await publicSignUp(
        app,
        slugOf(request),
        request.params.id,
        { ...request.body },
        visitor(request),
      ),
    }),
  );
}
