import type { TenantContext } from '../../platform/db/tenancy.ts';
import { type InteractionValues, interactionsRepository } from './interactions.repository.ts';

/** Operator path (demo sample): inserts an interaction as given, in the caller's transaction. */
export function insertInteraction(
  ctx: TenantContext,
  values: InteractionValues,
  createdBy: string,
): Promise<string> {
  return interactionsRepository.insert(ctx, values, createdBy);
}
