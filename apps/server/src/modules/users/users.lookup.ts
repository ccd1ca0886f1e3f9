import type { UserAccess } from '@mandato/domain';
import type { Transaction } from 'kysely';
import type { DB } from '../../platform/db/schema.ts';
import type { TenantContext } from '../../platform/db/tenancy.ts';
import { type UserRecord, type UserRef, usersRepository } from './users.repository.ts';

export type { UserRecord, UserRef } from './users.repository.ts';

/** For other modules, inside their transaction: the tenant's users among `codes` (by code). */
export async function usersByCodes(
  ctx: TenantContext,
  codes: readonly string[],
): Promise<Map<string, UserRef>> {
  const users = await usersRepository.findManyByCodes(ctx, codes);
  return new Map(users.map((u) => [u.code, u]));
}

/**
 * For the auth guard: binds the tenant and reads the user of a live session in one statement, the
 * first of an authenticated call's transaction (users.repository `bindTenantAndFindBySession`).
 */
export function bindTenantAndFindBySession(
  trx: Transaction<DB>,
  tenantId: string,
  code: string,
  sessionId: string,
): Promise<UserRecord | undefined> {
  return usersRepository.bindTenantAndFindBySession(trx, tenantId, code, sessionId);
}

/** For the people import, inside its transaction: inactive team users, e-mails already taken skipped. */
export function insertInactiveUsers(
  ctx: TenantContext,
  users: readonly { name: string; email: string; cellphone: string | null }[],
): Promise<Map<string, string>> {
  return usersRepository.insertInactiveMany(ctx, users);
}

/** For the people import, inside its transaction: code and permissions of the users among `ids`, by id. */
export async function usersAccessByIds(
  ctx: TenantContext,
  ids: readonly string[],
): Promise<Map<string, UserAccess>> {
  const users = await usersRepository.accessByIds(ctx, ids);
  return new Map(users.map((u) => [u.id, { code: u.code, permissions: u.permissions }]));
}

/** For jobs that act as a user (a shot's freeze applies its author's visibility): the user as it is now. */
export function userById(ctx: TenantContext, id: string): Promise<UserRecord | undefined> {
  return usersRepository.findById(ctx, id);
}
