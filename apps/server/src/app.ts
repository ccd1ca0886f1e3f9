import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { MESSAGES } from '@mandato/domain';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { registerAgendaRoutes } from './modules/agenda/agenda.routes.ts';
import { registerAmendmentRoutes } from './modules/amendments/amendments.routes.ts';
import { registerAuthRoutes } from './modules/auth/auth.routes.ts';
import { registerCompanyRoutes } from './modules/companies/companies.routes.ts';
import { registerDemandRoutes } from './modules/demands/demands.routes.ts';
import { registerDonationProviderTokenRoutes } from './modules/donations/donation-provider-token.routes.ts';
import { registerDonationRoutes } from './modules/donations/donations.routes.ts';
import { registerGeocodingRoutes } from './modules/geocoding/geocoding.routes.ts';
import { registerMunicipalityRoutes } from './modules/geocoding/municipalities.routes.ts';
import { registerInteractionRoutes } from './modules/interactions/interactions.routes.ts';
import { registerAccountRoutes } from './modules/marketing/accounts.routes.ts';
import { registerMarketingRoutes } from './modules/marketing/marketing.routes.ts';
import { registerSenderRoutes } from './modules/marketing/senders.routes.ts';
import { registerPeopleRoutes } from './modules/people/people.routes.ts';
import { countContacts } from './modules/people/people.service.ts';
import { registerPeopleQuickSearchRoute } from './modules/people/people-quick-search.routes.ts';
import { registerPeopleExportRoutes } from './modules/people-export/people-export.routes.ts';
import { registerPeopleImportRoutes } from './modules/people-import/people-import.routes.ts';
import { registerPeopleMapRoutes } from './modules/people-map/people-map.routes.ts';
import { registerPeopleMergeRoutes } from './modules/people-merge/people-merge.routes.ts';
import { registerPlanRoutes } from './modules/plans/plans.routes.ts';
import { registerPoliticianRoutes } from './modules/politicians/politicians.routes.ts';
import { registerAuditRoutes } from './modules/privacy/audit.routes.ts';
import { registerPrivacyRoutes } from './modules/privacy/privacy.routes.ts';
import { registerReportRoutes } from './modules/reports/reports.routes.ts';
import { registerSegmentRoutes } from './modules/segments/segments.routes.ts';
import { registerBirthdayRoutes } from './modules/shots/birthday.routes.ts';
import { registerShotOutboxRoutes } from './modules/shots/shot-outbox.routes.ts';
import { registerShotPublicRoutes } from './modules/shots/shot-public.routes.ts';
import { registerShotTestSendRoutes } from './modules/shots/shot-test-send.routes.ts';
import { registerShotRoutes } from './modules/shots/shots.routes.ts';
import { registerSmsSettingsRoutes } from './modules/shots/sms-settings.routes.ts';
import { registerSmsWebhookRoutes } from './modules/shots/sms-webhooks.routes.ts';
import { registerSponsorRoutes } from './modules/sponsor/sponsor.routes.ts';
import { registerTagRoutes } from './modules/tags/tags.routes.ts';
import { registerTeamRoutes } from './modules/team/team.routes.ts';
import { registerTenantRoutes } from './modules/tenants/tenants.routes.ts';
import { registerUserRoutes } from './modules/users/users.routes.ts';
import type { AppContext } from './platform/app-context.ts';
import { registerHealthRoutes } from './platform/health/health.routes.ts';
import { registerApiDocs } from './platform/http/api-docs.ts';
import { registerControlCharacterGuard } from './platform/http/control-characters.ts';
import { registerErrorHandler } from './platform/http/error-handler.ts';
import { registerJsonBody } from './platform/http/json-body.ts';
import { parseQueryString, registerQueryStringGuard } from './platform/http/query-string.ts';
import { registerRateLimits } from './platform/http/rate-limit.ts';
import { registerSecurityHeaders } from './platform/http/security-headers.ts';
import { webPageOf } from './platform/http/standalone-pages.ts';
import { registerMetrics } from './platform/metrics/metrics.routes.ts';

/** The HTTP API (and the built web app, when present) on one Fastify instance. */
export async function buildApp(app: AppContext) {
  const api = Fastify({
    loggerInstance: app.log,
    bodyLimit: 1024 * 1024,
    trustProxy: process.env.TRUST_PROXY === 'true',
    routerOptions: { querystringParser: parseQueryString },
  }).withTypeProvider<ZodTypeProvider>();
  api.setValidatorCompiler(validatorCompiler);
  api.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(api);
  registerJsonBody(api);
  registerQueryStringGuard(api);
  registerControlCharacterGuard(api);

  registerSecurityHeaders(api, app.config);
  await registerApiDocs(api, app.config);
  // before the routes: each declares its limit (config.rateLimit), a public one must
  registerRateLimits(api, app);
  // /healthz, /readyz and /metrics (issue 41): outside /api, limited per address in memory
  registerMetrics(api, app);
  registerHealthRoutes(api, app);

  registerAuthRoutes(api, app);
  // the plan's consumption counts the people module's contacts, handed to tenants here
  registerTenantRoutes(api, app, countContacts);
  registerUserRoutes(api, app);
  registerTeamRoutes(api, app);
  registerPeopleRoutes(api, app);
  registerPeopleQuickSearchRoute(api, app);
  registerPeopleImportRoutes(api, app);
  registerPeopleExportRoutes(api, app);
  registerGeocodingRoutes(api, app);
  registerPeopleMapRoutes(api, app);
  registerPeopleMergeRoutes(api, app);
  registerPrivacyRoutes(api, app);
  registerCompanyRoutes(api, app);
  registerTagRoutes(api, app);
  registerSegmentRoutes(api, app);
  registerAgendaRoutes(api, app);
  registerInteractionRoutes(api, app);
  registerReportRoutes(api, app);
  registerSponsorRoutes(api, app);
  registerPoliticianRoutes(api, app);
  registerAuditRoutes(api, app);
  registerDonationRoutes(api, app);
  registerDonationProviderTokenRoutes(api, app);
  registerAmendmentRoutes(api, app);
  registerMunicipalityRoutes(api, app);
  registerPlanRoutes(api, app);
  registerMarketingRoutes(api, app);
  registerSenderRoutes(api, app);
  registerAccountRoutes(api, app);
  registerShotRoutes(api, app);
  registerShotTestSendRoutes(api, app);
  registerSmsSettingsRoutes(api, app);
  registerDemandRoutes(api, app);
  registerShotOutboxRoutes(api, app);
  registerBirthdayRoutes(api, app);
  registerShotPublicRoutes(api, app);
  registerSmsWebhookRoutes(api, app);

  await serveWebApp(api as unknown as FastifyInstance, app.config.webDist);
  return api;
}

/**
 * The built single-page app: files as they are, any other non-API GET gets index.html. The build
 * writes `.br` and `.gz` copies (apps/web/scripts/compress-assets.mjs): the one the browser accepts
 * is sent with its Content-Encoding and `Vary: Accept-Encoding`, the plain file otherwise.
 */
async function serveWebApp(api: FastifyInstance, dist: string) {
  const index = path.join(dist, 'index.html');
  if (!fs.existsSync(index)) return;
  await api.register(fastifyStatic, {
    root: dist,
    wildcard: false,
    index: false,
    preCompressed: true,
    // the compressed copies are answers to their plain file's URL, not files of their own
    globIgnore: ['**/*.br', '**/*.gz'],
    setHeaders(res, file) {
      const name = path.basename(file).replace(/\.(br|gz)$/, '');
      if (file.includes(`${path.sep}assets${path.sep}`))
        res.header('Cache-Control', 'public, max-age=31536000, immutable');
      else if (name.endsWith('.html') || name === 'sw.js' || name.endsWith('.webmanifest'))
        res.header('Cache-Control', 'no-cache');
    },
  });
  const pageOf = webPageOf(dist);
  api.get('/*', (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (url.startsWith('/api/')) {
      return reply
        .status(404)
        .send({ message: MESSAGES.notFound, errors: MESSAGES.routeNotFound('GET', url) });
    }
    let file: string;
    try {
      file = path.join(dist, decodeURIComponent(url));
    } catch {
      return reply.status(400).send({ message: MESSAGES.invalidAddress, errors: MESSAGES.invalidAddress });
    }
    if (
      file.startsWith(dist + path.sep) &&
      !/\.(br|gz)$/.test(file) &&
      fs.existsSync(file) &&
      fs.statSync(file).isFile()
    ) {
      return reply.sendFile(path.relative(dist, file));
    }
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(pageOf(url));
  });
}
