import {
  DomainCreateSchema,
  DomainSchema,
  DomainsQuerySchema,
  ListAnswerSchema,
  MARKETING_TEXTS,
  MarketingLoginSchema,
  MarketingTokenSchema,
} from '@mandato/domain';
import { z } from 'zod';
import type { AppContext } from '../../platform/app-context.ts';
import { verifySession, withAuth } from '../../platform/auth/guard.ts';
import { authenticated } from '../../platform/http/answers.ts';
import { idParams } from '../../platform/http/params.ts';
import type { Api } from '../../platform/http/types.ts';
import { strictInput } from '../../platform/http/validation.ts';
import {
  askDomainDns,
  createDomain,
  domainToValidate,
  listDomains,
  removeDomain,
  saveDomainValidation,
} from './domains.service.ts';
import { withMarketingAuth, withMarketingAuthAroundNetwork } from './marketing.guard.ts';
import { MARKETING_RULE, MARKETING_SETTINGS_RULE } from './marketing.policy.ts';
import { marketingLogin } from './marketing.service.ts';
import { marketingKey } from './marketing-crypto.ts';

const tags = ['marketing'];

/**
 * The marketing service (DESIGN.md §3: /api/mkt, spec 3 §7.1): its login, made with the user's
 * session, and the sender domains, called with the marketing token (withMarketingAuth).
 */
export function registerMarketingRoutes(api: Api, app: AppContext) {
  api.post(
    '/api/mkt/auth/login',
    {
      ...strictInput(),
      schema: {
        tags,
        summary: 'Token do serviço de marketing (com a sessão do usuário)',
        body: MarketingLoginSchema,
        ...authenticated(MarketingTokenSchema),
      },
    },
    async (request) => {
      const { claims } = await verifySession(app, request);
      await marketingKey(app); // read before the transaction (PGlite: one connection)
      return {
        data: await withAuth(app, request, MARKETING_RULE, (ctx, auth) =>
          marketingLogin(ctx.app, auth, claims, request.body),
        ),
      };
    },
  );

  api.get(
    '/api/mkt/domains',
    {
      ...strictInput(),
      schema: {
        tags,
        summary: 'Lista os domínios de envio',
        querystring: DomainsQuerySchema,
        ...authenticated(ListAnswerSchema(DomainSchema)),
      },
    },
    async (request) => ({
      data: await withMarketingAuth(app, request, MARKETING_RULE, (ctx, auth) =>
        listDomains(ctx, auth, request.query),
      ),
    }),
  );

  api.post(
    '/api/mkt/domains',
    {
      ...strictInput(MARKETING_TEXTS.domainSaveError),
      schema: {
        tags,
        summary: 'Cria um domínio de envio e a sua chave DKIM',
        body: DomainCreateSchema,
        ...authenticated(DomainSchema, [409]),
      },
    },
    async (request) => ({
      data: await withMarketingAuth(app, request, MARKETING_SETTINGS_RULE, (ctx, auth) =>
        createDomain(ctx, auth, request.body),
      ),
    }),
  );

  api.delete(
    '/api/mkt/domains/:id',
    {
      ...strictInput(),
      schema: {
        tags,
        summary: 'Remove um domínio de envio',
        params: idParams,
        ...authenticated(z.object({ code: z.number().int() }), [404]),
      },
    },
    async (request) => ({
      data: await withMarketingAuth(app, request, MARKETING_SETTINGS_RULE, (ctx, auth) =>
        removeDomain(ctx, auth, request.params.id),
      ),
    }),
  );

  api.post(
    '/api/mkt/domains/:id/validate',
    {
      ...strictInput(),
      schema: {
        tags,
        summary: 'Verifica os registros DNS do domínio (Atualizar)',
        params: idParams,
        ...authenticated(DomainSchema, [404, 429]),
      },
    },
    async (request) => ({
      data: await withMarketingAuthAroundNetwork(app, request, MARKETING_SETTINGS_RULE, {
        read: (ctx, auth) => domainToValidate(ctx, auth, request.params.id),
        network: (row) => askDomainDns(app, row),
        write: saveDomainValidation,
      }),
    }),
  );
}
