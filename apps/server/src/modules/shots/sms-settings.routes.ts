import { SmsSettingsAnswerSchema, SmsSettingsSchema } from '@mandato/domain';
import type { AppContext } from '../../platform/app-context.ts';
import { authenticated } from '../../platform/http/answers.ts';
import type { Api } from '../../platform/http/types.ts';
import { strictInput } from '../../platform/http/validation.ts';
import { withMarketingAuth } from '../marketing/marketing.policy.ts';
import { SHOTS_RULE } from './shots.policy.ts';
import { getSmsSettings, saveSmsSettings } from './sms-settings.service.ts';

const tags = ['marketing'];

/** The tenant's SMS settings (issue 27) with the marketing token and ROLE_MARKETING, as its shots. */
export function registerSmsSettingsRoutes(api: Api, app: AppContext) {
  api.get(
    '/api/mkt/sms/settings',
    {
      ...strictInput(),
      schema: {
        tags,
        summary:
          'A identificação do remetente de SMS e o horário de silêncio do tenant (e o padrão do servidor)',
        ...authenticated(SmsSettingsAnswerSchema),
      },
    },
    async (request) => ({
      data: await withMarketingAuth(app, request, SHOTS_RULE, (ctx, auth) => getSmsSettings(ctx, auth)),
    }),
  );

  api.put(
    '/api/mkt/sms/settings',
    {
      ...strictInput(),
      schema: {
        tags,
        summary:
          "Salva a identificação do remetente de SMS e o horário de silêncio ('21-8', 'off' ou null: o padrão)",
        body: SmsSettingsSchema,
        ...authenticated(SmsSettingsAnswerSchema),
      },
    },
    async (request) => ({
      data: await withMarketingAuth(app, request, SHOTS_RULE, (ctx, auth) =>
        saveSmsSettings(ctx, auth, request.body),
      ),
    }),
  );
}
