import { MESSAGES, type SubscriptionConfig } from '@mandato/domain';
import { api } from '../../platform/api/api.ts';

/** GET /api/sys-admin/plans/subscription: the configured purchase page and sales address. */
export const getSubscriptionConfig = (signal?: AbortSignal) =>
  api.get<SubscriptionConfig>('/sys-admin/plans/subscription', undefined, {
    signal,
    errorText: MESSAGES.fetchError,
  });
