import {
  EmailListInfoQuerySchema,
  EmailListInfoSchema,
  EmailShotSaveSchema,
  ListAnswerSchema,
  MESSAGES,
  SHOT_REPORT_KEYS,
  SHOT_TEXTS,
  ShotReportQuerySchema,
  ShotReportSchema,
  ShotScheduleSchema,
  ShotSchema,
  ShotsQuerySchema,
  type ShotType,
  SMS_SHOT_REPORT_KEYS,
  SMS_TEXTS,
  SmsListInfoQuerySchema,
  SmsListInfoSchema,
  SmsShotSaveSchema,
} from '@mandato/domain';
import { z } from 'zod';
import type { AppContext } from '../../platform/app-context.ts';
import { authenticated } from '../../platform/http/answers.ts';
import { idParams } from '../../platform/http/params.ts';
import type { Api } from '../../platform/http/types.ts';
import { strictInput } from '../../platform/http/validation.ts';
import { withMarketingAuth } from '../marketing/marketing.policy.ts';
import { preparedAfterAuth, SHOTS_RULE } from './shots.policy.ts';
import type { AnyShotReportKey } from './shots.repository.ts';
import {
  cloneShot,
  createShot,
  emailContent,
  emailListInfo,
  getShot,
  listShots,
  removeShot,
  scheduleShot,
  sendShot,
  shotReport,
  smsContent,
  smsListInfo,
  unscheduleShot,
  updateShot,
} from './shots.service.ts';

const tags = ['marketing'];

/** The editor's body: HTML (1 MB), design (2 MB) and preview, past Fastify's default 1 MB. */
const SAVE_BODY_LIMIT = 4 * 1024 * 1024;

/** The report tabs of each channel: a key of the other channel is a 400. */
const reportParams = (channel: ShotType) =>
  idParams.extend({
    report: z.enum((channel === 'SMS' ? SMS_SHOT_REPORT_KEYS : SHOT_REPORT_KEYS) as [string, ...string[]], {
      error: MESSAGES.notAllowed,
    }),
  });

/**
 * The lifecycle calls of one channel's shots (spec 3 §7.1) under /api/mkt/{path}/campaign, with
 * the marketing token. Channel-neutral but for the save body; e-mail now, SMS on the same service.
 */
function registerChannel(api: Api, app: AppContext, channel: ShotType, path: string, label: string) {
  const base = `/api/mkt/${path}/campaign`;
  const run = <T>(
    request: Parameters<typeof withMarketingAuth>[1],
    work: Parameters<typeof withMarketingAuth<T>>[3],
  ) => withMarketingAuth(app, request, SHOTS_RULE, work);

  api.get(
    base,
    {
      ...strictInput(),
      schema: {
        tags,
        summary: `Lista os envios de ${label} (status, ordenação, paginação)`,
        querystring: ShotsQuerySchema,
        ...authenticated(ListAnswerSchema(ShotSchema)),
      },
    },
    async (request) => ({
      data: await run(request, (ctx, auth) => listShots(ctx, auth, channel, request.query)),
    }),
  );

  api.get(
    `${base}/:id`,
    {
      ...strictInput(),
      schema: {
        tags,
        summary: `Um envio de ${label}`,
        params: idParams,
        ...authenticated(ShotSchema, [404]),
      },
    },
    async (request) => ({
      data: await run(request, (ctx, auth) => getShot(ctx, auth, channel, request.params.id)),
    }),
  );

  api.delete(
    `${base}/:id`,
    {
      ...strictInput(),
      schema: {
        tags,
        summary: `Remove um rascunho de ${label}`,
        params: idParams,
        ...authenticated(z.object({ code: z.number().int() }), [404, 409]),
      },
    },
    async (request) => ({
      data: await run(request, (ctx, auth) => removeShot(ctx, auth, channel, request.params.id)),
    }),
  );

  api.post(
    `${base}/clone/:id`,
    {
      ...strictInput(SHOT_TEXTS.actionError),
      schema: {
        tags,
        summary: `Clona um envio de ${label} (qualquer status) como novo rascunho`,
        params: idParams,
        ...authenticated(ShotSchema, [404]),
      },
    },
    async (request) => ({
      data: await run(request, (ctx, auth) => cloneShot(ctx, auth, channel, request.params.id)),
    }),
  );

  api.post(
    `${base}/schedule/:id`,
    {
      ...strictInput(SHOT_TEXTS.scheduleError),
      schema: {
        tags,
        summary: `Agenda um rascunho de ${label} (data e hora de São Paulo: 'AAAA-MM-DD HH:mm' ou 'AAAA-MM-DD HH:mm:ss')`,
        params: idParams,
        body: ShotScheduleSchema,
        ...authenticated(ShotSchema, [404, 409]),
      },
    },
    async (request) => ({
      data: await run(request, (ctx, auth) =>
        scheduleShot(ctx, auth, channel, request.params.id, request.body),
      ),
    }),
  );

  api.post(
    `${base}/unschedule/:id`,
    {
      ...strictInput(SHOT_TEXTS.actionError),
      schema: {
        tags,
        summary: `Cancela o agendamento de um envio de ${label} (volta a rascunho)`,
        params: idParams,
        ...authenticated(ShotSchema, [404, 409]),
      },
    },
    async (request) => ({
      data: await run(request, (ctx, auth) => unscheduleShot(ctx, auth, channel, request.params.id)),
    }),
  );

  api.post(
    `${base}/send/:id`,
    {
      ...strictInput(SHOT_TEXTS.actionError),
      schema: {
        tags,
        summary: `Envia agora um rascunho de ${label} (os contatos são congelados e os créditos debitados em seguida)`,
        params: idParams,
        ...authenticated(ShotSchema, [404, 409]),
      },
    },
    async (request) => ({
      data: await run(request, (ctx, auth) => sendShot(ctx, auth, channel, request.params.id)),
    }),
  );

  api.get(
    `${base}/:id/reports/:report`,
    {
      ...strictInput(),
      schema: {
        tags,
        summary: `Uma aba do relatório de entrega de um envio de ${label}`,
        params: reportParams(channel),
        querystring: ShotReportQuerySchema,
        ...authenticated(ShotReportSchema, [404]),
      },
    },
    async (request) => ({
      data: await run(request, (ctx, auth) =>
        shotReport(
          ctx,
          auth,
          channel,
          request.params.id,
          request.params.report as AnyShotReportKey,
          request.query,
        ),
      ),
    }),
  );
}

/** E-mail shots (issue 26) and SMS shots (issue 27): each channel's lifecycle calls and save. */
export function registerShotRoutes(api: Api, app: AppContext) {
  registerEmailShotRoutes(api, app);
  registerSmsShotRoutes(api, app);
}

/** SMS shots (issue 27): the lifecycle calls, the SMS editor's save and its list's figures. */
function registerSmsShotRoutes(api: Api, app: AppContext) {
  registerChannel(api, app, 'SMS', 'sms', 'SMS');
  const base = '/api/mkt/sms/campaign';
  const run = <T>(
    request: Parameters<typeof withMarketingAuth>[1],
    work: Parameters<typeof withMarketingAuth<T>>[3],
  ) => withMarketingAuth(app, request, SHOTS_RULE, work);

  api.post(
    base,
    {
      ...strictInput(SMS_TEXTS.saveError),
      schema: {
        tags,
        summary:
          'Salva um novo SMS como rascunho (a identificação e os campos pelo maior valor da lista contam nos 160)',
        body: SmsShotSaveSchema,
        ...authenticated(ShotSchema, [409]),
      },
    },
    async (request) => ({
      data: await run(request, (ctx, auth) => createShot(ctx, auth, 'SMS', smsContent(request.body))),
    }),
  );

  api.put(
    `${base}/:id`,
    {
      ...strictInput(SMS_TEXTS.saveError),
      schema: {
        tags,
        summary: 'Altera um rascunho de SMS (só rascunhos)',
        params: idParams,
        body: SmsShotSaveSchema,
        ...authenticated(ShotSchema, [404, 409]),
      },
    },
    async (request) => ({
      data: await run(request, (ctx, auth) =>
        updateShot(ctx, auth, 'SMS', request.params.id, smsContent(request.body)),
      ),
    }),
  );

  api.get(
    '/api/mkt/sms/list-info',
    {
      ...strictInput(),
      schema: {
        tags,
        summary:
          'Pessoas da lista que o SMS alcança: total, maior valor de cada campo personalizado e um contato de exemplo',
        querystring: SmsListInfoQuerySchema,
        ...authenticated(SmsListInfoSchema),
      },
    },
    async (request) => ({
      data: await run(request, (ctx, auth) => smsListInfo(ctx, auth, request.query)),
    }),
  );
}

/** E-mail shots (issue 26): the lifecycle calls plus the e-mail editor's save. */
function registerEmailShotRoutes(api: Api, app: AppContext) {
  registerChannel(api, app, 'EMAIL', 'emails', 'e-mail');
  const base = '/api/mkt/emails/campaign';

  api.post(
    base,
    {
      ...strictInput(SHOT_TEXTS.emailSaveError),
      bodyLimit: SAVE_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Salva um novo e-mail como rascunho',
        body: EmailShotSaveSchema,
        ...authenticated(ShotSchema),
      },
    },
    async (request) => {
      const content = await preparedAfterAuth(app, request, (tenantId) =>
        emailContent(app, tenantId, request.body),
      );
      return {
        data: await withMarketingAuth(app, request, SHOTS_RULE, (ctx, auth) =>
          createShot(ctx, auth, 'EMAIL', content),
        ),
      };
    },
  );

  api.put(
    `${base}/:id`,
    {
      ...strictInput(SHOT_TEXTS.emailSaveError),
      bodyLimit: SAVE_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Altera um rascunho de e-mail (só rascunhos)',
        params: idParams,
        body: EmailShotSaveSchema,
        ...authenticated(ShotSchema, [404, 409]),
      },
    },
    async (request) => {
      const content = await preparedAfterAuth(app, request, (tenantId) =>
        emailContent(app, tenantId, request.body),
      );
      return {
        data: await withMarketingAuth(app, request, SHOTS_RULE, (ctx, auth) =>
          updateShot(ctx, auth, 'EMAIL', request.params.id, content),
        ),
      };
    },
  );
  api.get(
    '/api/mkt/emails/list-info',
    {
      ...strictInput(),
      schema: {
        tags,
        summary:
          'Quantas pessoas da lista recebem o e-mail (a regra do envio: e-mail válido, sem descadastrados nem suprimidos, cada endereço uma vez)',
        querystring: EmailListInfoQuerySchema,
        ...authenticated(EmailListInfoSchema),
      },
    },
    async (request) => ({
      data: await withMarketingAuth(app, request, SHOTS_RULE, (ctx, auth) =>
        emailListInfo(ctx, auth, request.query),
      ),
    }),
  );
}
