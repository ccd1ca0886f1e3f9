import { MESSAGES, type PlanConsumption } from '@mandato/domain';
import { api } from '../../platform/api/api.ts';

/** GET /api/sys-admin/plans/consumption: users and people used of the plan. */
export const getPlanConsumption = (signal?: AbortSignal) =>
  api.get<PlanConsumption>('/sys-admin/plans/consumption', undefined, {
    signal,
    errorText: MESSAGES.consumptionError,
  });
