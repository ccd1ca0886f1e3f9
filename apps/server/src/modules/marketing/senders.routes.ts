import {
  ListAnswerSchema,
  PUBLIC_ROUTE_LIMITS,
  SENDER_EMAIL_LIMITS,
  SENDER_TEXTS,
  SenderConfirmAnswerSchema,
  SenderConfirmSchema,
  SenderSaveSchema,
  SenderSchema,
  SenderStatusChangeSchema,
  SendersQuerySchema,
  SenderValidateTokenSchema,
} from '@mandato/domain';
import { z } from 'zod';
import type { AppContext } from '../../platform/app-context.ts';
import { anonymous, authenticated } from '../../platform/http/answers.ts';
import { idParams } from '../../platform/http/params.ts';
import type { RateLimit } from '../../platform/http/rate-limit.ts';
import type { Api } from '../../platform/http/types.ts';
import { strictInput } from '../../platform/http/validation.ts';
import { withMarketingAuth } from './marketing.guard.ts';
import { MARKETING_RULE, MARKETING_SETTINGS_RULE } from './marketing.policy.ts';
import {
  changeSenderStatus,
  confirmSenderEmail,
  createSender,
  listSenders,
  removeSender,
  resendActivation,
  updateSender,
  validateSenderToken,
} from './senders.service.ts';

const tags = ['marketing'];

/**
 * The activation e-mails of one sender (SENDER_EMAIL_LIMITS), taken by senders.service in the
 * request's transaction: an e-mail counts only when it is queued, and a refusal undoes the
 * request's writes (texts SENDER_TEXTS.activationDailyLimit / activationTooSoon).
 */
const ACTIVATION_EMAIL_LIMIT: RateLimit = {
  name: 'sender-email',
  enforcedBy: 'transaction',
  rules: [
    { per: ['tenant', 'link'], ...SENDER_EMAIL_LIMITS.perDay },
    { per: ['tenant', 'link'], ...SENDER_EMAIL_LIMITS.perMinute },
  ],
};

/**
 * The marketing senders (spec 3 §7.1 senders, §4 sender status) with the marketing token: reading
 * needs ROLE_MARKETING (the shot editor lists the ACTIVE ones), writing the settings area
 * (ROLE_CONFIG + ROLE_MARKETING). Plus the public activation page's call (no session, no slug).
 */
export function registerSenderRoutes(api: Api, app: AppContext) {
  api.get(
    '/api/mkt/senders',
    {
      ...strictInput(),
      schema: {
        tags,
        summary: 'Lista os remetentes (status=ACTIVE: os que podem enviar)',
        querystring: SendersQuerySchema,
        ...authenticated(ListAnswerSchema(SenderSchema)),
      },
    },
    async (request) => ({
      data: await withMarketingAuth(app, request, MARKETING_RULE, (ctx, auth) =>
        listSenders(ctx, auth, request.query),
      ),
    }),
  );

  api.post(
    '/api/mkt/senders',
    {
      ...strictInput(SENDER_TEXTS.saveError),
      schema: {
        tags,
        summary: 'Cria um remetente (aguardando validação) e envia o e-mail de ativação',
        body: SenderSaveSchema,
        ...authenticated(SenderSchema, [409]),
      },
      config: { rateLimit: ACTIVATION_EMAIL_LIMIT },
    },
    async (request) => ({
      data: await withMarketingAuth(app, request, MARKETING_SETTINGS_RULE, (ctx, auth) =>
        createSender(ctx, auth, request.body),
      ),
    }),
  );

  api.put(
    '/api/mkt/senders/:id',
    {
      ...strictInput(SENDER_TEXTS.saveError),
      schema: {
        tags,
        summary: 'Altera um remetente (volta a aguardar validação; novo e-mail de ativação)',
        params: idParams,
        body: SenderSaveSchema,
        ...authenticated(SenderSchema, [404, 409, 429]),
      },
      config: { rateLimit: ACTIVATION_EMAIL_LIMIT },
    },
    async (request) => ({
      data: await withMarketingAuth(app, request, MARKETING_SETTINGS_RULE, (ctx, auth) =>
        updateSender(ctx, auth, request.params.id, request.body),
      ),
    }),
  );

  api.delete(
    '/api/mkt/senders/:id',
    {
      ...strictInput(),
      schema: {
        tags,
        summary: 'Remove um remetente',
        params: idParams,
        ...authenticated(z.object({ code: z.number().int() }), [404]),
      },
    },
    async (request) => ({
      data: await withMarketingAuth(app, request, MARKETING_SETTINGS_RULE, (ctx, auth) =>
        removeSender(ctx, auth, request.params.id),
      ),
    }),
  );

  api.get(
    '/api/mkt/senders/:id/send-email-token',
    {
      ...strictInput(),
      schema: {
        tags,
        summary:
          'Reenvia o e-mail de ativação de um remetente aguardando validação (um por minuto, cinco por dia)',
        params: idParams,
        ...authenticated(SenderSchema, [404, 409, 429]),
      },
      config: { rateLimit: ACTIVATION_EMAIL_LIMIT },
    },
    async (request) => ({
      data: await withMarketingAuth(app, request, MARKETING_SETTINGS_RULE, (ctx, auth) =>
        resendActivation(ctx, auth, request.params.id),
      ),
    }),
  );

  api.put(
    '/api/mkt/senders/:id/status',
    {
      ...strictInput(SENDER_TEXTS.statusError),
      schema: {
        tags,
        summary: 'Ativa (de inativo) ou desativa (de ativo) um remetente',
        params: idParams,
        body: SenderStatusChangeSchema,
        ...authenticated(SenderSchema, [404, 409]),
      },
    },
    async (request) => ({
      data: await withMarketingAuth(app, request, MARKETING_SETTINGS_RULE, (ctx, auth) =>
        changeSenderStatus(ctx, auth, request.params.id, request.body),
      ),
    }),
  );

  api.post(
    '/api/mkt/senders/:id/validate-token',
    {
      ...strictInput(SENDER_TEXTS.invalidToken),
      schema: {
        tags,
        summary: 'Valida o token do e-mail de ativação de um remetente',
        params: idParams,
        body: SenderValidateTokenSchema,
        ...authenticated(SenderSchema, [404]),
      },
    },
    async (request) => ({
      data: await withMarketingAuth(app, request, MARKETING_SETTINGS_RULE, (ctx, auth) =>
        validateSenderToken(ctx, auth, request.params.id, request.body),
      ),
    }),
  );

  api.post(
    '/api/public/sender-email-confirm',
    {
      ...strictInput(SENDER_TEXTS.invalidToken),
      schema: {
        tags,
        summary: 'Página pública de ativação do remetente (sem login e sem X-Schema: o link acha o tenant)',
        body: SenderConfirmSchema,
        ...anonymous(SenderConfirmAnswerSchema, [400, 404, 429]),
      },
      config: {
        rateLimit: {
          name: 'sender-confirm',
          rules: [{ per: 'ip', ...PUBLIC_ROUTE_LIMITS.senderConfirmPerIp }],
        },
      },
    },
    async (request) => ({ data: await confirmSenderEmail(app, request.body) }),
  );
}
