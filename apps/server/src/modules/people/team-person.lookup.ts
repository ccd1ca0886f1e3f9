import type { Address } from '@mandato/domain';
import type { TenantContext } from '../../platform/db/tenancy.ts';
import { presentAddress } from './people.present.ts';
import { peopleRepository } from './people.repository.ts';

/**
 * Every user is a team member (spec 2 §2 "Equipe"): the team module calls these inside its own
 * transaction when it creates a user or when the user edits their profile (contact and address).
 */
export async function addTeamPerson(
  ctx: TenantContext,
  user: { userId: string; name: string; email: string; cellphone?: string | null; createdBy?: string | null },
): Promise<string> {
  return peopleRepository.insert(ctx, {
    name: user.name,
    email: user.email.toLowerCase(),
    cellphone: user.cellphone ?? null,
    is_team: true,
    user_id: user.userId,
    created_by: user.createdBy ?? null,
  });
}

export async function syncTeamPerson(
  ctx: TenantContext,
  userId: string,
  contact: { name: string; email: string; cellphone?: string | null },
): Promise<void> {
  const id = await peopleRepository.findIdByUser(ctx, userId);
  const cellphone = contact.cellphone ? contact.cellphone.replace(/\D/g, '') : null;
  if (!id) {
    await addTeamPerson(ctx, { userId, ...contact, cellphone });
    return;
  }
  await peopleRepository.update(ctx, id, {
    name: contact.name,
    email: contact.email.toLowerCase(),
    cellphone,
  });
}

/** The address on a user's team person record (the profile's address block), or null. */
export async function teamPersonAddress(ctx: TenantContext, userId: string): Promise<Address | null> {
  const id = await peopleRepository.findIdByUser(ctx, userId);
  if (!id) return null;
  const [row] = await peopleRepository.findByIds(ctx, [id]);
  return row ? presentAddress(row) : null;
}

/** Saves the profile's address block on the user's team person record (null clears it). */
export async function saveTeamPersonAddress(ctx: TenantContext, userId: string, address: Address | null) {
  const id = await peopleRepository.findIdByUser(ctx, userId);
  if (!id) return;
  await peopleRepository.update(ctx, id, {
    zip_code: address?.zipCode ?? null,
    street: address?.street ?? null,
    number: address?.number ?? null,
    complement: address?.complement ?? null,
    neighborhood: address?.neighborhood ?? null,
    city: address?.city ?? null,
    state: address?.state ?? null,
  });
}
