import {
  PUBLIC_ROUTE_LIMITS,
  SMS_WEBHOOK_MAX_BYTES,
  SMS_WEBHOOK_SECRET_HEADER,
  SMS_WEBHOOK_TEXTS,
  SmsProviderEventSchema,
  SmsWebhookAnswerSchema,
} from '@mandato/domain';
import type { AppContext } from '../../platform/app-context.ts';
import { anonymous } from '../../platform/http/answers.ts';
import type { Api } from '../../platform/http/types.ts';
import { strictInput } from '../../platform/http/validation.ts';
import { assertSmsWebhookSecret, intakeSmsEvent } from './sms-webhooks.service.ts';

/**
 * The SMS provider's webhook: one URL for both event kinds of its subscription (message status and
 * inbound message), with SMS_WEBHOOK_SECRET in the subscription's custom header.
 */
export function registerSmsWebhookRoutes(api: Api, app: AppContext) {
  api.post(
    '/api/public/sms/events',
    {
      // the secret first: an unknown caller's body is never read (unset secret: 404)
      onRequest: async (request) => assertSmsWebhookSecret(app, request.headers[SMS_WEBHOOK_SECRET_HEADER]),
      bodyLimit: SMS_WEBHOOK_MAX_BYTES,
      ...strictInput(SMS_WEBHOOK_TEXTS.invalid),
      schema: {
        tags: ['marketing'],
        summary:
          'Eventos do provedor de SMS (status da mensagem e mensagem recebida); cabeçalho X-Mandato-Webhook-Secret: SMS_WEBHOOK_SECRET',
        body: SmsProviderEventSchema,
        ...anonymous(SmsWebhookAnswerSchema, [400, 401, 404, 413, 429]),
      },
      // per provider address, after the secret: the status callbacks of a large shot pass
      config: {
        rateLimit: { name: 'sms-events', rules: [{ per: 'ip', ...PUBLIC_ROUTE_LIMITS.smsEventsPerIp }] },
      },
    },
    async (request) => ({ data: await intakeSmsEvent(app, request.body) }),
  );
}
