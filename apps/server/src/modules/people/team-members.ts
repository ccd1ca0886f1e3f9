import type { TenantContext } from '../../platform/db/tenancy.ts';
import { peopleRepository } from './people.repository.ts';

/**
 * Every user is a team member (spec 2 §2 "Equipe"): the users module calls these inside its own
 * transaction when it creates a user or when the user edits their profile.
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
