import {
  OutboxMarkSchema,
  OutboxMessageSchema,
  OutboxPageSchema,
  OutboxQuerySchema,
  OutboxReplySchema,
  SHOT_OUTBOX_TEXTS,
} from '@mandato/domain';
import type { AppContext } from '../../platform/app-context.ts';
import { authenticated } from '../../platform/http/answers.ts';
import { idParams } from '../../platform/http/params.ts';
import type { Api } from '../../platform/http/types.ts';
import { strictInput } from '../../platform/http/validation.ts';
import { withMarketingAuth } from '../marketing/marketing.policy.ts';
import {
  getOutboxMessage,
  listOutbox,
  markOutboxMessage,
  replyToOutboxMessage,
} from './shot-outbox.service.ts';
import { SHOTS_RULE } from './shots.policy.ts';

const tags = ['marketing'];

/**
 * The embedded outbox of the shot and SMS transports, with the marketing token (ROLE_MARKETING): its
 * latest messages (of a channel), one message, marking one (e-mail: delivered, bounced or spam; SMS:
 * delivered or failed), and an SMS reply simulated; only the messages of recipients the caller may see
 * in the CRM (another's is a 404).
 */
export function registerShotOutboxRoutes(api: Api, app: AppContext) {
  api.get(
    '/api/mkt/outbox',
    {
      ...strictInput(),
      schema: {
        tags,
        summary: 'Mensagens da caixa de saída embutida, de um canal (e se ela é o transporte em uso)',
        querystring: OutboxQuerySchema,
        ...authenticated(OutboxPageSchema),
      },
    },
    async (request) => ({
      data: await withMarketingAuth(app, request, SHOTS_RULE, (ctx, auth) =>
        listOutbox(ctx, auth, request.query),
      ),
    }),
  );

  api.get(
    '/api/mkt/outbox/:id',
    {
      ...strictInput(),
      schema: {
        tags,
        summary: 'Uma mensagem da caixa de saída, com o HTML, o texto e os cabeçalhos',
        params: idParams,
        ...authenticated(OutboxMessageSchema, [404]),
      },
    },
    async (request) => ({
      data: await withMarketingAuth(app, request, SHOTS_RULE, (ctx, auth) =>
        getOutboxMessage(ctx, auth, request.params.id),
      ),
    }),
  );

  api.post(
    '/api/mkt/outbox/:id/mark',
    {
      ...strictInput(SHOT_OUTBOX_TEXTS.invalidMark),
      schema: {
        tags,
        summary:
          'Marca uma mensagem da caixa de saída: e-mail entregue, devolvido ou spam; SMS entregue ou com falha',
        params: idParams,
        body: OutboxMarkSchema,
        ...authenticated(OutboxMessageSchema, [404, 409]),
      },
    },
    async (request) => ({
      data: await withMarketingAuth(app, request, SHOTS_RULE, (ctx, auth) =>
        markOutboxMessage(ctx, auth, request.params.id, request.body),
      ),
    }),
  );

  api.post(
    '/api/mkt/outbox/:id/reply',
    {
      ...strictInput(SHOT_OUTBOX_TEXTS.replyPlaceholder),
      schema: {
        tags,
        summary: 'Simula a resposta do número a um SMS da caixa de saída (SAIR, PARAR… descadastram)',
        params: idParams,
        body: OutboxReplySchema,
        ...authenticated(OutboxMessageSchema, [404, 409]),
      },
    },
    async (request) => ({
      data: await withMarketingAuth(app, request, SHOTS_RULE, (ctx, auth) =>
        replyToOutboxMessage(ctx, auth, request.params.id, request.body),
      ),
    }),
  );
}
