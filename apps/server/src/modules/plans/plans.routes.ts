import { SubscriptionConfigSchema } from '@mandato/domain';
import { z } from 'zod';
import type { AppContext } from '../../platform/app-context.ts';
import { withAuth } from '../../platform/auth/guard.ts';
import { authenticated } from '../../platform/http/answers.ts';
import type { Api } from '../../platform/http/types.ts';
import { strictInput } from '../../platform/http/validation.ts';
import { PLANS_RULE } from './plans.policy.ts';
import { subscriptionConfig } from './plans.service.ts';

/** /admin/assinar (issue 13): the configured purchase page (SUBSCRIBE_URL) and sales address (SALES_EMAIL). */
export function registerPlanRoutes(api: Api, app: AppContext) {
  api.get(
    '/api/sys-admin/plans/subscription',
    {
      ...strictInput(),
      schema: {
        tags: ['sys-admin'],
        summary: 'Página de contratação e contato comercial configurados',
        querystring: z.strictObject({}),
        ...authenticated(SubscriptionConfigSchema),
      },
    },
    async (request) => ({
      data: await withAuth(app, request, PLANS_RULE, async (ctx, auth) => subscriptionConfig(ctx, auth)),
    }),
  );
}
