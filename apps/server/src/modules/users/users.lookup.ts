import type { TenantContext } from '../../platform/db/tenancy.ts';
import { type UserRef, usersRepository } from './users.repository.ts';

export type { UserRef } from './users.repository.ts';

/** For other modules, inside their transaction: the tenant's users among `codes` (by code). */
export async function usersByCodes(
  ctx: TenantContext,
  codes: readonly string[],
): Promise<Map<string, UserRef>> {
  const users = await usersRepository.findManyByCodes(ctx, codes);
  return new Map(users.map((u) => [u.code, u]));
}
