import {
  AccountsQuerySchema,
  AccountTypeParamsSchema,
  ListAnswerSchema,
  MarketingAccountSchema,
  MarketingBalanceSchema,
  MarketingPlanSchema,
  RecurrentPlansQuerySchema,
} from '@mandato/domain';
import type { AppContext } from '../../platform/app-context.ts';
import { authenticated } from '../../platform/http/answers.ts';
import type { Api } from '../../platform/http/types.ts';
import { strictInput } from '../../platform/http/validation.ts';
import { getBalance, listAccounts, listActivePlans } from './accounts.service.ts';
import { withMarketingAuth } from './marketing.guard.ts';
import { MARKETING_RULE } from './marketing.policy.ts';

const tags = ['marketing'];

/**
 * The marketing account (spec 3 §7.1, 'Plano de Marketing'): balance per type, the history of
 * periods of credits and the active plans; read with the marketing token and ROLE_MARKETING.
 */
export function registerAccountRoutes(api: Api, app: AppContext) {
  api.get(
    '/api/mkt/accounts/balance/:type',
    {
      ...strictInput(),
      schema: {
        tags,
        summary: 'Saldo de créditos (pessoas) de e-mail ou SMS',
        params: AccountTypeParamsSchema,
        ...authenticated(MarketingBalanceSchema),
      },
    },
    async (request) => ({
      data: await withMarketingAuth(app, request, MARKETING_RULE, (ctx, auth) =>
        getBalance(ctx, auth, request.params.type),
      ),
    }),
  );

  api.get(
    '/api/mkt/accounts',
    {
      ...strictInput(),
      schema: {
        tags,
        summary: 'Histórico dos períodos de créditos de marketing (20 por página)',
        querystring: AccountsQuerySchema,
        ...authenticated(ListAnswerSchema(MarketingAccountSchema)),
      },
    },
    async (request) => ({
      data: await withMarketingAuth(app, request, MARKETING_RULE, (ctx, auth) =>
        listAccounts(ctx, auth, request.query),
      ),
    }),
  );

  api.get(
    '/api/mkt/recurrent-plans',
    {
      ...strictInput(),
      schema: {
        tags,
        summary: 'Planos de marketing ativos',
        querystring: RecurrentPlansQuerySchema,
        ...authenticated(ListAnswerSchema(MarketingPlanSchema)),
      },
    },
    async (request) => ({
      data: await withMarketingAuth(app, request, MARKETING_RULE, (ctx, auth) => listActivePlans(ctx, auth)),
    }),
  );
}
