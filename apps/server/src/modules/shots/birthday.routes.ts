import { BIRTHDAY_TEXTS, BirthdaySettingsSaveSchema, BirthdaySettingsSchema } from '@mandato/domain';
import type { AppContext } from '../../platform/app-context.ts';
import { prepareEmailHtmlIsolated } from '../../platform/html/email-html.ts';
import { authenticated } from '../../platform/http/answers.ts';
import type { Api } from '../../platform/http/types.ts';
import { strictInput } from '../../platform/http/validation.ts';
import { withMarketingAuth } from '../marketing/marketing.policy.ts';
import { getBirthdaySettings, saveBirthdaySettings } from './birthday.service.ts';
import { preparedAfterAuth, SHOTS_RULE } from './shots.policy.ts';

const tags = ['marketing'];

/** The editor's body: HTML (1 MB) and design (2 MB), past Fastify's default 1 MB. */
const SAVE_BODY_LIMIT = 4 * 1024 * 1024;

/**
 * The tenant's birthday e-mail (issue 26, 'aniversariantes') with the marketing token and
 * ROLE_MARKETING, as the shots it makes. Its shots are listed by GET emails/campaign?birthday=true.
 */
export function registerBirthdayRoutes(api: Api, app: AppContext) {
  api.get(
    '/api/mkt/emails/birthday',
    {
      ...strictInput(),
      schema: {
        tags,
        summary: 'O e-mail de aniversário do tenant (remetente, assunto, conteúdo, hora do envio diário)',
        ...authenticated(BirthdaySettingsSchema),
      },
    },
    async (request) => ({
      data: await withMarketingAuth(app, request, SHOTS_RULE, (ctx, auth) => getBirthdaySettings(ctx, auth)),
    }),
  );

  api.put(
    '/api/mkt/emails/birthday',
    {
      ...strictInput(BIRTHDAY_TEXTS.saveError),
      bodyLimit: SAVE_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Salva o e-mail de aniversário; ativo, agenda o envio diário na hora escolhida (São Paulo)',
        body: BirthdaySettingsSaveSchema,
        ...authenticated(BirthdaySettingsSchema),
      },
    },
    async (request) => {
      const prepared = await preparedAfterAuth(app, request, (tenantId) =>
        prepareEmailHtmlIsolated(app, tenantId, request.body.htmlContent),
      );
      return {
        data: await withMarketingAuth(app, request, SHOTS_RULE, (ctx, auth) =>
          saveBirthdaySettings(ctx, auth, request.body, prepared),
        ),
      };
    },
  );
}
