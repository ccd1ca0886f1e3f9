import { z } from 'zod';
import type { AppContext } from '../../platform/app-context.ts';
import { notFound } from '../../platform/http/errors.ts';
import type { Api } from '../../platform/http/types.ts';
import { authenticate, bearerToken } from '../auth/auth.guard.ts';
import { findTenant, planConsumption, presentSchema } from './tenants.service.ts';

export function registerTenantRoutes(api: Api, app: AppContext) {
  api.get(
    '/api/sys-admin/schemas/:slug',
    {
      schema: {
        tags: ['sys-admin'],
        summary: 'Dados do tenant (campos públicos quando anônimo)',
        params: z.object({ slug: z.string().max(63) }),
      },
    },
    async (request) => {
      const tenant = await findTenant(app, request.params.slug);
      if (!tenant?.active) throw notFound('Domínio não encontrado');
      const signedIn =
        !!bearerToken(request) &&
        request.headers['x-schema'] === tenant.slug &&
        (await authenticate(app, request).then(
          () => true,
          () => false,
        ));
      if (!signedIn) return { data: presentSchema(tenant, false) };
      const consumption = await planConsumption(app, tenant.id);
      return { data: presentSchema(tenant, true, consumption.totalContactsUsed) };
    },
  );

  api.get(
    '/api/sys-admin/plans/consumption',
    { schema: { tags: ['sys-admin'], summary: 'Consumo do plano (usuários e contatos)' } },
    async (request) => {
      const auth = await authenticate(app, request);
      return { data: await planConsumption(app, auth.tenant.id) };
    },
  );
}
