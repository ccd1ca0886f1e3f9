import type { SubscriptionConfig } from '@mandato/domain';
import type { RequestContext } from '../../platform/app-context.ts';
import type { AuthContext } from '../../platform/auth/guard.ts';

/** GET /sys-admin/plans/subscription: the purchase page and sales address the server is configured with. */
export function subscriptionConfig(ctx: RequestContext, _auth: AuthContext): SubscriptionConfig {
  return {
    subscribeUrl: ctx.app.config.subscribeUrl ?? null,
    salesEmail: ctx.app.config.salesEmail ?? null,
  };
}
