import fastifyMultipart from '@fastify/multipart';
import {
  LogoAnswerSchema,
  PlanConsumptionSchema,
  PUBLIC_ROUTE_LIMITS,
  TENANT_MESSAGES,
  TenantSchemaSchema,
} from '@mandato/domain';
import { z } from 'zod';
import type { AppContext } from '../../platform/app-context.ts';
import { bearerToken, withAuth } from '../../platform/auth/guard.ts';
import { answers, authenticated, download } from '../../platform/http/answers.ts';
import { AppError, notFound } from '../../platform/http/errors.ts';
import type { RateLimit } from '../../platform/http/rate-limit.ts';
import type { Api } from '../../platform/http/types.ts';
import { readLogo, uploadLogo } from './tenant-logo.ts';
import { type ContactCounter, findTenant, planConsumption, presentSchema } from './tenants.service.ts';

const ANY_USER = {};
/** the look of the login page and the menu's logo, per client address */
const READ_LIMIT: RateLimit = {
  name: 'tenant-look',
  rules: [{ per: 'ip', ...PUBLIC_ROUTE_LIMITS.readPerIp }],
};
const anonymous = (error: unknown) => {
  if (error instanceof AppError) return undefined;
  throw error;
};

/** `countContacts`: the plan's contacts, counted by the people module (wired in app.ts). */
export function registerTenantRoutes(api: Api, app: AppContext, countContacts: ContactCounter) {
  api.get(
    '/api/sys-admin/schemas/:slug',
    {
      schema: {
        tags: ['sys-admin'],
        summary: 'Dados do tenant (campos públicos quando anônimo)',
        security: [{}, { bearer: [] }],
        tenantHeader: 'optional',
        response: answers(TenantSchemaSchema, [400, 404, 429]),
        params: z.object({ slug: z.string().max(63) }),
      },
      config: { rateLimit: READ_LIMIT },
    },
    async (request) => {
      const tenant = await findTenant(app, request.params.slug);
      if (!tenant?.active) throw notFound(TENANT_MESSAGES.domainNotFound);
      // the full schema only for a signed-in user of this tenant; anyone else gets the public fields
      const consumption =
        bearerToken(request) && request.headers['x-schema'] === tenant.slug
          ? await withAuth(app, request, ANY_USER, (ctx) => planConsumption(ctx, countContacts)).catch(
              anonymous,
            )
          : undefined;
      if (!consumption) return { data: presentSchema(tenant, false) };
      return { data: presentSchema(tenant, true, consumption.totalContactsUsed) };
    },
  );

  api.register(async (plain) => {
    const scope = plain as unknown as Api;
    await scope.register(fastifyMultipart, { throwFileSizeLimit: false });
    scope.post(
      '/api/sys-admin/schemas/:slug/upload-logo',
      {
        schema: {
          tags: ['sys-admin'],
          summary: 'Envia o logo da conta (multipart: file; PNG, JPEG ou WebP pelos bytes, até 2 MB)',
          consumes: ['multipart/form-data'],
          params: z.strictObject({ slug: z.string().max(63) }),
          ...authenticated(LogoAnswerSchema, [404, 413]),
        },
      },
      async (request) => ({ data: await uploadLogo(app, request, request.params.slug) }),
    );
  });

  api.get(
    '/api/sys-admin/schemas/:slug/logo',
    {
      schema: {
        tags: ['sys-admin'],
        summary: 'O logo da conta (público: aparece no login e no menu)',
        security: [{}],
        params: z.strictObject({ slug: z.string().max(63) }),
        querystring: z.strictObject({ v: z.string().max(20).optional() }),
        response: download('image/*', z.string(), [400, 404, 429]),
      },
      config: { rateLimit: READ_LIMIT },
    },
    async (request, reply) => {
      const logo = await readLogo(app, request.params.slug);
      return reply
        .header('Content-Type', logo.contentType)
        .header('Content-Length', String(logo.size))
        .header('Content-Disposition', `inline; filename="logo.${logo.extension}"`)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'; sandbox")
        .header('Cache-Control', 'public, max-age=300')
        .send(logo.body as never);
    },
  );

  api.get(
    '/api/sys-admin/plans/consumption',
    {
      schema: {
        tags: ['sys-admin'],
        summary: 'Consumo do plano (usuários e contatos)',
        ...authenticated(PlanConsumptionSchema),
      },
    },
    async (request) => ({
      data: await withAuth(app, request, ANY_USER, (ctx) => planConsumption(ctx, countContacts)),
    }),
  );
}
