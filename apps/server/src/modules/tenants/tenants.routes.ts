import { PlanConsumptionSchema, TENANT_MESSAGES, TenantSchemaSchema } from '@mandato/domain';
import { z } from 'zod';
import type { AppContext } from '../../platform/app-context.ts';
import { bearerToken, withAuth } from '../../platform/auth/guard.ts';
import { answers, authenticated } from '../../platform/http/answers.ts';
import { AppError, notFound } from '../../platform/http/errors.ts';
import type { Api } from '../../platform/http/types.ts';
import { type ContactCounter, findTenant, planConsumption, presentSchema } from './tenants.service.ts';

const ANY_USER = {};
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
        response: answers(TenantSchemaSchema, [400, 404]),
        params: z.object({ slug: z.string().max(63) }),
      },
    },
    async (request) => {
      const tenant = await findTenant(app.db, request.params.slug);
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
