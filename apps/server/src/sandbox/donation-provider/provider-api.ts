import { DONATION_SANDBOX_TEXTS } from '@mandato/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { failure, send } from './answers.ts';
import { providerToken } from './auth.ts';
import { registerCampaignRoutes } from './campaigns.routes.ts';
import { registerCandidateRoutes } from './candidates.routes.ts';
import { registerCatalogRoutes } from './catalog.routes.ts';
import type { SandboxContext } from './context.ts';
import { registerInvoiceRoutes } from './invoices.routes.ts';

const T = DONATION_SANDBOX_TEXTS.api;

export const pathOf = (url: string) => url.split('?')[0] ?? url;

/**
 * The provider's API (spec 3 §7.5): an armed fault first (as the network would fail), then Basic
 * auth, whose token is the account the routes read and write.
 */
export function registerProviderApi(app: FastifyInstance, ctx: SandboxContext) {
  app.register(async (api) => {
    api.addHook('onRequest', (request, reply, done) => {
      const fault = ctx.faults.take(request.method, pathOf(request.url));
      if (fault === 'timeout') return ctx.hold(reply.raw);
      if (fault === '5xx') return void failure(reply, 500, T.simulated5xx);
      if (fault === '422') return void send(reply, 422, { errors: { base: [T.simulated422] } });
      if (!providerToken(request, ctx.acceptedTokens)) {
        reply.header('WWW-Authenticate', 'Basic realm="doacoes"');
        return void failure(reply, 401, T.unauthorized);
      }
      done();
    });
    const accountOf = (request: FastifyRequest) =>
      ctx.store.account(providerToken(request, ctx.acceptedTokens) as string);
    registerCandidateRoutes(api, ctx, accountOf);
    registerCampaignRoutes(api, ctx, accountOf);
    registerInvoiceRoutes(api, accountOf);
    registerCatalogRoutes(api);
  });
}

export type AccountOf = (request: FastifyRequest) => ReturnType<SandboxContext['store']['account']>;
