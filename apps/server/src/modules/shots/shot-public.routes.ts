import {
  ErrorAnswerSchema,
  fieldErrors,
  PUBLIC_ROUTE_LIMITS,
  SHOT_LINK_PATTERN,
  SHOT_PUBLIC_TEXTS,
  ShotClickQuerySchema,
  ShotEventsAnswerSchema,
  ShotEventsIntakeSchema,
  UnsubscribeAnswerSchema,
  UnsubscribeConfirmSchema,
  UnsubscribeInfoSchema,
  UnsubscribeOneClickSchema,
} from '@mandato/domain';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../platform/app-context.ts';
import { anonymous, download } from '../../platform/http/answers.ts';
import { badRequest } from '../../platform/http/errors.ts';
import type { RateLimit } from '../../platform/http/rate-limit.ts';
import { FORM_MULTIPART, FORM_URLENCODED, registerSmallFormParsers } from '../../platform/http/small-form.ts';
import type { Api } from '../../platform/http/types.ts';
import { strictInput } from '../../platform/http/validation.ts';
import {
  assertEventsSecret,
  followClick,
  intakeShotEvents,
  recordOpen,
  unsubscribe,
  unsubscribeInfo,
} from './shot-public.service.ts';

const tags = ['shots'];
const T = SHOT_PUBLIC_TEXTS;
const linkParams = z.strictObject({ linkId: z.string().max(64) });

/** the page and its one-click POST, per recipient link (the POST comes from the mailbox provider) */
const UNSUBSCRIBE_LIMIT: RateLimit = {
  name: 'unsubscribe',
  linkIs: (linkId) => SHOT_LINK_PATTERN.test(linkId),
  rules: [{ per: 'link', ...PUBLIC_ROUTE_LIMITS.unsubscribePerLink }],
};
/**
 * Opens and clicks per recipient link, kept by the tracker in its batched writes (shot-tracking.ts):
 * a hit past the limit is answered (pixel, redirect) but not recorded; no statement per hit here.
 */
const TRACKING_LIMIT: RateLimit = {
  name: 'tracking',
  linkIs: (linkId) => SHOT_LINK_PATTERN.test(linkId),
  enforcedBy: 'tracker',
  rules: [{ per: 'link', ...PUBLIC_ROUTE_LIMITS.trackingPerLink }],
};

/** A 1×1 transparent GIF. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

const BAD_CLICK_PAGE = `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${T.badClickTitle}</title></head><body style="font-family:sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem"><h1>${T.badClickTitle}</h1><p>${T.badClick}</p></body></html>`;

const badClick = (reply: FastifyReply) =>
  reply.code(400).header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(BAD_CLICK_PAGE);

/**
 * The public side of shots (issue 26), no session and no tenant slug: the recipient's link id finds
 * its tenant (shot-public.service.ts). The unsubscribe page's calls and the RFC 8058 one-click POST,
 * the open pixel, the signed click redirect and the relay's event intake.
 */
export function registerShotPublicRoutes(api: Api, app: AppContext) {
  api.get(
    '/api/public/unsubscribe/:linkId',
    {
      ...strictInput(T.invalid),
      schema: {
        tags,
        summary: 'Página de descadastro: endereço mascarado, remetente e mandato (não descadastra)',
        params: linkParams,
        ...anonymous(UnsubscribeInfoSchema, [400, 404, 429]),
      },
      config: { rateLimit: UNSUBSCRIBE_LIMIT },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { data: await unsubscribeInfo(app, request.params.linkId) };
    },
  );

  api.get(
    '/api/public/t/o/:file',
    {
      schema: {
        tags,
        summary: 'Pixel de abertura ({linkId}.gif): sempre um GIF 1×1, registra a abertura',
        security: [],
        response: download('image/gif', z.string(), [400]),
      },
      config: { rateLimit: TRACKING_LIMIT },
    },
    async (request, reply) => {
      const { file } = request.params as { file: string };
      if (file.endsWith('.gif')) await recordOpen(app, file.slice(0, -4));
      return reply
        .header('Cache-Control', 'no-store')
        .type('image/gif')
        .send(PIXEL as never);
    },
  );

  api.get(
    '/api/public/t/c/:linkId',
    {
      attachValidation: true,
      schema: {
        tags,
        summary: 'Link de clique assinado: 302 para o destino assinado (http/https), senão página 400',
        params: linkParams,
        querystring: ShotClickQuerySchema,
        security: [],
        response: {
          302: {
            description: 'Redireciona ao destino assinado',
            content: { 'text/plain': { schema: z.string() } },
          },
          400: {
            description: 'Link alterado ou inválido: página pt-BR (caracteres de controle: o erro JSON)',
            content: {
              'text/html': { schema: z.string() },
              'application/json': { schema: ErrorAnswerSchema },
            },
          },
        },
      },
      config: { rateLimit: TRACKING_LIMIT },
    },
    async (request, reply) => {
      if (request.validationError) return badClick(reply);
      const target = await followClick(app, request.params.linkId, request.query.u, request.query.s);
      if (!target) return badClick(reply);
      return reply.header('Cache-Control', 'no-store').redirect(target, 302);
    },
  );

  api.post(
    '/api/public/shots/events',
    {
      // the secret first: an unknown caller's body is never read (unset secret: 404)
      onRequest: async (request) => assertEventsSecret(app, request.headers.authorization),
      ...strictInput(),
      schema: {
        tags,
        summary:
          'Eventos do relay (entregue, devolvido, spam) pelo Message-ID; Authorization: Bearer MARKETING_EVENTS_SECRET',
        body: ShotEventsIntakeSchema,
        ...anonymous(ShotEventsAnswerSchema, [400, 401, 404, 413, 429]),
      },
      // per relay address, after the secret: a large shot's bursts of events pass
      config: {
        rateLimit: { name: 'shot-events', rules: [{ per: 'ip', ...PUBLIC_ROUTE_LIMITS.shotEventsPerIp }] },
      },
    },
    async (request) => ({ data: await intakeShotEvents(app, request.body) }),
  );

  // the one-click POST is a form (RFC 8058), urlencoded or multipart (the RFC's example): its
  // parsers only in this scope, 1 KiB of text fields (small-form.ts)
  api.register(async (scope: Api) => {
    registerSmallFormParsers(scope, { maxBytes: 1024, maxFields: 4, refusal: T.oneClickForm });
    scope.post(
      '/api/public/unsubscribe/:linkId',
      {
        ...strictInput(T.invalid),
        bodyLimit: 1024,
        schema: {
          tags,
          summary:
            'Descadastra na hora, sem login: RFC 8058 (List-Unsubscribe=One-Click, formulário) ou a página ({ confirm: true })',
          params: linkParams,
          ...anonymous(UnsubscribeAnswerSchema, [400, 404, 429]),
        },
        config: { rateLimit: UNSUBSCRIBE_LIMIT },
      },
      async (request) => {
        const type = request.headers['content-type']?.toLowerCase() ?? '';
        const oneClick = type.startsWith(FORM_URLENCODED) || type.startsWith(FORM_MULTIPART);
        const parsed = (oneClick ? UnsubscribeOneClickSchema : UnsubscribeConfirmSchema).safeParse(
          request.body,
        );
        if (!parsed.success) throw badRequest(T.invalid, fieldErrors(parsed.error.issues));
        return { data: await unsubscribe(app, request.params.linkId, oneClick ? 'one-click' : 'link') };
      },
    );
  });
}
