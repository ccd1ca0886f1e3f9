import { MESSAGES } from '@mandato/domain';
import { typedApi } from '../../platform/api/api.ts';

/** GET /api/sys-admin/plans/subscription: the configured purchase page and sales address. */
export const getSubscriptionConfig = (signal?: AbortSignal) =>
  typedApi.get('/sys-admin/plans/subscription', { signal, errorText: MESSAGES.fetchError });
